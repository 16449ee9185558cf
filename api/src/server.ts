import { rollUpSearches } from './search/rollup.js';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from './app.js';
import { ATTEMPT_WINDOWS_KEPT_MS } from './auth/attempts.js';
import { privateDataDir } from './config/data-dir.js';
import { ConfigError, loadConfig } from './config/env.js';
import { hostname } from 'node:os';
import { openDb } from './db/connect.js';
import * as jobLease from './db/lease.js';
import { type DataLock, heldMessage, LockHeld, lockDataDir } from './db/lock.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './db/seed.js';
import { createMailer } from './mail/mailer.js';
import { createLogger, drainServer, keepIdleConnections, listen } from '@digitic/server-kit';
import { createRazorpayProvider } from './payments/provider.js';
import { describeReport, releaseLease, takeLease } from './payments/reconcile.js';
import { createServices } from './services.js';
import { announceFirstOwner } from './staff/first-owner-banner.js';
import { pruneChanges } from './catalogue/changes.js';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

// Everything this process writes (the data folder, its secrets, the database, the outbox) is its user's alone.
process.umask(0o077);
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  fail(err instanceof ConfigError ? err.message : String(err));
}

const logger = createLogger('api', config.nodeEnv);
try {
  const { narrowed } = privateDataDir(config.dataDir);
  if (narrowed.length > 0)
    logger.warn(`the data folder ${config.dataDir} was open to other users: ${narrowed.length} modes narrowed to its owner's`);
} catch (err) {
  fail(`The data folder ${config.dataDir} could not be made private: ${(err as Error).message}`);
}
const log = (line: string, detail?: unknown) => {
  if (detail instanceof Error) logger.error({ err: detail }, line);
  else if (detail === undefined) logger.warn(line);
  else logger.warn({ detail }, line);
};

const target = config.databaseUrl
  ? ({ kind: 'postgres', url: config.databaseUrl } as const)
  : ({ kind: 'pglite', dir: path.join(config.dataDir, 'pglite') } as const);
// The embedded database belongs to one process: a second api, or a command, on the same files is refused.
let lock: DataLock | null = null;
if (target.kind === 'pglite') {
  try {
    lock = lockDataDir(target.dir, 'api');
  } catch (err) {
    if (err instanceof LockHeld) fail(heldMessage(err, target.dir));
    throw err;
  }
}
const database = await openDb(target).catch((err) => fail(`Could not open the database: ${(err as Error).message}`));
await migrateToLatest(database.db).catch((err) => fail((err as Error).message));
if (config.seedDemo) {
  const seeded = await seedDemo(database.db);
  if (seeded.products + seeded.blogs > 0) logger.info(`seeded ${seeded.products} products and ${seeded.blogs} blogs`);
}
if (target.kind === 'pglite') {
  // PGlite (Emscripten's file system) makes its files 0666 whatever the umask. Its folders are 0700, so nobody
  // else can reach them; the files are narrowed too, now and every minute, should a folder ever be opened up.
  const narrow = () => {
    try {
      privateDataDir(config.dataDir);
    } catch (err) {
      log('the data folder could not be narrowed', err);
    }
  };
  narrow();
  setInterval(narrow, 60_000).unref();
}

let draining = false;
// Every service, built once and shared by the HTTP app and this process's timers.
const services = createServices(database.db, config, {
  payments: createRazorpayProvider(config.razorpay),
  mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir }),
  log,
  pool: () => database.pool(),
});

// Attempt windows that are over count for nothing: dropped every hour, from every api (a delete of old rows, harmless twice).
setInterval(() => {
  services.attempts.prune(ATTEMPT_WINDOWS_KEPT_MS).catch((err: unknown) => log('old attempt windows could not be dropped', err));
}, 60 * 60_000).unref();

// The catalogue's change log keeps an hour (gateways read it every fraction of a second): older changes dropped every ten minutes.
setInterval(() => {
  pruneChanges(database.db).catch((err: unknown) => log('old catalogue changes could not be dropped', err));
}, 10 * 60_000).unref();

// The search log's single searches of days gone become one row per day and query; roll-ups older than
// SEARCH_LOG_DAYS are dropped. Every hour, from every api (a transaction under a lock: harmless twice).
const rollUp = () =>
  rollUpSearches(database.db, config.searchLogDays).catch((err: unknown) => log('the search log could not be rolled up', err));
void rollUp();
setInterval(rollUp, 60 * 60_000).unref();
// Mail kept in the outbox (no SMTP_URL) goes after OUTBOX_DAYS: it holds addresses, invoices and reset links.
const pruneOutbox = () =>
  services.mailer.prune(config.outboxDays * 24 * 60 * 60_000).catch((err: unknown) => log('old outbox mail could not be removed', err));
void pruneOutbox();
setInterval(pruneOutbox, 60 * 60_000).unref();

const app = createApp({
  ...services,
  services,
  dbKind: database.kind,
  logger,
  draining: () => draining,
  pool: () => database.pool(),
  backup: database.dump,
});

