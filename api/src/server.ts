import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { openDb } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './db/seed.js';
import { createMailer } from './mail/mailer.js';
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

const log = (line: string, detail?: unknown) => {
  const extra = detail instanceof Error ? ` ${detail.stack ?? detail.message}` : detail === undefined ? '' : ` ${JSON.stringify(detail)}`;
  console.error(`[api] ${line}${extra}`);
};

const target = config.databaseUrl
  ? ({ kind: 'postgres', url: config.databaseUrl } as const)
  : ({ kind: 'pglite', dir: path.join(config.dataDir, 'pglite') } as const);
const database = await openDb(target).catch((err) => fail(`Could not open the database: ${(err as Error).message}`));
await migrateToLatest(database.db).catch((err) => fail((err as Error).message));
if (config.seedDemo) {
  const seeded = await seedDemo(database.db);
  if (seeded.products + seeded.blogs > 0) console.log(`[api] seeded ${seeded.products} products and ${seeded.blogs} blogs`);
}

const app = createApp({
  db: database.db,
  dbKind: database.kind,
  config,
  mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir }),
  payments: createRazorpayProvider(config.razorpay),
  log,
});

const server = app.listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  const where = database.kind === 'pglite' ? `PGlite under ${target.kind === 'pglite' ? target.dir : ''}` : 'PostgreSQL';
  const payments = config.razorpay.simulated ? `payment simulator at ${config.razorpay.apiUrl}` : 'Razorpay';
  console.log(`[api] REST api at http://localhost:${port}/api/ (${where}; ${payments})`);
});
server.on('error', (err) => fail(`[api] could not listen on ${config.host}:${config.port}: ${err.message}`));

process.on('unhandledRejection', (reason) => log('unhandled rejection', reason));

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.closeIdleConnections();
  server.close();
  await database.close().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
