import { SIMULATOR_KEY_ID } from '@digitic/payment-simulator/keys';
import { isTimeZone } from '@digitic/shop-rules/time-zone';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commonSettings, ConfigError, emptyAsUndefined, optionalString as optional, parseSettings, port } from '@digitic/server-kit';
import { z } from 'zod';

export { ConfigError };

const EnvSchema = z.object({
  ...commonSettings,
  PORT: port(4000),
  HOST: z.string().default('0.0.0.0'),
  // The REST api, or several (comma-separated, all on one database): requests take them in turn, and one
  // that is stopping or cannot be reached is left out.
  SHOP_API_URL: z
    .string()
    .default('http://127.0.0.1:4001/api')
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ })).min(1, 'at least one URL')),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // The widget's public key: the api, which holds the key secret, makes the provider's orders.
  RAZORPAY_KEY_ID: optional,
  PAYMENT_SIM_URL: z.url().default('http://127.0.0.1:4002'),
  REDIS_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^rediss?$/ }).optional()),
  // Namespace of every key this shop keeps in Redis (several shops, or test runs, can share one server).
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:-]{1,64}$/, 'letters, digits, _, - and : only')
    .default('digitic'),
  CORS_ORIGINS: z.string().default(''),
  SHOP_NAME: z.string().min(1).default('Digitic'),
  SHOP_PHONE: z.string().min(1).default('+971 4 000 0000'),
  SHOP_EMAIL: z.email().default('support@digitic.example'),
  SHOP_ADDRESS: z.string().min(1).default('Digitic Electronics, Sheikh Zayed Road, Dubai, UAE'),
  // The one time zone every date the storefront writes is told in (an IANA name), on the server and in the browser alike.
  SHOP_TIME_ZONE: z.string().refine(isTimeZone, 'an IANA time zone name, such as Asia/Kolkata').default('Asia/Kolkata'),
  WEB_DIST: optional,
  // The back office's build (admin/dist of the repository when unset).
  ADMIN_DIST: optional,
  // The built server renderer (web/dist-server/entry-server.js beside WEB_DIST when unset); SSR=off serves the plain app.
  WEB_SSR_ENTRY: optional,
  SSR: z.enum(['on', 'off']).default('on'),
  // The shop's public address for canonical links, sitemaps and previews; never taken from a request's Host header.
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  GATEWAY_RESPONSE_CACHE: z.enum(['on', 'off']).default('on'),
  // Schema introspection (__schema, __type): on outside production; off in production unless the shop
  // publishes its schema to other clients this way.
  GRAPHQL_INTROSPECTION: z.enum(['on', 'off']).optional(),
  // The offline GraphQL explorer (GraphiQL) at /graphiql/: on outside production; off in production unless set.
  GRAPHIQL: z.enum(['on', 'off']).optional(),
  // Which documents run (gateway/src/security/trusted-documents.ts): open (any, within the limits), web (the
  // web app only its manifest's, other clients any), only (the manifest's alone). Unset: web in production, else open.
  TRUSTED_DOCUMENTS: z.enum(['open', 'web', 'only']).optional(),
  // The web app's manifest of trusted documents (written by npm run codegen).
  TRUSTED_DOCUMENTS_FILE: optional,
  // Where the explorer's build is (explorer/dist of this repository when unset).
  GRAPHIQL_DIST: optional,
  // How long a server-rendered page is served from the cache before it is rendered again (0: never cached).
  PAGE_CACHE_S: z.coerce.number().int().min(0).max(86_400).default(30),
  // How many pages one gateway renders at once; the rest wait their turn (up to 5 s, then the app shell).
  SSR_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  // How often the api's catalogue change log is read, so cached answers and pages showing what changed are
  // dropped (milliseconds): an edit is on every gateway's pages within about this long.
  CATALOGUE_SYNC_MS: z.coerce.number().int().min(50).max(60_000).default(250),
  // Which proxies in front of the gateway may name the client in X-Forwarded-For (Express "trust proxy"):
  // off (the default: the socket's address is the client, a forged header changes nothing), a hop count,
  // or addresses/subnets such as "loopback" or "10.0.0.0/8".
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().default('off')),
  // Accounts one client address may make (or be told already exist) in an hour. Raise it only where many
  // shoppers really share one address (a test run signing up hundreds of customers from loopback).
  SIGNUP_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(10),
});

/** A path in this repository (the gateway runs from gateway/src or gateway/dist, both two levels down). */
const fromRepository = (relative: string) => fileURLToPath(new URL(`../../../${relative}`, import.meta.url));