const server = await listen(app, config.port, config.host, 'API_PORT').catch((err: Error) => fail(`[api] ${err.message}`));
{
  const { port } = server.address() as AddressInfo;
  const where = database.kind === 'pglite' ? `PGlite under ${target.kind === 'pglite' ? target.dir : ''}` : 'PostgreSQL';
  const provider = config.razorpay.simulated ? `payment simulator at ${config.razorpay.apiUrl}` : 'Razorpay';
  logger.info(`REST api at http://localhost:${port}/api/ (${where}; ${provider})`);
  // Commands typed while the shop runs find the api here (see cli/run.ts).
  const local = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  lock?.update(`http://${local.includes(':') ? `[${local}]` : local}:${port}`);
}
keepIdleConnections(server);

const FIRST_OWNER_LEASE = 'staff:first-owner';

// No default staff account, ever: a shop nobody can run yet prints a one-time link for its first owner
// (not in production, whose logs others may read: there the operator runs npm run staff:invite).
if (config.nodeEnv === 'production') {
  if (!(await services.staff.hasActiveOwner().catch(() => true))) {
    logger.warn('No one can run this shop yet: invite its first owner with npm run staff:invite -- --email=<address> --role=owner');
  }
} else if (config.nodeEnv !== 'test' && !(await services.staff.hasActiveOwner().catch(() => true))) {
  // Several apis starting together (start:cluster, compose) print one link between them: each new link
  // voids the last, so only the instance that takes the lease issues one; a restart minutes later issues a fresh one.
  const holder = `first-owner:${process.pid}:${randomUUID()}`;
  const mine = await jobLease.takeLease(database.db, FIRST_OWNER_LEASE, holder, 30, 120).catch(() => false);
  const first = mine
    ? await services.staff
        .inviteFirstOwner()
        .catch((err: unknown) => {
          log('the first owner could not be invited', err);
          return null;
        })
        .finally(() => jobLease.releaseLease(database.db, FIRST_OWNER_LEASE, holder).catch(() => undefined))
    : null;
  if (!mine) {
    logger.warn(
      "No one can run this shop yet. Another instance of the api has just printed the first owner's one-time link in its log " +
        '(or invite someone with npm run staff:invite -- --email=<address> --role=owner)',
    );
  }
  if (first) {
    announceFirstOwner({ ...first, webUrl: config.webUrl, hasActiveOwner: () => services.staff.hasActiveOwner(), logger });
  }
}

process.on('unhandledRejection', (reason) => log('unhandled rejection', reason));

// Reconciliation for webhooks that never came: one runner at a time across every api (a lease row).
const { metrics } = services;
const holder = `api@${hostname()}:${process.pid}`;
let reconciling: Promise<void> | null = null;
async function reconcileOnce() {
  if (draining) return;
  const interval = config.reconcile.intervalSeconds;
  if (!(await takeLease(database.db, holder, Math.max(60, interval * 5), Math.floor(interval / 2)).catch(() => false))) {
    metrics.reconciliation('skipped');
    return;
  }
  try {
    const report = await services.reconcile();
    metrics.reconciliation('ran', report);
    if (report.checked + report.refunds + report.confirmations + report.notices > 0 || report.errors.length > 0) {
      logger.info({ reconcile: report }, `reconciliation: ${describeReport(report)}`);
    }
  } catch (err) {
    metrics.reconciliation('failed');
    log('reconciliation failed', err);
  } finally {
    await releaseLease(database.db, holder).catch(() => {});
  }
}
if (config.reconcile.intervalSeconds > 0) {
  const timer = setInterval(() => {
    reconciling ??= reconcileOnce().finally(() => {
      reconciling = null;
    });
  }, config.reconcile.intervalSeconds * 1000);
  timer.unref();
}

// Gateways with several apis ask each for readiness every second (gateway/src/datasources/http.ts).
let readinessAskedAt = 0;
// Before Express: its router rewrites req.url ('/ready') while it routes.
server.prependListener('request', (req: { url?: string }) => {
  if (req.url === '/api/ready') readinessAskedAt = Date.now();
});
/** Long enough for everyone who asks for readiness to have seen the 503 and sent their requests elsewhere. */
const READINESS_NOTICE_MS = 2_000;

/**
 * Graceful stop: readiness turns 503 (and, when something asks for it, stays so a moment before the
 * connections close, so that no request is sent on one being closed), no new connections are taken,
 * the requests in flight finish (for at most SHUTDOWN_TIMEOUT_MS), then the database pool closes.
 */
async function stop(signal: string) {
  if (draining) return;
  draining = true;
  logger.info({ signal }, 'stopping: finishing the requests in flight');
  if (Date.now() - readinessAskedAt < 5_000) await new Promise((resolve) => setTimeout(resolve, READINESS_NOTICE_MS));
  await drainServer(server, config.shutdownTimeoutMs, logger);
  await reconciling;
  await database.close().catch(() => {});
  lock?.release();
  logger.info('stopped');
  logger.flush();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
