import type { ApolloServer } from '@apollo/server';
import type { Execute } from '@digitic/web/server-contract';
import { type DocumentNode, print } from 'graphql';
import type { GatewayContext, makeContext } from '../context.js';

// The web app's documents are module constants: each is printed once, not on every page.
const printedDocuments = new WeakMap<DocumentNode, string>();
function printed(document: DocumentNode): string {
  let text = printedDocuments.get(document);
  if (text === undefined) {
    text = print(document);
    printedDocuments.set(document, text);
  }
  return text;
}

/**
 * The runner of the server-rendered pages' queries: in this process, through the same schema, limits and
 * cache as /graphql. One context (so one set of DataLoaders) for all the queries of one page.
 */
export function inProcessExecutor(server: ApolloServer<GatewayContext>, context: ReturnType<typeof makeContext>) {
  return (requestId?: string): Execute => {
    const contextValue = context({ requestId });
    return async ({ query, variables, operationName }) => {
      // As text, so Apollo's document store answers with the parsed and validated query after the first time.
      const response = await server.executeOperation({ query: printed(query), variables, operationName }, { contextValue });
      if (response.body.kind !== 'single') throw new Error('Incremental delivery is not used by the shop');
      return response.body.singleResult;
    };
  };
}
