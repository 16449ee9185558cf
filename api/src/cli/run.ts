import path from 'node:path';
import { type ApiConfig, ConfigError, loadConfig } from '../config/env.js';
import { openDb } from '../db/connect.js';
import { heldMessage, LockHeld, lockDataDir, readLock } from '../db/lock.js';
import { migrateToLatest } from '../db/migrate.js';
import { createMailer } from '../mail/mailer.js';
import { createRazorpayProvider } from '../payments/provider.js';
import { createServices } from '../services.js';
import { type CommandIo, type CommandName, runCommand } from './commands.js';

const console_: CommandIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

async function runHere(config: ApiConfig, name: CommandName, input: unknown, io: CommandIo, databaseDir: string | null): Promise<number> {
  const database = await openDb(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dir: databaseDir });
  try {
    await migrateToLatest(database.db);
    const services = createServices(database.db, config, {
      payments: createRazorpayProvider(config.razorpay),
      mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir }),
      log: (line) => console.error(line),
    });
    return await runCommand(name, services, input, io);
  } finally {
    await database.close();
  }
}

/** Sends the command to the api that owns the embedded database and prints what it answers. */
async function runThroughApi(config: ApiConfig, apiUrl: string, name: CommandName, input: unknown): Promise<number> {
  if (!config.internalToken) throw new Error('No internal token to reach the running api with');
  const res = await fetch(`${apiUrl}/api/internal/commands/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.internalToken}` },
    body: JSON.stringify(input),
    signal: AbortSignal.timeout(10 * 60_000),
  });
  const body = (await res.json().catch(() => null)) as {
    exitCode?: number;
    lines?: { stream: string; text: string }[];
    message?: string;
  } | null;
  if (!res.ok || !body || typeof body.exitCode !== 'number') {
    console.error(`The running api at ${apiUrl} refused the command (${res.status}): ${body?.message ?? 'no answer'}`);
    return 1;
  }
  for (const line of body.lines ?? []) (line.stream === 'err' ? console.error : console.log)(line.text);
  return body.exitCode;
}

/**
 * Runs a data command from the command line. On PostgreSQL it runs here. On the embedded database
 * it takes the data directory's lock and runs here, or, when a running api owns the files, runs
 * inside that api (so the shop sees the result at once and nothing is lost on its next write);
 * when another command holds them, it says so and exits 1.
 */
export async function runFromCommandLine(name: CommandName, input: unknown, io: CommandIo = console_): Promise<never> {
  // `npm run … --workspace api` runs in api/: DATA_DIR is read from where the command was typed.
  process.env.DATA_DIR = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? '.data');
  // What a command writes in the data folder (the database's files) is its user's alone, as the api's is.
  process.umask(0o077);
  let config: ApiConfig;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : String(err));
    process.exit(2);
  }
  if (config.databaseUrl) process.exit(await runHere(config, name, input, io, null));

  const databaseDir = path.join(config.dataDir, 'pglite');
  let held: LockHeld | null = null;
  for (let waited = 0; ; waited += 250) {
    try {
      const lock = lockDataDir(databaseDir, name);
      try {
        process.exitCode = await runHere(config, name, input, io, databaseDir);
      } finally {
        lock.release();
      }
      process.exit();
    } catch (err) {
      if (!(err instanceof LockHeld)) throw err;
      held = err;
    }
    // An api that is still starting has the lock but no address yet: give it a few seconds.
    const info = readLock(held.file) ?? held.info;
    if (info.apiUrl) {
      console.error(`The shop's api (pid ${info.pid}) owns the embedded database; running ${name} inside it at ${info.apiUrl}.`);
      process.exit(await runThroughApi(config, info.apiUrl, name, input));
    }
    if (info.holder !== 'api' || waited >= 15_000) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  console.error(heldMessage(held, databaseDir));
  process.exit(1);
}
