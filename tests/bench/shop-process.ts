import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { LAUNCHER_ARGS } from '../../scripts/service-args.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Debian's Chromium, headless-ready: no sandbox (root), and none of its calls to Google's services. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** `npm start` as built (SKIP_BUILD=1) on `port` (api on port+1, simulator on port+2), embedded database in `dataDir`. */
export function startShop(port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [...LAUNCHER_ARGS, 'scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      SKIP_BUILD: '1',
      PORT: String(port),
      API_PORT: String(port + 1),
      PAYMENT_SIM_PORT: String(port + 2),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Resolves once `url` answers 2xx; throws after `seconds`. */
export async function waitFor(url: string, init?: RequestInit, seconds = 60): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      if ((await fetch(url, init)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not come up in ${seconds} s`);
}
