import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../bench/shop-process';
import { ROOT } from '../support/stack';

// Regression: on a fresh clone `npm run dev` served a blank page (no codegen had run: the generated
// hooks are not committed). This starts it from a tree with only what git keeps, as a clone has.

const ports = { shop: 5400, api: 5401, sim: 5402, web: 5403 };
let tree: string;
let dev: ChildProcess;
let output = '';

beforeAll(async () => {
  tree = mkdtempSync(path.join(tmpdir(), 'digitic-clone-'));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && existsSync(path.join(ROOT, f)));
  for (const f of files) {
    mkdirSync(path.dirname(path.join(tree, f)), { recursive: true });
    cpSync(path.join(ROOT, f), path.join(tree, f));
  }
  // The installed packages as npm ci leaves them, the root's and any a workspace keeps (installing again would only take longer).
  for (const modules of ['.', ...readdirSync(ROOT), 'examples/node-client'].map((d) => path.join(d, 'node_modules'))) {
    if (existsSync(path.join(ROOT, modules)) && existsSync(path.join(tree, path.dirname(modules)))) {
      symlinkSync(path.join(ROOT, modules), path.join(tree, modules));
    }
  }
  expect(existsSync(path.join(tree, 'web/src/features/home/__generated__'))).toBe(false);

  dev = spawn('npm', ['run', 'dev'], {
    cwd: tree,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      // A developer's shell: not vitest's own settings (SSR, NODE_ENV=test, VITEST…).
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(SSR|NODE_ENV|VITEST.*|TEST)$/.test(k))),
      PORT: String(ports.shop),
      API_PORT: String(ports.api),
      PAYMENT_SIM_PORT: String(ports.sim),
      WEB_DEV_PORT: String(ports.web),
      DATA_DIR: path.join(tree, '.data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      NO_COLOR: '1',
    },
  });
  dev.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  dev.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const until = Date.now() + 150_000;
  // What it printed, without the colours a CI terminal may ask for.
  const printed = () => stripVTControlCharacters(output);
  while (!/the shop is at|GraphQL at/.test(printed()) || !/Local:/.test(printed())) {
    if (dev.exitCode !== null || /Failed running/.test(output)) throw new Error(`npm run dev failed:\n${output}`);
    if (Date.now() > until) throw new Error(`npm run dev did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}, 180_000);

afterAll(async () => {
  if (dev?.pid && dev.exitCode === null) {
    process.kill(-dev.pid, 'SIGTERM');
    await new Promise((resolve) => dev.once('exit', resolve));
  }
  if (tree) rmSync(tree, { recursive: true, force: true });
});

describe('npm run dev on a fresh clone', () => {
  it('generates the hooks first and serves the home page, with the catalogue, from Vite', async () => {
    expect(existsSync(path.join(tree, 'web/src/features/home/__generated__/home.ts'))).toBe(true);
    expect(existsSync(path.join(tree, 'web/src/__generated__/trusted-documents.json'))).toBe(true);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`http://127.0.0.1:${ports.web}/`);
      // A product card's title comes from the api, through Vite's proxy and the gateway.
      await expect.poll(() => page.locator('article.product-card').count(), { timeout: 60_000 }).toBeGreaterThan(0);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);

  // Regression: with PORT set, the first owner's link still pointed at localhost:4000.
  it("prints the first owner's link at the shop's own address (PORT)", async () => {
    const link = new RegExp(`http://localhost:${ports.shop}/admin/enrol#[\\w-]{40,}`);
    await expect.poll(() => stripVTControlCharacters(output), { timeout: 30_000 }).toMatch(link);
    expect(stripVTControlCharacters(output)).not.toMatch(/localhost:4000\/admin/);
  });
});
