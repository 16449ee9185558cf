import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_KEY_ID, SIMULATOR_KEY_SECRET } from '@digitic/payment-simulator/keys';
import { LAUNCHER_ARGS, serviceArgs, serviceEnv } from '../../scripts/service-args.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs node with `args` in `cwd` until it exits (killed after a minute); resolves with its exit code and everything it printed. */
function runUntilExit(args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** Runs a built service, as npm start does, until it exits. */
const runService = (service: 'api' | 'gateway' | 'payment-simulator', env: Record<string, string>) =>
  runUntilExit(
    serviceArgs(service),
    path.join(ROOT, service),
    serviceEnv({ ...process.env, DATABASE_URL: '', REDIS_URL: '', LOG_FORMAT: 'json', ...env }),
  );

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

describe('npm start', () => {
  it("runs its launcher with the launcher's arguments, as the benches and the journeys start it", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`node ${LAUNCHER_ARGS.join(' ')} scripts/start.mjs`);
  });

  it("with the simulator's port taken, says which setting moves it and starts nothing else", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'digitic-launcher-'));
    try {
      const { code, output } = await runUntilExit([...LAUNCHER_ARGS, 'scripts/start.mjs'], ROOT, {
        ...process.env,
        SKIP_BUILD: '1',
        PAYMENT_SIM_PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
      });
      expect(code).toBe(1);
      expect(output).toContain(
        `port ${port} on 127.0.0.1 is taken by another process: stop that process, or set PAYMENT_SIM_PORT to a free port`,
      );
      // The api and the gateway were never started: nothing of theirs printed, no data folder made.
      expect(output).not.toMatch(/api listening|gateway|GraphQL/i);
    } finally {
      holder.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the payment simulator in a process of its own, as the demo image runs it (its node arguments: --jitless)', () => {
  it('makes an order, takes its payment and delivers the webhook', async () => {
    const received: { signature: string | undefined; body: string }[] = [];
    const hooks = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ signature: req.headers['x-razorpay-signature'] as string | undefined, body });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = (free.address() as { port: number }).port;
    await new Promise((resolve) => free.close(resolve));
    const child = spawn(process.execPath, serviceArgs('payment-simulator'), {
      cwd: path.join(ROOT, 'payment-simulator'),
      env: serviceEnv({
        ...process.env,
        PAYMENT_SIM_PORT: String(port),
        PAYMENT_SIM_HOST: '127.0.0.1',
        PAYMENT_SIM_WEBHOOK_URL: `http://127.0.0.1:${(hooks.address() as { port: number }).port}/api/payments/razorpay/webhook`,
      }),
      stdio: 'ignore',
    });
    try {
      const sim = `http://127.0.0.1:${port}`;
      const auth = { Authorization: `Basic ${Buffer.from(`${SIMULATOR_KEY_ID}:${SIMULATOR_KEY_SECRET}`).toString('base64')}` };
      let order: { id: string } | null = null;
      for (const end = Date.now() + 20_000; !order && Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
        order = await fetch(`${sim}/v1/orders`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ amount: 10_000, currency: 'INR', receipt: 'ports-test' }),
        }).then(
          (r) => (r.ok ? (r.json() as Promise<{ id: string }>) : null),
          () => null,
        );
      }
      expect(order?.id).toMatch(/^order_/);
      const paid = await fetch(`${sim}/sim/orders/${order?.id}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ key_id: SIMULATOR_KEY_ID, outcome: 'success' }),
      });
      expect(paid.status).toBe(200);
      await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(received[0]?.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(received[0]?.body).toContain(order?.id as string);
    } finally {
      child.kill('SIGKILL');
      hooks.close();
    }
  });
});
