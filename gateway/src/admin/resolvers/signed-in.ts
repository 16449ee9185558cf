import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import type { Mutation, MutationResolvers, Query, QueryResolvers } from '../__generated__/resolvers-types.js';
import type { AdminContext } from '../context.js';

type RootField<T> = Exclude<keyof T, '__typename'>;

/**
 * The root fields the gateway runs for a caller without a staff session. Every other Query and Mutation field
 * refuses such a caller (UNAUTHENTICATED, 401) before it asks the api: resolvers/index.ts applies signedInOnly
 * to both root types, and it checks that each name here is one of their fields.
 */
export const SIGNED_OUT = {
  // me answers null when signed out; roles are the shop's own table.
  Query: ['me', 'invitation', 'roles'],
  Mutation: [
    // Signing in and out, and enrolling from an invitation: these must work without a session.
    'signIn',
    'passkeySignInOptions',
    'signOut',
    'enrol',
  ],
} as const satisfies { Query: readonly RootField<Query>[]; Mutation: readonly RootField<Mutation>[] };

export const notSignedIn = () =>
  new GraphQLError('Sign in to the back office', { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });

type Field = (parent: unknown, args: unknown, context: AdminContext, info: GraphQLResolveInfo) => unknown;

/** A root type's fields, every one but those named in `open` refusing a caller without a staff session. */
export function signedInOnly<R extends QueryResolvers | MutationResolvers>(fields: R, open: readonly string[]): R {
  for (const name of open)
    if (!Object.hasOwn(fields, name)) throw new Error(`${name} is listed as open to the signed out, but is no field`);
  return Object.fromEntries(
    Object.entries(fields).map(([name, resolve]) => {
      if (typeof resolve !== 'function') throw new Error(`${name}: a root field is resolved by a function`);
      if (open.includes(name)) return [name, resolve];
      const guarded: Field = (parent, args, context, info) => {
        if (!context.api.signedIn) throw notSignedIn();
        return (resolve as Field)(parent, args, context, info);
      };
      return [name, guarded];
    }),
  ) as R;
}
