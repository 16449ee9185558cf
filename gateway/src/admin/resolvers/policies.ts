import type { Resolvers } from '../__generated__/resolvers-types.js';
import { POLICY_SLUGS, policyPage } from '../../resolvers/support/policies.js';

/** The shop's policy pages (the owner's). */
export const policies: Resolvers = {
  Query: {
    policyPages: async (_root, _args, { api }) => (await api.policies.list()).map((p) => ({ ...policyPage(p), versions: null })),
    policyPage: async (_root, { page }, { api }) => policyPage(await api.policies.get(POLICY_SLUGS[page])),
  },
  Mutation: {
    updatePolicyPage: async (_root, { page, version, html }, { api }) =>
      policyPage(await api.policies.save(POLICY_SLUGS[page], version, html)),
  },
};
