import { ApolloServer, type ApolloServerOptionsWithTypeDefs, type ApolloServerPlugin, type BaseContext } from '@apollo/server';
import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import responseCachePlugin from '@apollo/server-plugin-response-cache';
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import cors from 'cors';
import express from 'express';
import { queryCostPlugin } from '../security/query-cost.js';
import { type TrustedDocuments, type TrustedDocumentsMode, trustedDocumentsPlugin } from '../security/trusted-documents.js';

/** The most tokens a GraphQL document may have; longer ones are refused before they are parsed whole. */
export const MAX_TOKENS = 3000;

/** What every schema's context carries: the request's correlation id, and a place for log fields. */
export interface RequestContext extends BaseContext {
  requestId: string;
  requestFields?: Record<string, unknown>;
}

export interface GraphqlServerOptions<C extends RequestContext> {
  typeDefs: string;
  resolvers: ApolloServerOptionsWithTypeDefs<C>['resolvers'];
  /** Apollo's document store and, when `responseCache` is given, the shared answers. */
  cache: KeyValueCache<string>;
  production: boolean;
  introspection: boolean;
  trusted: { documents: TrustedDocuments; mode: TrustedDocumentsMode };
  /** Answers cached for everyone, read and written only for a caller this says is anonymous; none when absent. */
  responseCache?: { anonymous: (context: C) => boolean } | null;
  /** The schema's own plugins (metrics, …), run after the shared ones that guard the document. */
  plugins?: ApolloServerPlugin<C>[];
  /** The embedded explorer on GET in development; none for a schema that must not be browsed. */
  landingPage?: boolean;
}

// Every error carries the request's correlation id; the api logs the same id.
function correlationPlugin<C extends RequestContext>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, contextValue }) {
          if (response.body.kind !== 'single') return;
          const errors = response.body.singleResult.errors;
          if (!errors) return;
          response.body.singleResult.errors = errors.map((e) => ({
            ...e,
            extensions: { ...e.extensions, requestId: contextValue.requestId },
          }));
        },
      };
    },
  };
}

// A customer's answer changes with what they do next (a review, a wishlist heart): the browser keeps none,
// the app's own cache does. Public answers keep their max-age, for the browser and any cache in between.
function privateAnswersNotStored<C extends BaseContext>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.http.headers.get('cache-control')?.includes('private'))
            response.http.headers.set('cache-control', 'private, no-store');
        },
      };
    },
  };
}

/**
 * One GraphQL server with the shop's protections, whatever its schema: the storefront's at /graphql and
 * the back office's at /admin/graphql are both made here, so a limit set once holds for both. Trusted
 * documents first (the others see the document an id stands for), then depth, aliases, directives,
 * tokens and cost, then the correlation id on every error and no internals of a fault in production.
 */
export async function createGraphqlServer<C extends RequestContext>(options: GraphqlServerOptions<C>): Promise<ApolloServer<C>> {
  const armor = new ApolloArmor({
    maxDepth: { n: 7 },
    // Static cost: one store page of 100 products with every field is ~94, the home page ~250.
    costLimit: { maxCost: 1000 },
    maxAliases: { n: 15 },
    // The token limit is graphql-js's own (parseOptions below): armor's parses the document a second time
    // in a plugin hook, where a client's syntax error became a 500.
    maxTokens: { enabled: false },
    maxDirectives: { n: 30 },
    blockFieldSuggestion: { enabled: options.production },
  }).protect();
  const cached = options.responseCache;
  const server = new ApolloServer<C>({
    // A document of more than 3,000 tokens is refused while it is parsed, as a syntax error (400).
    parseOptions: { maxTokens: MAX_TOKENS },
    typeDefs: options.typeDefs,
    resolvers: options.resolvers,
    cache: options.cache,
    introspection: options.introspection,
    // server.ts stops Apollo once the HTTP server has drained: Apollo's own SIGTERM handler would stop
    // it at once and fail every operation still arriving or in flight with a 500 (nginx test caught it).
    stopOnTerminationSignals: false,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    includeStacktraceInErrorResponses: !options.production,
    validationRules: armor.validationRules,
    formatError(formatted) {
      const code = formatted.extensions?.code;
      // Unexpected failures never show their internals in production.
      if (options.production && (code === 'INTERNAL_SERVER_ERROR' || code === undefined)) {
        return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
      }
      return formatted;
    },
    plugins: [
      // First: the others' requestDidStart see the document a trusted id stands for.
      trustedDocumentsPlugin<C>(options.trusted.documents, options.trusted.mode),
      // graphql-armor's typings come from Apollo's CommonJS build; the plugins are the same objects.
      ...(armor.plugins as unknown as ApolloServerPlugin<C>[]),
      queryCostPlugin<C>(),
      ...(options.plugins ?? []),
      correlationPlugin<C>(),
      // Named here (Apollo Server would add it last) so that the headers it writes are seen by the next plugin.
      ApolloServerPluginCacheControl(),
      privateAnswersNotStored<C>(),
      options.production || options.landingPage === false
        ? ApolloServerPluginLandingPageDisabled()
        : ApolloServerPluginLandingPageLocalDefault({ embed: true }),
      ...(!cached
        ? []
        : [
            responseCachePlugin<C>({
              // Only anonymous requests read or fill the shared cache: nothing of one customer reaches another.
              sessionId: async () => null,
              shouldReadFromCache: async ({ contextValue }) => cached.anonymous(contextValue),
              shouldWriteToCache: async ({ contextValue }) => cached.anonymous(contextValue),
            }),
          ]),
    ],
  });
  await server.start();
  return server;
}

/** What a mounted schema needs from the request to build its context. */
export interface RequestFacts {
  req: express.Request;
  res: express.Response;
  requestId: string;
  requestFields: Record<string, unknown>;
}

/**
 * The HTTP side of a schema: CORS (none when no origin is listed), answers that vary with the caller's
 * credentials, a 100 kB body limit, then Apollo's handler with the context built per request.
 */
export function graphqlHandler<C extends RequestContext>(
  server: ApolloServer<C>,
  options: {
    corsOrigins: string[];
    vary: string;
    context: (facts: RequestFacts) => Promise<C> | C;
    /** Runs the rest of the request in a cache scope (what it shows is recorded for the response cache). */
    scope?: (run: () => void) => void;
  },
): express.RequestHandler[] {
  return [
    cors({ origin: options.corsOrigins.length > 0 ? options.corsOrigins : false, credentials: false }),
    // Queries may come as GET and be kept by the browser: one caller's answer is never another's.
    (_req: express.Request, res: express.Response, next: express.NextFunction) => {
      res.vary(options.vary);
      next();
    },
    express.json({ limit: '100kb' }),
    // After the body is read: the scope must hold for Apollo's handling, and a stream's events would lose it.
    (_req: express.Request, _res: express.Response, next: express.NextFunction) => {
      if (options.scope) options.scope(next);
      else next();
    },
    expressMiddleware(server, {
      context: async ({ req, res }) =>
        options.context({
          req,
          res,
          requestId: res.locals.requestId as string,
          requestFields: res.locals.logFields as Record<string, unknown>,
        }),
    }),
  ];
}
