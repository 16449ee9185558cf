import { z } from 'zod';

/** A setting given as an empty string counts as not given (compose files and .env files write `X=`). */
export const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
export const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
export const optionalSecret = (minLength: number) =>
  z.preprocess(emptyAsUndefined, z.string().min(minLength, `must be at least ${minLength} characters`).optional());
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** The settings every server reads the same way. */
export const commonSettings = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  // Bearer token for GET /metrics; in production /metrics exists only when it is set.
  METRICS_TOKEN: optionalSecret(16),
  // How long a stopping server waits for the requests in flight before it closes anyway.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(['json', 'pretty']).optional()),
};

/** A setting that is missing or wrong; its message names every variable at fault. */
export class ConfigError extends Error {}

/** Parses `source` with `schema`, or throws a ConfigError naming each bad variable. */
export function parseSettings<S extends z.ZodType>(schema: S, source: NodeJS.ProcessEnv, service: string): z.output<S> {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid ${service} settings:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
