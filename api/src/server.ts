import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { openDb } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './db/seed.js';
import { createMailer } from './mail/mailer.js';
import { drainServer } from './observability/drain.js';
import { createLogger } from './observability/log.js';
import { createRazorpayProvider } from './payments/provider.js';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  fail(err instanceof ConfigError ? err.message : String(err));
}

const logger = createLogger('api', config.nodeEnv);
const log = (line: string, detail?: unknown) => {
  if (detail instanceof Error) logger.error({ err: detail }, line);
  else if (detail === undefined) logger.warn(line);
  else logger.warn({ detail }, line);
};

const target = config.databaseUrl
  ? ({ kind: 'postgres', url: config.databaseUrl } as const)
  : ({ kind: 'pglite', dir: path.join(config.dataDir, 'pglite') } as const);
const database = await openDb(target).catch((err) => fail(`Could not open the database: ${(err as Error).message}`));
await migrateToLatest(database.db).catch((err) => fail((err as Error).message));
if (config.seedDemo) {
  const seeded = await seedDemo(database.db);
  if (seeded.products + seeded.blogs > 0) logger.info(`seeded ${seeded.products} products and ${seeded.blogs} blogs`);
}

let draining = false;
const app = createApp({
  db: database.db,
  dbKind: database.kind,
  config,
  mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir }),
  payments: createRazorpayProvider(config.razorpay),
  log,
  logger,
  draining: () => draining,
  pool: () => database.pool(),
});

const server = app.listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  const where = database.kind === 'pglite' ? `PGlite under ${target.kind === 'pglite' ? target.dir : ''}` : 'PostgreSQL';
  const payments = config.razorpay.simulated ? `payment simulator at ${config.razorpay.apiUrl}` : 'Razorpay';
  logger.info(`REST api at http://localhost:${port}/api/ (${where}; ${payments})`);
});
server.on('error', (err) => fail(`[api] could not listen on ${config.host}:${config.port}: ${err.message}`));

process.on('unhandledRejection', (reason) => log('unhandled rejection', reason));

/**
 * Graceful stop: readiness turns 503, no new connections are taken, the requests in flight finish
 * (for at most SHUTDOWN_TIMEOUT_MS), then the database pool closes.
 */
async function stop(signal: string) {
  if (draining) return;
  draining = true;
  logger.info({ signal }, 'stopping: finishing the requests in flight');
  await drainServer(server, config.shutdownTimeoutMs, logger);
  await database.close().catch(() => {});
  logger.info('stopped');
  logger.flush();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
