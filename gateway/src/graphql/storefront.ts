import type { ApolloServer } from '@apollo/server';
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import type express from 'express';
import { type CatalogueSync, catchUpAfterMutations } from '../cache/catalogue-sync.js';
import type { GatewayConfig } from '../config/env.js';
import type { GatewayContext, makeContext } from '../context.js';
import type { GatewayMetrics } from '../observability/metrics.js';
import { resolvers } from '../resolvers/index.js';
import { trustedDocuments } from '../security/trusted-documents.js';
import { createGraphqlServer, graphqlHandler } from './create-server.js';
import { readSchemaDir } from './schema-files.js';

/** The storefront's schema: schema/storefront/*.graphql, one file a domain. */
export const typeDefs = readSchemaDir(new URL('../../../schema/storefront/', import.meta.url));

/** The storefront's schema served: its trusted documents, Apollo's cache and, when on, anonymous answers shared. */
export function createStorefrontServer(deps: {
  config: GatewayConfig;
  cache: KeyValueCache<string>;
  metrics: GatewayMetrics;
  sync: CatalogueSync;
}) {
  const { config } = deps;
  return createGraphqlServer<GatewayContext>({
    typeDefs,
    resolvers,
    cache: deps.cache,
    production: config.production,
    introspection: config.introspection,
    trusted: { documents: trustedDocuments(config.trustedDocuments.file), mode: config.trustedDocuments.mode },
    responseCache: config.responseCache ? { anonymous: (c) => c.token === null } : null,
    plugins: [deps.metrics.plugin<GatewayContext>(), catchUpAfterMutations(deps.sync)],
  });
}

/** /graphql: answers vary with the customer's token, and what each shows is recorded in a cache scope of its own. */
export function mountStorefrontGraphql(
  app: express.Express,
  deps: {
    server: ApolloServer<GatewayContext>;
    config: GatewayConfig;
    sync: CatalogueSync;
    context: ReturnType<typeof makeContext>;
  },
) {
  const { sync, context } = deps;
  app.use(
    '/graphql',
    ...graphqlHandler(deps.server, {
      corsOrigins: deps.config.corsOrigins,
      vary: 'Authorization',
      scope: (run) => sync.run(sync.newScope(), run),
      context: ({ req, requestId, requestFields }) =>
        context({ authorization: req.get('authorization'), requestId, clientIp: req.ip ?? 'unknown', requestFields }),
    }),
  );
}
