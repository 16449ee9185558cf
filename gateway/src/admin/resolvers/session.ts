import type { EnrolBody, StaffSignInBody } from '@digitic/rest-contract';
import type { GraphQLError } from 'graphql';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { role } from '../enums.js';

/** Signing in and out, `me`, and joining the staff from an invitation. */
export const session: Resolvers = {
  Query: {
    me: async (_root, _args, { api }) => (api.signedIn ? api.session.me().catch(() => null) : null),
    invitation: (_root, { token }, { api }) => api.session.invitation(token),
  },
  Mutation: {
    async signIn(_root, { input }, { api, session }) {
      // Forwarded as the client sent it: a null the api takes none of (code, recoveryCode, passkey) is refused there (400).
      const signedIn = await api.session.signIn(input as StaffSignInBody);
      session.set(signedIn.token, signedIn.csrf);
      return signedIn.staff;
    },
    passkeySignInOptions: (_root, _args, { api }) => api.session.passkeySignInOptions(),
    async signOut(_root, _args, { api, session }) {
      // Ended at the api, or the error: a session the api did not end must not look ended (its cookies stay, to try
      // again). The api's "not signed in" is an ended session.
      if (api.signedIn) {
        await api.session.signOut().catch((err: unknown) => {
          if ((err as GraphQLError).extensions?.code !== 'UNAUTHENTICATED') throw err;
        });
      }
      session.clear();
      return true;
    },
    // Forwarded as sent, as signIn's input is (a null name or email is refused by the api).
    enrol: (_root, { token, input }, { api }) => api.session.enrol(token, input as EnrolBody),
  },
  StaffMember: { role: (s) => role(s.role), permissions: (s) => [...s.permissions] },
  Invitation: { role: (i) => role(i.role), totpUri: (i) => i.totp.uri, totpSecret: (i) => i.totp.secret, totpQrSvg: (i) => i.totp.qrSvg },
};
