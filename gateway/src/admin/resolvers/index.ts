import { GraphQLScalarType } from 'graphql';
import type { MutationResolvers, QueryResolvers, Resolvers } from '../__generated__/resolvers-types.js';
import { account } from './account.js';
import { audit } from './audit.js';
import { blogs } from './blogs.js';
import { catalogue } from './catalogue.js';
import { complaints } from './complaints.js';
import { coupons } from './coupons.js';
import { customers } from './customers.js';
import { enquiries } from './enquiries.js';
import { orders } from './orders.js';
import { returns } from './returns.js';
import { reviews } from './reviews.js';
import { session } from './session.js';
import { shopSettings } from './settings.js';
import { policies } from './policies.js';
import { reports } from './reports.js';
import { search } from './search.js';
import { SIGNED_OUT, signedInOnly } from './signed-in.js';
import { staff } from './staff.js';

// One file a domain, each with its root fields and the types it answers; merged here, where the signed-in check
// is applied to every root field once (signed-in.ts names the few that run signed out).

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Anything JSON',
  serialize: (v) => v,
  parseValue: (v) => v,
});

const DOMAINS: Resolvers[] = [
  session,
  account,
  staff,
  orders,
  returns,
  customers,
  audit,
  catalogue,
  blogs,
  reviews,
  enquiries,
  complaints,
  coupons,
  shopSettings,
  policies,
  reports,
  search,
];

/** The domains' resolvers as one map; a field two domains resolve is a fault. */
function merged(domains: Resolvers[]): Record<string, Record<string, unknown>> {
  const all: Record<string, Record<string, unknown>> = {};
  for (const domain of domains) {
    for (const [type, fields] of Object.entries(domain) as [string, Record<string, unknown>][]) {
      const into = (all[type] ??= {});
      for (const [name, resolve] of Object.entries(fields)) {
        if (Object.hasOwn(into, name)) throw new Error(`${type}.${name} is resolved by two domains`);
        into[name] = resolve;
      }
    }
  }
  return all;
}

const { Query, Mutation, ...types } = merged(DOMAINS);

/** The back office's resolvers: one to three lines each, the api decides every rule and permission; these only carry the answer. */
export const adminResolvers: Resolvers = {
  ...types,
  JSON: JSONScalar,
  Query: signedInOnly(Query as QueryResolvers, SIGNED_OUT.Query),
  Mutation: signedInOnly(Mutation as MutationResolvers, SIGNED_OUT.Mutation),
};
