import type { NewPasskeyBody } from '@digitic/rest-contract';
import type { Resolvers } from '../__generated__/resolvers-types.js';

/** The signed-in staff member's own factors: passkeys, a new authenticator app, a new password. */
export const account: Resolvers = {
  Query: {
    myPasskeys: async (_root, _args, { api }) => (await api.account.passkeys()).passkeys,
  },
  Mutation: {
    passkeyRegistrationOptions: (_root, _args, { api }) => api.account.passkeyRegistrationOptions(),
    // The browser's answer forwarded as sent (JSON): one that is not an object is refused by the api.
    addPasskey: async (_root, { input }, { api }) => (await api.account.addPasskey(input as NewPasskeyBody)).passkeys,
    removePasskey: async (_root, { id }, { api }) => (await api.account.removePasskey(id)).passkeys,
    startAuthenticatorChange: (_root, { currentPassword }, { api }) => api.account.startAuthenticatorChange(currentPassword),
    async finishAuthenticatorChange(_root, { code }, { api }) {
      await api.account.finishAuthenticatorChange(code);
      return true;
    },
    async changePassword(_root, { currentPassword, password }, { api, session }) {
      await api.account.changePassword(currentPassword, password);
      session.clear();
      return true;
    },
  },
  AuthenticatorSetup: { totpUri: (a) => a.uri, totpSecret: (a) => a.secret, totpQrSvg: (a) => a.qrSvg },
};
