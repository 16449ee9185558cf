import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceArgs, serviceEnv } from '../../scripts/service-args.mjs';

// Regression: .data/ was 0755, the embedded database's files (WAL included) readable and mostly writable by
// any local user, and .data/outbox/*.json (0644) held live password-reset links.

const ROOT = path.resolve(import.meta.dirname, '../..');
const PORT = 4871;
const API = `http://127.0.0.1:${PORT}/api`;
let root: string;
let dataDir: string;
let api: ChildProcess;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'digitic-data-folder-'));
  dataDir = path.join(root, '.data');
  // A folder as an earlier version left it: open to everyone.
  mkdirSync(path.join(dataDir, 'outbox'), { recursive: true });
  for (const d of [dataDir, path.join(dataDir, 'outbox')]) chmodSync(d, 0o755);
  writeFileSync(path.join(dataDir, 'outbox', 'old-reset.json'), '{"link":"…"}', { mode: 0o644 });
  api = spawn(process.execPath, serviceArgs('api'), {
    cwd: path.join(ROOT, 'api'),
    // The api's own umask is what is tested: it starts under the usual 022.
    env: serviceEnv({
      ...process.env,
      DATABASE_URL: '',
      API_PORT: String(PORT),
      API_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_SILENT: '1',
    }),
    stdio: 'ignore',
  });
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${API}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the api did not start');
});
afterAll(async () => {
  api?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(root, { recursive: true, force: true });
});

const everything = (dir: string) => [dir, ...readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((p) => path.join(dir, p))];

describe('the data folder of a running api', () => {
  it('is its user’s alone: the database, its WAL, the secrets, the lock and the outbox', async () => {
    const email = `modes.${Date.now()}@example.com`;
    const post = (url: string, body: object) =>
      fetch(`${API}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/user/register', { firstname: 'Asha', email, password: 'longenough1' })).status).toBe(201);
    expect((await post('/user/forgot-password-token', { email })).status).toBe(200);

    const paths = everything(dataDir);
    expect(paths.some((p) => p.includes(`${path.sep}pglite${path.sep}`))).toBe(true);
    expect(paths.some((p) => p.includes('pg_wal'))).toBe(true);
    expect(readdirSync(path.join(dataDir, 'outbox')).length).toBeGreaterThanOrEqual(2);
    const open = paths
      .filter((p) => (statSync(p).mode & 0o077) !== 0)
      .map((p) => `${path.relative(dataDir, p)} ${(statSync(p).mode & 0o777).toString(8)}`);
    expect(open).toEqual([]);
  });
});