export interface GatewayConfig {
  production: boolean;
  port: number;
  host: string;
  /** The first of shopApiUrls (where the gateway waits for an api at start-up). */
  shopApiUrl: string;
  shopApiUrls: string[];
  upstreamTimeoutMs: number;
  razorpay: { keyId: string; simulated: boolean; simulatorUrl: string };
  redisUrl: string | undefined;
  redisPrefix: string;
  corsOrigins: string[];
  /** The shop as the storefront presents it; `timeZone` is the IANA zone every date is told in. */
  shop: { name: string; phone: string; email: string; address: string; timeZone: string };
  webDist: string | undefined;
  /** The server renderer's module, when pages are server-rendered. */
  ssrEntry: string | undefined;
  publicUrl: string;
  responseCache: boolean;
  introspection: boolean;
  trustedDocuments: { mode: 'open' | 'web' | 'only'; file: string };
  /** The back office's trusted documents (admin/'s manifest): in production the only documents /admin/graphql runs. */
  adminTrustedDocumentsFile: string;
  /** The back office's build, served at /admin/ (ADMIN_DIST, or admin/dist of the repository). */
  adminDist: string;
  /** The built GraphiQL explorer served at /graphiql/, when it is on. */
  explorerDist: string | undefined;
  pageCacheSeconds: number;
  /** SSR_CONCURRENCY: pages rendered at once (4). */
  renderConcurrency: number;
  /** CATALOGUE_SYNC_MS: how often the catalogue change log is read (250 ms). */
  catalogueSyncMs: number;
  /** Sign-ups a client address may make in an hour (SIGNUP_LIMIT_PER_CLIENT). */
  signupLimitPerClient: number;
  /** Express's "trust proxy" setting. */
  trustProxy: boolean | number | string;
  metricsToken: string | undefined;
  shutdownTimeoutMs: number;
  nodeEnv: 'development' | 'test' | 'production';
}

/** Reads and checks the gateway's settings once; throws naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const env = parseSettings(EnvSchema, source, 'gateway');
  const production = env.NODE_ENV === 'production';
  if (production && !env.RAZORPAY_KEY_ID) {
    throw new ConfigError('Missing gateway settings:\n  RAZORPAY_KEY_ID (the payment simulator never runs in production)');
  }
  const introspection = (env.GRAPHQL_INTROSPECTION ?? (production ? 'off' : 'on')) === 'on';
  // Unset: on where introspection is on, outside production.
  const explorer = env.GRAPHIQL ? env.GRAPHIQL === 'on' : !production && introspection;
  if (explorer && !introspection) {
    throw new ConfigError(
      'Invalid gateway settings:\n  GRAPHIQL=on needs GRAPHQL_INTROSPECTION=on (the explorer reads the schema by introspection)',
    );
  }
  const simulated = !env.RAZORPAY_KEY_ID;
  const simulatorUrl = env.PAYMENT_SIM_URL.replace(/\/$/, '');
  return {
    production,
    port: env.PORT,
    host: env.HOST,
    shopApiUrl: env.SHOP_API_URL[0] as string,
    shopApiUrls: env.SHOP_API_URL,
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    razorpay: { keyId: env.RAZORPAY_KEY_ID ?? SIMULATOR_KEY_ID, simulated, simulatorUrl },
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    shop: { name: env.SHOP_NAME, phone: env.SHOP_PHONE, email: env.SHOP_EMAIL, address: env.SHOP_ADDRESS, timeZone: env.SHOP_TIME_ZONE },
    webDist: env.WEB_DIST,
    ssrEntry:
      env.WEB_DIST && env.SSR === 'on' ? (env.WEB_SSR_ENTRY ?? path.join(env.WEB_DIST, '..', 'dist-server', 'entry-server.js')) : undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    responseCache: env.GATEWAY_RESPONSE_CACHE === 'on',
    introspection,
    trustedDocuments: {
      mode: env.TRUSTED_DOCUMENTS ?? (production ? 'web' : 'open'),
      file: env.TRUSTED_DOCUMENTS_FILE ?? fromRepository('web/src/__generated__/trusted-documents.json'),
    },
    adminTrustedDocumentsFile: fromRepository('admin/src/__generated__/trusted-documents.json'),
    adminDist: env.ADMIN_DIST ?? fromRepository('admin/dist'),
    explorerDist: explorer ? (env.GRAPHIQL_DIST ?? fromRepository('explorer/dist')) : undefined,
    pageCacheSeconds: env.PAGE_CACHE_S,
    renderConcurrency: env.SSR_CONCURRENCY,
    catalogueSyncMs: env.CATALOGUE_SYNC_MS,
    signupLimitPerClient: env.SIGNUP_LIMIT_PER_CLIENT,
    metricsToken: env.METRICS_TOKEN,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    nodeEnv: env.NODE_ENV,
    trustProxy: env.TRUST_PROXY === 'off' ? false : /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY,
  };
}
