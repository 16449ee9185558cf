/**
 * How long `npm start` (built, SKIP_BUILD=1) takes until the shop answers, on a fresh embedded
 * database (migrations and the demo catalogue included) and again on the same data, and the
 * resident memory of its processes (the launcher with the payment simulator inside, the api, the gateway) once the catalogue pages
 * have each been rendered a few times.
 *
 * With --check (npm run test:performance) it fails when memory is over the goals of issue #16:
 * every process together at most 400 MiB resident, the api on PGlite at most 200, the gateway at most
 * 120, on Node 20, where they were set (before: 652 MiB in all, api 389, gateway 162; after: 387, api
 * 174, gateway 114). Node 24, which the image and CI run (issue #18), holds more for the same shop:
 * 430 MiB, gateway 134 (its binary's code resident in each process, ~9 MiB more a process, and V8's
 * heap, ~9 MiB more in the gateway); no V8 or malloc setting tried brought the gateway back under 120
 * without turning its optimising compilers off (--lite-mode: 116 MiB, at a cost in speed a shop
 * should not pay). So on Node 22 and later the goals are that floor with the same headroom: 440 in
 * all, api 200, gateway 140. PSS (shared pages counted once between the processes: what the shop
 * takes from the machine) is printed beside RSS. Pages are asked for five times each; the page
 * cache (30 s) answers the rounds after the first, as it would for a shop's popular pages.
 *
 *   npm run bench:start -w tests      (npm run build first)
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, startShop, waitFor } from './shop-process';

const PORT = 4660;
const CHECK = process.argv.includes('--check');
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
// All processes ≤ 400 MiB on every Node since the simulator runs inside the launcher (issue #54; 386 on Node 24 then).
const GOALS_MIB = NODE_MAJOR >= 22 ? { total: 400, api: 200, gateway: 140 } : { total: 400, api: 200, gateway: 120 };
const SHOP = `http://127.0.0.1:${PORT}`;

async function ready(): Promise<void> {
  await waitFor(`${SHOP}/`, { headers: { accept: 'text/html' } }, 120);
  await waitFor(`http://127.0.0.1:${PORT + 1}/api/health`, undefined, 120);
}

/** Which service a process is: the folder it runs in (every service runs dist/server.js in its own). */
function serviceOf(pid: number, args: string): string {
  try {
    return `${path.relative(ROOT, readlinkSync(`/proc/${pid}/cwd`)) || '.'}: ${args.replace(ROOT, '.').slice(0, 60)}`;
  } catch {
    return args.slice(0, 70);
  }
}

/** Proportional set size of a process in MiB (its share of the pages it shares), where Linux tells. */
function pss(pid: number): number {
  try {
    const kib = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1];
    return kib ? Number(kib) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Resident memory of a process and all its descendants, in MiB. */
function treeRss(pid: number): { total: number; pss: number; each: { rss: number; pss: number; service: string }[] } {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => {
      const [p, pp, rss, ...args] = line.trim().split(/\s+/);
      return { pid: Number(p), ppid: Number(pp), rss: Number(rss) / 1024, args: args.join(' ') };
    });
  const tree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rows) {
      if (tree.has(r.ppid) && !tree.has(r.pid)) {
        tree.add(r.pid);
        grew = true;
      }
    }
  }
  const members = rows.filter((r) => tree.has(r.pid));
  return {
    total: members.reduce((s, r) => s + r.rss, 0),
    pss: members.reduce((s, r) => s + pss(r.pid), 0),
    each: members.map((r) => ({ rss: r.rss, pss: pss(r.pid), service: serviceOf(r.pid, r.args) })),
  };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await exited;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'digitic-start-'));
try {
  let t0 = performance.now();
  let shop = startShop(PORT, dataDir);
  await ready();
  const first = performance.now() - t0;
  await stop(shop);

  t0 = performance.now();
  shop = startShop(PORT, dataDir);
  await ready();
  const again = performance.now() - t0;

  const res = await fetch(`${SHOP}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ products(pageSize: 20) { items { id } } blogs { id } }' }),
  });
  const { data } = (await res.json()) as { data: { products: { items: { id: string }[] }; blogs: { id: string }[] } };
  const pages = [
    '/',
    '/product',
    '/blogs',
    ...data.products.items.map((p) => `/product/${p.id}`),
    ...data.blogs.map((b) => `/blog/${b.id}`),
  ];
  for (let round = 0; round < 5; round++) {
    for (const p of pages) await (await fetch(`${SHOP}${p}`, { headers: { accept: 'text/html' } })).text();
  }
  const rss = treeRss(shop.pid as number);
  console.log(
    `npm start (built) until the shop and the api answer: first start ${(first / 1000).toFixed(1)} s (new database: migrations and demo catalogue), next start ${(again / 1000).toFixed(1)} s`,
  );
  console.log(
    `resident memory on Node ${process.versions.node} after rendering ${pages.length} pages 5 times each: ${rss.total.toFixed(0)} MiB in all (PSS ${rss.pss.toFixed(0)} MiB)`,
  );
  for (const p of rss.each) console.log(`  ${p.rss.toFixed(0).padStart(5)} MiB (PSS ${p.pss.toFixed(0).padStart(3)})  ${p.service}`);
  await stop(shop);
  const of = (folder: string) => rss.each.find((p) => p.service.startsWith(`${folder}:`))?.rss ?? Number.NaN;
  const over = [
    rss.total > GOALS_MIB.total && `all processes ${rss.total.toFixed(0)} MiB > ${GOALS_MIB.total}`,
    !(of('api') <= GOALS_MIB.api) && `api ${of('api').toFixed(0)} MiB > ${GOALS_MIB.api}`,
    !(of('gateway') <= GOALS_MIB.gateway) && `gateway ${of('gateway').toFixed(0)} MiB > ${GOALS_MIB.gateway}`,
  ].filter(Boolean);
  console.log(
    `goals on Node ${NODE_MAJOR}: all ≤ ${GOALS_MIB.total} MiB, api ≤ ${GOALS_MIB.api}, gateway ≤ ${GOALS_MIB.gateway}${over.length ? `; over: ${over.join(', ')}` : ': met'}`,
  );
  if (CHECK && over.length) process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
