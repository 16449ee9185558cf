/**
 * Gateway overhead benchmark: the same catalogue page (20 products) fetched directly from the
 * REST api, through the gateway with its response cache off (every request resolves upstream),
 * and through the gateway answering from its response cache; then the server-rendered HTML of a
 * product page (/product/{id}): rendered every time with nothing cached, rendered every time with its
 * GraphQL data cached (PAGE_CACHE_S=0), and from the HTML cache.
 * The api and both gateways run as their own processes (built), on the embedded database unless
 * BENCH_DATABASE_URL is set. Prints req/s, p50 and p99 latency, and each GraphQL figure's ratio to
 * the direct one.
 *
 * With --check (npm run test:performance) it fails when a server-rendering ratio falls below what issue #16
 * reached: the HTML cache hit at least 7x the api direct (its goal), a page rendered with its data warm at
 * least 0.25x and one rendered with nothing cached at least 0.12x (the goals, 0.8 and 0.5, are not reached:
 * see docs/performance.md). Ratios, not req/s, so that a busy machine moves both sides.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { serviceArgs, serviceEnv } from '../../scripts/service-args.mjs';
import { waitFor } from './shop-process';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const API_PORT = 4601;
const GW_UNCACHED = 4602;
const GW_CACHED = 4603;
const GW_PAGES_UNCACHED = 4604;
const children: ChildProcess[] = [];
const CHECK = process.argv.includes('--check');
const SSR_FLOORS = { nothingCached: 0.12, dataWarm: 0.25, htmlCache: 7 };

function run(name: string, cwd: string, env: Record<string, string>) {
  const child = spawn(process.execPath, serviceArgs(cwd as 'api' | 'gateway'), {
    cwd: path.join(ROOT, cwd),
    env: serviceEnv({ ...process.env, ...env }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code) => {
    if (code && code !== 0) console.error(`${name} exited with ${code}`);
  });
  children.push(child);
}

const QUERY = JSON.stringify({
  query:
    'query Store { products(pageSize: 20, sort: NEWEST) { totalCount items { id title price images { url } colors { id title } rating reviewCount tags } } }',
});
const graphql = { method: 'POST', headers: { 'content-type': 'application/json' }, body: QUERY } as const;

async function load(title: string, url: string, init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {}) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    method: init.method ?? 'GET',
    headers: init.headers,
    body: init.body,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${title}: ${result.non2xx} non-2xx and ${result.errors} errors`);
  return { title, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'digitic-bench-'));
try {
  // The api's database is the bench's choice alone (a DATABASE_URL in the environment, as CI exports, would
  // otherwise put the api on PostgreSQL while the bench says PGlite).
  const db = { DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' };
  run('api', 'api', { API_PORT: String(API_PORT), DATA_DIR: dataDir, NODE_ENV: 'development', ...db });
  const gatewayEnv = {
    SHOP_API_URL: `http://127.0.0.1:${API_PORT}/api`,
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    WEB_DIST: path.join(ROOT, 'web/dist'),
  };
  run('gateway (uncached)', 'gateway', { ...gatewayEnv, PORT: String(GW_UNCACHED), GATEWAY_RESPONSE_CACHE: 'off' });
  run('gateway (cached)', 'gateway', { ...gatewayEnv, PORT: String(GW_CACHED) });
  // Its GraphQL answers cached, its pages not: every page rendered, with its data warm.
  run('gateway (pages uncached)', 'gateway', { ...gatewayEnv, PORT: String(GW_PAGES_UNCACHED), PAGE_CACHE_S: '0' });
  await waitFor(`http://127.0.0.1:${API_PORT}/api/health`);
  await waitFor(`http://127.0.0.1:${GW_UNCACHED}/graphql`, graphql);
  await waitFor(`http://127.0.0.1:${GW_CACHED}/graphql`, graphql);
  await waitFor(`http://127.0.0.1:${GW_PAGES_UNCACHED}/graphql`, graphql);

  console.log(
    `catalogue page of 20 products, ${CONNECTIONS} connections, ${DURATION} s each, database: ${db.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`,
  );
  const direct = await load('api direct (GET /api/product)', `http://127.0.0.1:${API_PORT}/api/product?limit=20&sort=-createdAt`);
  const uncached = await load('gateway, uncached', `http://127.0.0.1:${GW_UNCACHED}/graphql`, graphql);
  const cached = await load('gateway, cache hit', `http://127.0.0.1:${GW_CACHED}/graphql`, graphql);

  const list = (await (await fetch(`http://127.0.0.1:${API_PORT}/api/product?limit=1`)).json()) as { _id: string }[];
  const productPath = `/product/${list[0]?._id ?? ''}`;
  const html = { headers: { accept: 'text/html' } };
  const ssr = await load('SSR product page, nothing cached', `http://127.0.0.1:${GW_UNCACHED}${productPath}`, html);
  const ssrRendered = await load('SSR product page, data warm', `http://127.0.0.1:${GW_PAGES_UNCACHED}${productPath}`, html);
  const ssrCached = await load('SSR product page, HTML cache', `http://127.0.0.1:${GW_CACHED}${productPath}`, html);

  console.log('run                              req/s     p50 ms   p99 ms   ratio to direct');
  for (const r of [direct, uncached, cached, ssr, ssrRendered, ssrCached]) {
    console.log(
      `${r.title.padEnd(32)} ${r.rps.toFixed(0).padStart(6)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)}   ${(r.rps / direct.rps).toFixed(2)}`,
    );
  }
  const ratio = (r: { rps: number }) => r.rps / direct.rps;
  console.log(`\ntargets: uncached ratio ≥ 0.5 (${ratio(uncached).toFixed(2)}), cached ratio ≥ 2.5 (${ratio(cached).toFixed(2)})`);
  const below = [
    ratio(ssr) < SSR_FLOORS.nothingCached && `nothing cached ${ratio(ssr).toFixed(2)} < ${SSR_FLOORS.nothingCached}`,
    ratio(ssrRendered) < SSR_FLOORS.dataWarm && `data warm ${ratio(ssrRendered).toFixed(2)} < ${SSR_FLOORS.dataWarm}`,
    ratio(ssrCached) < SSR_FLOORS.htmlCache && `HTML cache ${ratio(ssrCached).toFixed(2)} < ${SSR_FLOORS.htmlCache}`,
  ].filter(Boolean);
  console.log(
    `server rendering floors: nothing cached ≥ ${SSR_FLOORS.nothingCached}, data warm ≥ ${SSR_FLOORS.dataWarm}, HTML cache ≥ ${SSR_FLOORS.htmlCache}` +
      (below.length ? `; below: ${below.join(', ')}` : ': held'),
  );
  if (CHECK && below.length) process.exitCode = 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
