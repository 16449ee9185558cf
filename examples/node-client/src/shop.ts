import type { TypedDocumentString } from './__generated__/graphql.js';

/** A GraphQL error as the gateway answers it: a message for people, a code for programs. */
export class ShopError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

interface Answer<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** Sends one typed operation to the shop's /graphql; its answer is typed by the document. */
export function shopClient(shop: string) {
  const endpoint = new URL('/graphql', shop);
  let token: string | null = null;
  return {
    signedIn(newToken: string) {
      token = newToken;
    },
    async send<Result, Variables>(document: TypedDocumentString<Result, Variables>, variables: Variables): Promise<Result> {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json',
          'apollographql-client-name': 'digitic-example-node-client',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query: document.toString(), variables }),
      });
      const answer = (await res.json()) as Answer<Result>;
      const first = answer.errors?.[0];
      if (first) throw new ShopError(first.message, first.extensions?.code);
      if (!answer.data) throw new ShopError(`The shop answered ${res.status} with no data`, undefined);
      return answer.data;
    },
  };
}
