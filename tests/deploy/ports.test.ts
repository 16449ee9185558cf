import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceArgs, serviceEnv } from '../../scripts/service-args.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs a built service until it exits; resolves with its exit code and everything it printed. */
function runService(service: 'api' | 'gateway' | 'payment-simulator', env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, serviceArgs(service), {
      cwd: path.join(ROOT, service),
      env: serviceEnv({ ...process.env, DATABASE_URL: '', REDIS_URL: '', LOG_FORMAT: 'json', ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('a service started on a port another process holds', () => {
  let holder: Server;
  let port: number;
  let dataDir: string;
  beforeAll(async () => {
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    port = (holder.address() as { port: number }).port;
    dataDir = mkdtempSync(path.join(tmpdir(), 'digitic-ports-'));
  });
  afterAll(() => {
    holder.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['gateway', { PORT: '<port>', HOST: '127.0.0.1', SSR: 'off' }, 'PORT'],
    ['payment-simulator', { PAYMENT_SIM_PORT: '<port>', PAYMENT_SIM_HOST: '127.0.0.1' }, 'PAYMENT_SIM_PORT'],
    ['api', { API_PORT: '<port>', API_HOST: '127.0.0.1', DATA_DIR: '<data>' }, 'API_PORT'],
  ] as const)('%s says which port is taken and which setting moves it, then exits 1', async (service, settings, setting) => {
    const env = Object.fromEntries(
      Object.entries(settings).map(([k, v]) => [k, v.replace('<port>', String(port)).replace('<data>', dataDir)]),
    );
    const { code, output } = await runService(service, env);
    expect(code).toBe(1);
    expect(output).toContain(`port ${port} on 127.0.0.1 is taken by another process: stop that process, or set ${setting} to a free port`);
    expect(output).not.toMatch(/TypeError|Cannot destructure/);
  });
});
