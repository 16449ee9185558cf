// Simulated shoppers against nginx (deploy/nginx.conf's server block) in front of 2 gateways and 2
// apis sharing one PostgreSQL (and Redis when one answers), on loopback: browse the store, search, open a product, add to the cart, and now and
// then pay with the simulator and place the order. Stages of rising concurrency; each prints
// requests, errors, p50/p95/p99 and orders made against orders expected, and the CPU each kind of process (the apis,
// the gateways, PostgreSQL, nginx, Redis, the load generator) spent a request.
//
//   node --import tsx tests/load/shoppers.ts [--seconds=60] [--stages=4,12,24] [--warm-up=10] [--check]
//   node --import tsx tests/load/shoppers.ts --shop=http://localhost:4000   (against a running npm run start:cluster)
//   node --import tsx tests/load/shoppers.ts --cpu-prof=<folder>   (each api's and gateway's CPU profile, written
//     when the run stops them; node --import tsx tests/load/profile-summary.ts <folder> prints their top costs)
//
// Without --shop it starts the same processes as start:cluster itself (tests/support/stack.ts).
// Orders are counted through each shopper's own order list, so no database access is needed.
//
// --check exits non-zero on any error, a lost or a double order, and when the best rate with p99 ≤ 300 ms falls under
// the floor (below), both made fair to the machine. Latency is printed per stage and per kind of request.
//
// The floor (issue #54): on PostgreSQL, the run times two fixed pieces of work before it starts (tests/bench/
// machine-speed.ts): PostgreSQL's own text search on the same server, and the Node servers' kind of work (loopback
// HTTP, JSON, fresh memory, gzip) in this process. A machine slower at either than the reference machine is allowed
// the larger of the two: p99 ≤ 300 ms × the factor, and a rate ≥ LOAD_FLOOR_REQ_S ÷ the factor. 90 requests a second
// on the reference machine, seven tenths of what it serves: run to run the best rate varies by about a fifth. The text
// search alone did not see a machine slow at the servers' work (on 2026-12-03 a CI run's machine did it at 1.08× and
// served 60 requests a second at 4 shoppers, straight after starting); the fall #54 found (no stage at p99 ≤ 300 ms
// at all, 39 requests a second at 813 ms) fails it, as does a halving.
//
// Before the stages, 10 s of shopping (--warm-up=N, 0 for none) at the first stage's concurrency: freshly started
// processes compile their code as the first shoppers come, and a request then costs nearly twice its steady CPU.
import { cpus } from 'node:os';
import path from 'node:path';
import {
  addToCart,
  gql,
  type ListedProduct,
  newShopper,
  pay,
  placeOrder,
  products,
  type Shopper,
  myOrders,
  startCheckout,
} from '../support/shop-client';
import { readdirSync, readFileSync } from 'node:fs';
import { localPostgres, localRedis, processCpuMs, type Stack, startStack } from '../support/stack';
import { slowerAtServerWorkBy, slowerBy, timeReferenceText, timeServerWork } from '../bench/machine-speed';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const seconds = Number(arg('seconds', '60'));
const stages = arg('stages', '4,12,24').split(',').map(Number);
/** Seconds of shopping before the stages, at the first stage's concurrency, not judged (0: none). */
const warmUpSeconds = Number(arg('warm-up', '10'));
const check = process.argv.includes('--check');
/** Where each api's and gateway's CPU profile goes (--cpu-prof=<folder>), or null for none. */
const cpuProfiles = process.argv.find((a) => a.startsWith('--cpu-prof='))?.slice('--cpu-prof='.length) || null;
const profileArgs = (service: string) => ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfiles ?? '.', service)}`];
/** The least rate (requests a second, every stage's p99 within its bound) on the reference machine. */
const LOAD_FLOOR_REQ_S = 90;
const P99_BOUND_MS = 300;

interface Tally {
  latencies: number[];
  /** Each kind of request's latencies (store, search, product, addToCart, cart, startCheckout, placeOrder, …). */
  byKind: Map<string, number[]>;
  errors: string[];
  /** Answers that the product sold out: the catalogue running out (a shop run many times), not a failure. */
  soldOut: number;
  ordersExpected: number;
  orderIds: string[];
}

// The api's words when stock ran out (api/src/checkout/start.ts).
const SOLD_OUT = /is out of stock|left in stock/i;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function timed<T extends { status: number; errors?: { message: string }[] | undefined }>(
  tally: Tally,
  what: string,
  run: () => Promise<T>,
) {
  const started = performance.now();
  const res = await run();
  const took = performance.now() - started;
  tally.latencies.push(took);
  const kind = tally.byKind.get(what) ?? [];
  kind.push(took);
  tally.byKind.set(what, kind);
  const message = res.errors?.[0]?.message ?? '';
  if (SOLD_OUT.test(message)) tally.soldOut += 1;
  else if (res.status !== 200 || res.errors) tally.errors.push(`${what}: ${res.status} ${message}`);
  return res;
}

async function shopperLoop(
  shop: string,
  simulator: string,
  catalogue: ListedProduct[],
  shopper: Shopper,
  until: number,
  tally: Tally,
  n: number,
) {
  let round = 0;
  while (Date.now() < until) {
    round += 1;
    const product = catalogue[(n * 7 + round) % catalogue.length] as ListedProduct;
    await timed(tally, 'store', () =>
      gql(shop, 'query($p: Int) { products(page: $p, pageSize: 20) { totalCount items { id title price images { url } } } }', {
        p: (round % 3) + 1,
      }),
    );
    await timed(tally, 'search', () =>
      gql(shop, 'query($q: String!) { searchProducts(query: $q) { items { id title } } }', { q: product.title.slice(0, 4) }),
    );
    await timed(tally, 'product', () =>
      gql(shop, 'query($id: ID!) { product(id: $id) { id title price description colors { id title } reviews { star } } }', {
        id: product.id,
      }),
    );
    await timed(tally, 'addToCart', () => addToCart(shop, shopper.token, product, 1));
    await timed(tally, 'cart', () => gql(shop, '{ cart { lineCount subtotal total } }', {}, { token: shopper.token }));
    if (round % 3 === 0) {
      const session = await timed(tally, 'startCheckout', () => startCheckout(shop, shopper.token));
      const providerOrderId = session.data?.startCheckout.providerOrderId;
      if (!providerOrderId) {
        // Sold out (counted apart): start the next round with an empty cart.
        await timed(tally, 'emptyCart', () => gql(shop, 'mutation { emptyCart { lineCount } }', {}, { token: shopper.token }));
        continue;
      }
      const payment = await pay(simulator, providerOrderId);
      tally.ordersExpected += 1;
      const placed = await timed(tally, 'placeOrder', () => placeOrder(shop, shopper.token, payment));
      if (placed.data?.placeOrder.id) tally.orderIds.push(placed.data.placeOrder.id);
      // Paid, but the last unit went to another shopper meanwhile: refunded, no order to expect.
      else if (SOLD_OUT.test(placed.errors?.[0]?.message ?? '')) tally.ordersExpected -= 1;
    }
  }
}

const SIGN_IN_BATCH = 8;

interface Target {
  /** Where each shopper goes (several gateways, or one balancer). */
  shops: string[];
  /** Where the simulator's pay button is. */
  simulator: string;
}

/** The machine's other servers, by their process name: summed over each one's processes. */
const SERVERS = ['postgres', 'nginx', 'redis-server'];

/**
 * CPU used so far, in ms, per kind of process: each api and gateway of the stack (summed by kind), PostgreSQL,
 * nginx and Redis (every process of that name on the machine: on a shared server, others' work counts too), and this
 * load generator itself.
 */
function cpuByProcess(stack: Stack | null): Map<string, number> {
  const out = new Map<string, number>();
  const add = (kind: string, ms: number | null) => out.set(kind, (out.get(kind) ?? 0) + (ms ?? 0));
  for (const name of stack?.serviceNames() ?? []) {
    const kind = name.replace(/\d+$/, '');
    if (kind === 'api' || kind === 'gateway') add(kind, stack?.cpuMs(name) ?? null);
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let name: string;
    try {
      name = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (SERVERS.includes(name)) add(name.replace('-server', ''), processCpuMs(Number(entry)));
  }
  const own = process.cpuUsage();
  add('load generator', (own.user + own.system) / 1000);
  return out;
}

async function runStage(target: Target, catalogue: ListedProduct[], concurrency: number, stageSeconds: number, tag = 'load') {
  const tally: Tally = { latencies: [], byKind: new Map(), errors: [], soldOut: 0, ordersExpected: 0, orderIds: [] };
  const shopOf = (i: number) => target.shops[i % target.shops.length] as string;
  // The shoppers sign up and in a few at a time, before the stage's clock starts. All of them come from one
  // address here (nginx's, or this machine's), and a client has at most 20 sign-ins in flight at once
  // (each holds its place in the client's window until its password is checked: shop-rules' attempts).
  const shoppers: Shopper[] = [];
  for (let i = 0; i < concurrency; i += SIGN_IN_BATCH) {
    const batch = Array.from({ length: Math.min(SIGN_IN_BATCH, concurrency - i) }, (_, j) => i + j);
    shoppers.push(...(await Promise.all(batch.map((k) => newShopper(shopOf(k), `${tag}${concurrency}-${k}`)))));
  }
  const cpuBefore = cpuByProcess(stack);
  const started = Date.now();
  const until = started + stageSeconds * 1000;
  await Promise.all(shoppers.map((s, i) => shopperLoop(shopOf(i), target.simulator, catalogue, s, until, tally, i)));
  const elapsed = (Date.now() - started) / 1000;
  const cpuAfter = cpuByProcess(stack);
  // What each shopper's own order list holds: a lost order is missing there, a double one is extra.
  const made = (await Promise.all(shoppers.map((s, i) => myOrders(shopOf(i), s.token)))).flat();
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  return {
    concurrency,
    requests: sorted.length,
    rate: sorted.length / elapsed,
    errors: tally.errors,
    soldOut: tally.soldOut,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    /** CPU ms a request, per kind of process, over the stage. */
    cpuPerRequest: [...cpuAfter].map(([kind, ms]) => ({ kind, ms: (ms - (cpuBefore.get(kind) ?? 0)) / Math.max(sorted.length, 1) })),
    ordersExpected: tally.ordersExpected,
    ordersMade: made.length,
    distinctOrders: new Set([...made.map((o) => o.id), ...tally.orderIds]).size,
    byKind: [...tally.byKind].map(([kind, times]) => {
      const s = [...times].sort((a, b) => a - b);
      return { kind, requests: s.length, p50: percentile(s, 50), p99: percentile(s, 99) };
    }),
  };
}

const external = process.argv.find((a) => a.startsWith('--shop='))?.split('=')[1];
let stack: Stack | null = null;
let target: Target;
let setting: string;
if (external) {
  target = { shops: [external.replace(/\/$/, '')], simulator: `${external.replace(/\/$/, '')}/payment-simulator` };
  setting = `the shop at ${external}`;
} else {
  const postgres = await localPostgres();
  const redis = await localRedis();
  // Two apis share one PostgreSQL; without one, a single api on the embedded database (said in the output).
  const apis = postgres ? 2 : 1;
  stack = await startStack({
    basePort: 4920,
    apis,
    gateways: 2,
    postgresAdminUrl: postgres ?? undefined,
    redisUrl: redis ?? undefined,
    nginxPort: 4919,
    ...(cpuProfiles ? { nodeArgs: { api: profileArgs('api'), gateway: profileArgs('gateway') } } : {}),
  });
  // Plenty of stock: this run measures the shop, not the out-of-stock path (tests/resilience covers that).
  await stack.db?.query('update product_colors set quantity = 1000000');
  target = { shops: [stack.url as string], simulator: stack.simulatorUrl };
  setting = postgres
    ? `nginx + 2 gateways + 2 apis on PostgreSQL${redis ? ' + Redis' : ''}`
    : `nginx + 2 gateways + 1 api on PGlite (no PostgreSQL on 127.0.0.1:5432)${redis ? ' + Redis' : ''}`;
}
let failed = false;
let floorMissed = false;
try {
  const catalogue = await products(target.shops[0] as string, 40);
  // How much slower than the reference machine this one is, on the database every instance shares (1 on PGlite or
  // against another shop: no floor is held there, only errors and orders).
  const pool = stack?.db ?? null;
  // The slower of two: PostgreSQL's own work, and the Node servers' kind of work timed here (machine-speed.ts).
  const factor = pool
    ? Math.max(slowerBy('postgres', await timeReferenceText((text) => pool.query(text))), slowerAtServerWorkBy(await timeServerWork(7)))
    : null;
  console.log(
    `Load: ${setting}, ${cpus().length} cores, ${seconds} s in ${stages.length} stages of ${stages.join(', ')} concurrent shoppers` +
      (warmUpSeconds > 0 ? `, after ${warmUpSeconds} s of warm-up` : ''),
  );
  console.log('shoppers | requests | req/s | errors | sold out | p50 ms | p95 ms | p99 ms | orders made / expected');
  // Freshly started processes compile their code as the first shoppers come (a request's CPU nearly twice the
  // steady one's): a shop that has served for a while is what the stages measure. The warm-up's errors and orders
  // count as any stage's; its rate and latency are printed, not judged.
  if (warmUpSeconds > 0) {
    const w = await runStage(target, catalogue, stages[0] ?? 4, warmUpSeconds, 'warm');
    console.log(
      `${'warm-up'.padStart(8)} | ${String(w.requests).padStart(8)} | ${w.rate.toFixed(0).padStart(5)} | ${String(w.errors.length).padStart(6)} | ${String(w.soldOut).padStart(8)} | ${w.p50.toFixed(0).padStart(6)} | ${w.p95.toFixed(0).padStart(6)} | ${w.p99.toFixed(0).padStart(6)} | ${w.ordersMade} / ${w.ordersExpected}   (${stages[0]} shoppers, not judged)`,
    );
    for (const e of w.errors.slice(0, 5)) console.log(`    error: ${e}`);
    if (w.errors.length > 0 || w.ordersMade !== w.ordersExpected || w.distinctOrders !== w.ordersExpected) failed = true;
  }
  const results = [];
  for (const concurrency of stages) {
    const r = await runStage(target, catalogue, concurrency, seconds / stages.length);
    results.push(r);
    console.log(
      `${String(r.concurrency).padStart(8)} | ${String(r.requests).padStart(8)} | ${r.rate.toFixed(0).padStart(5)} | ${String(r.errors.length).padStart(6)} | ${String(r.soldOut).padStart(8)} | ${r.p50.toFixed(0).padStart(6)} | ${r.p95.toFixed(0).padStart(6)} | ${r.p99.toFixed(0).padStart(6)} | ${r.ordersMade} / ${r.ordersExpected}`,
    );
    console.log(`         CPU ms a request: ${r.cpuPerRequest.map((c) => `${c.kind} ${c.ms.toFixed(2)}`).join(', ')}`);
    for (const e of r.errors.slice(0, 5)) console.log(`    error: ${e}`);
    if (r.errors.length > 0 || r.ordersMade !== r.ordersExpected || r.distinctOrders !== r.ordersExpected) failed = true;
  }
  // Where the time goes, per kind of request: each stage's p50 and p99 (and how many), a column a stage.
  console.log(`\nper kind of request, p50 / p99 ms (requests) at ${stages.join(', ')} shoppers:`);
  for (const kind of results[0]?.byKind.map((k) => k.kind) ?? []) {
    const cells = results.map((r) => {
      const k = r.byKind.find((b) => b.kind === kind);
      return (k ? `${k.p50.toFixed(0)} / ${k.p99.toFixed(0)} (${k.requests})` : '-').padStart(20);
    });
    console.log(`${kind.padEnd(14)}${cells.join(' | ')}`);
  }
  const sustained = results.filter((r) => r.p99 <= P99_BOUND_MS && r.errors.length === 0).sort((a, b) => b.rate - a.rate)[0];
  console.log(
    sustained
      ? `Highest rate with p99 ≤ ${P99_BOUND_MS} ms and no errors: ${sustained.rate.toFixed(0)} req/s (${sustained.concurrency} shoppers)`
      : `No stage kept p99 ≤ ${P99_BOUND_MS} ms with no errors on this machine`,
  );
  if (factor !== null) {
    const bound = P99_BOUND_MS * factor;
    const floor = LOAD_FLOOR_REQ_S / factor;
    const fair = results.filter((r) => r.p99 <= bound && r.errors.length === 0).sort((a, b) => b.rate - a.rate)[0];
    const held = fair !== undefined && fair.rate >= floor;
    console.log(
      `Floor, made fair to this machine: a stage with p99 ≤ ${bound.toFixed(0)} ms at ≥ ${floor.toFixed(0)} req/s (${LOAD_FLOOR_REQ_S} on the reference machine): ` +
        (fair
          ? `${fair.rate.toFixed(0)} req/s at p99 ${fair.p99.toFixed(0)} ms (${fair.concurrency} shoppers)`
          : 'no stage within that p99') +
        (held ? ': held' : ': NOT held'),
    );
    if (!held) floorMissed = true;
  }
} finally {
  await stack?.close();
}
if (check && failed) {
  console.error('Load check failed: errors, or orders made differ from orders expected');
  process.exit(1);
}
if (check && floorMissed) {
  console.error('Load check failed: the best rate within the p99 bound is under the floor (issue #54; docs/performance.md, "Load")');
  process.exit(1);
}
