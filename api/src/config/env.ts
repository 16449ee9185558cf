import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SIMULATOR_KEY_ID, SIMULATOR_KEY_SECRET, SIMULATOR_WEBHOOK_SECRET } from '@digitic/payment-simulator/keys';
import { commonSettings, ConfigError, emptyAsUndefined, optionalSecret, optionalString, parseSettings, port } from '@digitic/server-kit';
import { gstinProblem, gstState } from '@digitic/shop-rules';
import { z } from 'zod';

export { ConfigError };

const EnvSchema = z.object({
  ...commonSettings,
  API_PORT: port(4001),
  API_HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  JWT_SECRET: optionalSecret(32),
  WEB_URL: z.url().default('http://localhost:4000'),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default('Digitic <no-reply@digitic.local>'),
  // Without SMTP_URL mail is kept as files in DATA_DIR/outbox: for development and the demo; production asks for it
  // by name (MAIL_OUTBOX=keep), for the messages hold addresses, invoices and live reset links.
  MAIL_OUTBOX: z.preprocess(emptyAsUndefined, z.enum(['keep'], { error: 'MAIL_OUTBOX is keep or unset' }).optional()),
  // How many days a message stays in the outbox before the hourly pass removes it.
  OUTBOX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_API_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  PAYMENT_SIM_URL: z.url().default('http://127.0.0.1:4002'),
  // Razorpay signs each webhook with this (Dashboard → Webhooks); required in production with real keys.
  RAZORPAY_WEBHOOK_SECRET: optionalSecret(8),
  // After changing the secret in the dashboard, Razorpay retries older events signed with the old one.
  RAZORPAY_WEBHOOK_SECRET_PREVIOUS: optionalSecret(8),
  // Webhook events older than this are refused as stale replays (Razorpay retries for 24 hours).
  WEBHOOK_MAX_AGE_S: z.coerce
    .number()
    .int()
    .min(60)
    .default(48 * 3600),
  // Reconciliation: how often it runs inside the api (0: never), when an unpaid checkout is asked
  // about at the provider, and when one with no payment expires.
  RECONCILE_INTERVAL_S: z.coerce.number().int().min(0).max(86_400).default(60),
  RECONCILE_AFTER_S: z.coerce.number().int().min(0).default(180),
  CHECKOUT_EXPIRY_S: z.coerce.number().int().min(0).default(1800),
  // Bearer token of the api's internal commands (catalogue:import, payments:* while the shop runs).
  INTERNAL_TOKEN: optionalSecret(32),
  // Which proxies (the gateways) may name the client in X-Forwarded-For, as Express's "trust proxy" reads it:
  // loopback by default; in Docker, the gateways' network (uniquelocal, or their subnet).
  API_TRUST_PROXY: z.string().min(1).default('loopback'),
  SHOP_NAME: z.string().min(1).max(60).default('Digitic'),
  // The shop's support address (the gateway's SHOP_EMAIL too): a reply to an enquiry names it as Reply-To.
  SHOP_EMAIL: z.email().default('support@digitic.example'),
  // The days after delivery a shopper may ask for a return (the shop advertises "Free returns within 14 days").
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  // How many days the search log's daily figures are kept (single searches are rolled up into them after a day).
  SEARCH_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  // Contact-form messages one client address may send in an hour. Raise it only where many people really share
  // one address (a test run whose every journey writes from loopback).
  ENQUIRY_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(5),
  // The seller as a tax invoice names it (CGST Rules, rule 46): legal name, address, GST registration and the state
  // it is in (what decides CGST + SGST or IGST). Required in production; outside it, demo values that say so.
  SELLER_LEGAL_NAME: optionalString,
  SELLER_ADDRESS: optionalString,
  SELLER_STATE: optionalString,
  SELLER_GSTIN: optionalString,
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(1_000_000).default(5),
  // Uploaded photos: where their files live (the database, or an S3-compatible bucket), and the upload limits.
  PHOTO_STORAGE: z.enum(['database', 's3']).default('database'),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  PHOTO_MAX_MB: z.coerce.number().min(1).max(50).default(10),
  PHOTO_MAX_MEGAPIXELS: z.coerce.number().min(1).max(100).default(40),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export interface ApiConfig {
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  webUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  /** Days a message stays in the outbox (when there is no SMTP_URL). */
  outboxDays: number;
  razorpay: {
    keyId: string;
    keySecret: string;
    apiUrl: string;
    simulated: boolean;
    webhookSecret: string | undefined;
    /** The secret before the last change, still accepted for events Razorpay retries. */
    previousWebhookSecret: string | undefined;
  };
  webhookMaxAgeSeconds: number;
  reconcile: { intervalSeconds: number; afterSeconds: number; expireAfterSeconds: number };
  internalToken: string | undefined;
  shopName: string;
  /** SHOP_EMAIL: the support address customers' answers go to (Reply-To of the shop's replies). */
  shopEmail: string;
  returnWindowDays: number;
  /** Days the search log's daily roll-ups are kept. */
  searchLogDays: number;
  /** ENQUIRY_LIMIT_PER_CLIENT: contact-form messages one client address may send in an hour (5). */
  enquiryLimitPerClient: number;
  /** The seller a tax invoice names (SELLER_*); `demo` while the demo's made-up details stand in. */
  seller: Seller;
  /** LOW_STOCK_THRESHOLD: a colour with this many units or fewer is on the dashboard's low-stock list (5). */
  lowStockThreshold: number;
  /** Uploaded photos: PHOTO_STORAGE and, for s3, the bucket; PHOTO_MAX_MB and PHOTO_MAX_MEGAPIXELS. */
  photos: {
    storage: 'database' | 's3';
    s3: { bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string } | null;
    maxBytes: number;
    maxPixels: number;
  };
  seedDemo: boolean;
  metricsToken: string | undefined;
  /** Express's "trust proxy": which proxies may name the client in X-Forwarded-For. */
  trustProxy: string;
  shutdownTimeoutMs: number;
}

/** Reads and checks the api's settings once; throws naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): ApiConfig {
  const env = parseSettings(EnvSchema, source, 'api');
  const production = env.NODE_ENV === 'production';
  const missing: string[] = [];
  if (production && !env.JWT_SECRET) missing.push('JWT_SECRET (at least 32 characters)');
  if (production && (!env.RAZORPAY_KEY_ID || !env.RAZORPAY_KEY_SECRET)) {
    missing.push('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET (the payment simulator never runs in production)');
  }
  if (production && env.RAZORPAY_KEY_ID && !env.RAZORPAY_WEBHOOK_SECRET) {
    missing.push("RAZORPAY_WEBHOOK_SECRET (the secret of the shop's webhook in Razorpay's dashboard)");
  }
  if (production && !env.SMTP_URL && env.MAIL_OUTBOX !== 'keep') {
    missing.push(
      'SMTP_URL (the mail server the shop sends through: confirmations, tax invoices, reset links), or MAIL_OUTBOX=keep to keep mail as files in DATA_DIR/outbox for OUTBOX_DAYS',
    );
  }
  if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
    missing.push('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together');
  }
  if (env.PHOTO_STORAGE === 's3' && !env.S3_BUCKET) missing.push('S3_BUCKET (PHOTO_STORAGE=s3 keeps photos in that bucket)');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    missing.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const seller = sellerOf(env, production, missing);
  if (missing.length > 0) throw new ConfigError(`Missing api settings:\n  ${missing.join('\n  ')}`);

  const simulated = !env.RAZORPAY_KEY_ID;
  const simApi = `${env.PAYMENT_SIM_URL.replace(/\/$/, '')}`;
  return {
    nodeEnv: env.NODE_ENV,
    port: env.API_PORT,
    host: env.API_HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET ?? localSecret(env.DATA_DIR, 'jwt-secret'),
    webUrl: env.WEB_URL.replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    outboxDir: path.join(env.DATA_DIR, 'outbox'),
    outboxDays: env.OUTBOX_DAYS,
    razorpay: simulated
      ? {
          keyId: SIMULATOR_KEY_ID,
          keySecret: SIMULATOR_KEY_SECRET,
          apiUrl: env.RAZORPAY_API_URL ?? simApi,
          simulated,
          webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? SIMULATOR_WEBHOOK_SECRET,
          previousWebhookSecret: env.RAZORPAY_WEBHOOK_SECRET_PREVIOUS,
        }
      : {
          keyId: env.RAZORPAY_KEY_ID as string,
          keySecret: env.RAZORPAY_KEY_SECRET as string,
          apiUrl: env.RAZORPAY_API_URL ?? 'https://api.razorpay.com',
          simulated,
          webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
          previousWebhookSecret: env.RAZORPAY_WEBHOOK_SECRET_PREVIOUS,
        },
    webhookMaxAgeSeconds: env.WEBHOOK_MAX_AGE_S,
    reconcile: {
      intervalSeconds: env.RECONCILE_INTERVAL_S,
      afterSeconds: env.RECONCILE_AFTER_S,
      expireAfterSeconds: env.CHECKOUT_EXPIRY_S,
    },
    // Only the embedded database needs it (commands reach the api that owns the files); PostgreSQL takes commands directly.
    internalToken: env.INTERNAL_TOKEN ?? (env.DATABASE_URL ? undefined : localSecret(env.DATA_DIR, 'internal-token')),
    shopName: env.SHOP_NAME,
    shopEmail: env.SHOP_EMAIL,
    returnWindowDays: env.RETURN_WINDOW_DAYS,
    searchLogDays: env.SEARCH_LOG_DAYS,
    enquiryLimitPerClient: env.ENQUIRY_LIMIT_PER_CLIENT,
    seller,
    lowStockThreshold: env.LOW_STOCK_THRESHOLD,
    photos: {
      storage: env.PHOTO_STORAGE,
      s3:
        env.PHOTO_STORAGE === 's3'
          ? {
              bucket: env.S3_BUCKET as string,
              region: env.S3_REGION,
              ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
              ...(env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : {}),
            }
          : null,
      maxBytes: Math.round(env.PHOTO_MAX_MB * 1024 * 1024),
      maxPixels: Math.round(env.PHOTO_MAX_MEGAPIXELS * 1_000_000),
    },
    seedDemo: env.SEED_DEMO,
    metricsToken: env.METRICS_TOKEN,
    trustProxy: env.API_TRUST_PROXY,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  };
}

/** The seller a tax invoice names. */
export interface Seller {
  legalName: string;
  address: string;
  /** Its state's name, as GST_STATES spells it. */
  state: string;
  gstin: string;
  /** True while the demo's made-up details stand in (never in production). */
  demo: boolean;
}

/** The demo's seller: made up, and saying so on every invoice (the GSTIN's check character is right, its PAN is no one's). */
export const DEMO_SELLER: Seller = {
  legalName: 'Digitic Electronics Private Limited (demo details: not a real business)',
  address: 'Unit 4, Demo Business Park, S G Highway, Ahmedabad 380054, Gujarat, India',
  state: 'Gujarat',
  gstin: '24AAACD1234F1ZD',
  demo: true,
};

/** The seller from SELLER_*, checked: all four in production, a state GST knows, and a GSTIN of that state. */
function sellerOf(env: z.output<typeof EnvSchema>, production: boolean, missing: string[]): Seller {
  const given = { legalName: env.SELLER_LEGAL_NAME, address: env.SELLER_ADDRESS, state: env.SELLER_STATE, gstin: env.SELLER_GSTIN };
  const unset = Object.entries({
    SELLER_LEGAL_NAME: given.legalName,
    SELLER_ADDRESS: given.address,
    SELLER_STATE: given.state,
    SELLER_GSTIN: given.gstin,
  })
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (production && unset.length > 0) {
    missing.push(`${unset.join(', ')} (the seller a tax invoice names: legal name, address, state and GSTIN)`);
  }
  const seller: Seller = {
    legalName: given.legalName ?? DEMO_SELLER.legalName,
    address: given.address ?? DEMO_SELLER.address,
    state: DEMO_SELLER.state,
    gstin: (given.gstin ?? DEMO_SELLER.gstin).toUpperCase(),
    demo: unset.length > 0,
  };
  const state = gstState(given.state ?? DEMO_SELLER.state);
  if (!state) missing.push(`SELLER_STATE is "${given.state}": not an Indian state or union territory GST knows (say "Gujarat" or "24")`);
  else seller.state = state.name;
  const problem = gstinProblem(seller.gstin);
  if (problem) missing.push(`SELLER_GSTIN: ${problem}`);
  else if (state && seller.gstin.slice(0, 2) !== state.code) {
    missing.push(
      `SELLER_GSTIN starts with ${seller.gstin.slice(0, 2)}, but ${state.name}'s code is ${state.code}: a GSTIN is of the state it is registered in`,
    );
  }
  return seller;
}

// A secret not given gets a random one kept under the data folder (mode 0600): outside production
// for JWT_SECRET, so sign-ins survive restarts without a well-known default; always for the internal
// token, which the data commands read from the same folder to reach the api that owns it.
function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
