import { type ChildProcess, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { localRedis, ROOT } from '../support/stack';

// Regression: the image had no payment-simulator/public, which the simulator reads when it loads, nor the
// gateway's own node_modules (its Redis client): in `docker compose up` the simulator exited, and
// everything waiting for it waited for ever. This lays out exactly the files the runtime stage copies
// (no Docker engine runs here) and starts each service's command from them with the image's settings.

const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
const runtime = dockerfile.split(/^FROM /m)[2] ?? '';
type Service = { command: string[]; environment?: Record<string, string> };
const composeFile = (file: string) =>
  parse(readFileSync(path.join(ROOT, file), 'utf8'), { merge: true }) as { services: Record<string, Service> };
// The shop's services, and the simulator of the demo file.
const compose = { services: { ...composeFile('compose.demo.yaml').services, ...composeFile('compose.yaml').services } };

/** The runtime stage's ENV, with its continuation lines. */
function imageEnv(): Record<string, string> {
  const block = runtime.match(/^ENV ((?:.*\\\n)*.*)$/m)?.[1] ?? '';
  return Object.fromEntries(
    block
      .replace(/\\\n/g, ' ')
      .trim()
      .split(/\s+/)
      .map((pair) => pair.split('=') as [string, string]),
  );
}

/** The image's /app: every path the runtime stage copies, from the built tree. */
function layOut(app: string) {
  const copies = [...runtime.matchAll(/^COPY (?:--from=build )?(?:--chown=\S+ )?(\S+) (\S+)$/gm)];
  expect(copies.length).toBeGreaterThan(10);
  for (const [, from, to] of copies) {
    const source = path.join(ROOT, (from as string).replace(/^\/app\//, ''));
    // Docker's rules: a file copied to a path ending in / goes inside it.
    const target =
      (to as string).endsWith('/') && statSync(source).isFile()
        ? path.join(app, to as string, path.basename(source))
        : path.join(app, to as string);
    if (path.basename(source) === 'node_modules' && path.dirname(source) === ROOT) {
      // The packages (linked, not copied: hundreds of MiB); the shop's own are the image's copies.
      mkdirSync(target);
      for (const entry of readdirSync(source)) {
        if (entry === '@digitic') continue;
        symlinkSync(path.join(source, entry), path.join(target, entry));
      }
      mkdirSync(path.join(target, '@digitic'));
      for (const name of readdirSync(path.join(source, '@digitic'))) {
        const workspace = path.join(
          app,
          path.relative(ROOT, path.resolve(source, '@digitic', readlinkSync(path.join(source, '@digitic', name)))),
        );
        symlinkSync(workspace, path.join(target, '@digitic', name));
      }
      continue;
    }
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(source, target, { recursive: true, dereference: false });
  }
}

let app: string;
let data: string;
const children: ChildProcess[] = [];
const ports = { sim: 5460, api: 5461, shop: 5462 };

beforeAll(async () => {
  app = mkdtempSync(path.join(tmpdir(), 'digitic-image-'));
  data = mkdtempSync(path.join(tmpdir(), 'digitic-image-data-'));
  layOut(app);
}, 60_000);

afterAll(async () => {
  await Promise.all(
    children.map((child) => {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // A drain waits for the test's idle keep-alive connections: it need not, here.
      const force = setTimeout(() => child.kill('SIGKILL'), 3_000);
      return exited.finally(() => clearTimeout(force));
    }),
  );
  rmSync(app, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});

/** Starts a compose service's command in the laid-out image; resolves once its health URL answers. */
async function start(name: string, env: Record<string, string>, health: string) {
  const service = compose.services[name] as Service;
  const [node, ...args] = service.command;
  expect(node).toBe('node');
  const fromImage = Object.fromEntries(
    Object.entries(imageEnv()).map(([k, v]) => [k, v.replace(/^\/app\//, `${app}/`).replace(/^\/data$/, data)]),
  );
  let output = '';
  const child = spawn(process.execPath, args, {
    cwd: app,
    env: { PATH: process.env.PATH ?? '', ...fromImage, NODE_ENV: 'development', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > until) throw new Error(`${name} did not answer ${health}:\n${output}`);
    const ok = await fetch(health).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the image', () => {
  it('starts the simulator, an api and a gateway from exactly the files it copies', async () => {
    const redis = await localRedis();
    await start(
      'simulator',
      { PAYMENT_SIM_PORT: String(ports.sim), PAYMENT_SIM_HOST: '127.0.0.1' },
      `http://127.0.0.1:${ports.sim}/checkout.js`,
    );
    await start(
      'api1',
      {
        API_PORT: String(ports.api),
        API_HOST: '127.0.0.1',
        PAYMENT_SIM_URL: `http://127.0.0.1:${ports.sim}`,
        DATABASE_URL: '',
      },
      `http://127.0.0.1:${ports.api}/api/ready`,
    );
    await start(
      'gateway1',
      {
        PORT: String(ports.shop),
        HOST: '127.0.0.1',
        SHOP_API_URL: `http://127.0.0.1:${ports.api}/api`,
        PAYMENT_SIM_URL: `http://127.0.0.1:${ports.sim}`,
        // As compose runs it: with Redis (its client is loaded only then), where one answers here.
        REDIS_URL: redis ?? '',
        REDIS_PREFIX: `image-test-${process.pid}`,
      },
      `http://127.0.0.1:${ports.shop}/ready`,
    );
    const page = await fetch(`http://127.0.0.1:${ports.shop}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<h1|product-card/);
    expect(existsSync(path.join(app, 'payment-simulator/public/checkout.js'))).toBe(true);
  }, 180_000);
});
