import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SIMULATOR_KEY_ID, SIMULATOR_KEY_SECRET } from '@digitic/payment-simulator/keys';
import { z } from 'zod';

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  API_HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  WEB_URL: z.url().default('http://localhost:4000'),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default('Digitic <no-reply@digitic.local>'),
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_API_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  PAYMENT_SIM_URL: z.url().default('http://127.0.0.1:4002'),
  // Bearer token for GET /metrics; in production /metrics exists only when it is set.
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  // How long a stopping api waits for the requests in flight before it closes anyway.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
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
  razorpay: { keyId: string; keySecret: string; apiUrl: string; simulated: boolean };
  seedDemo: boolean;
  metricsToken: string | undefined;
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {}

/** Reads and checks the api's settings once; throws naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid api settings:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const missing: string[] = [];
  if (production && !env.JWT_SECRET) missing.push('JWT_SECRET (at least 32 characters)');
  if (production && (!env.RAZORPAY_KEY_ID || !env.RAZORPAY_KEY_SECRET)) {
    missing.push('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET (the payment simulator never runs in production)');
  }
  if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
    missing.push('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together');
  }
  if (missing.length > 0) throw new ConfigError(`Missing api settings:\n  ${missing.join('\n  ')}`);

  const simulated = !env.RAZORPAY_KEY_ID;
  const simApi = `${env.PAYMENT_SIM_URL.replace(/\/$/, '')}`;
  return {
    nodeEnv: env.NODE_ENV,
    port: env.API_PORT,
    host: env.API_HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET ?? developmentJwtSecret(env.DATA_DIR),
    webUrl: env.WEB_URL.replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    outboxDir: path.join(env.DATA_DIR, 'outbox'),
    razorpay: simulated
      ? { keyId: SIMULATOR_KEY_ID, keySecret: SIMULATOR_KEY_SECRET, apiUrl: env.RAZORPAY_API_URL ?? simApi, simulated }
      : {
          keyId: env.RAZORPAY_KEY_ID as string,
          keySecret: env.RAZORPAY_KEY_SECRET as string,
          apiUrl: env.RAZORPAY_API_URL ?? 'https://api.razorpay.com',
          simulated,
        },
    seedDemo: env.SEED_DEMO,
    metricsToken: env.METRICS_TOKEN,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  };
}

// Outside production a missing JWT_SECRET gets a random one kept under the data folder,
// so sign-ins survive restarts without a well-known default secret.
function developmentJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
