/**
 * Lighthouse (mobile emulation: Moto G Power-sized screen, slow 4G, CPU slowdown simulated) on the shop's
 * production build as `npm start` serves it, with Debian's Chromium. Prints the four category scores,
 * LCP / CLS / TBT, the machine's benchmarkIndex and the CPU slowdown of each page, each the median of the
 * runs; with --check, exits 1 when a page scores under 90 for performance or under 100 for the other three.
 * Beside each page it says whether it meets issue #26's goal (performance ≥ 95, TBT ≤ 150 ms).
 *
 * The slowdown is calibrated to the machine: before every run Lighthouse's own benchmark (its
 * benchmarkIndex, median of 3) runs in a tab of the browser, and the slowdown is set from it as
 * Lighthouse's throttling guide calibrates it (its calculator: 1,300 → 3×, 1,533 → 4×, 233 more a step;
 * 800 → 2×). So every machine models the same phone, Lighthouse's reference mobile device: a fast
 * machine is slowed more than a slow one, and the same commit scores alike on both. Lighthouse's default 4×
 * (--cpu=4) models that phone only on a machine of benchmarkIndex ~1,533. A machine measured slower at a
 * page's kind of work than its benchmarkIndex says (page-work.ts) has its slowdown divided by that factor.
 *
 *   npm run lighthouse            (builds first; --runs=3 reports the median of three runs a page)
 *   -- --hog                      (a busy process on one core meanwhile: the calibration's own test)
 *   -- --cpu=N                    (a fixed slowdown instead)
 *   -- --pages=/product,/blog/{id} (only these pages)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { measurePageWork, type PageWorkFigures } from './page-work';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, ROOT, startShop, waitFor } from './shop-process';

const PORT = 4650;
const SHOP = `http://127.0.0.1:${PORT}`;
// Full reports, for a closer look: open them in https://googlechrome.github.io/lighthouse/viewer/ or read the JSON.
const REPORTS = path.join(import.meta.dirname, '.lighthouse');
const runsArg = process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length);
const RUNS = Math.max(1, Number(runsArg ?? process.env.LIGHTHOUSE_RUNS ?? 1) || 1);
const CHECK = process.argv.includes('--check');
const HOG = process.argv.includes('--hog');
const fixedArg = process.argv.find((a) => a.startsWith('--cpu='))?.slice('--cpu='.length);
// Calibrated to the machine unless told a fixed slowdown (--calibrate, once needed, is still understood).
const FIXED_SLOWDOWN = fixedArg ? Number(fixedArg) : undefined;
const METHOD = (process.argv.find((a) => a.startsWith('--method='))?.slice('--method='.length) ?? 'simulate') as 'simulate' | 'devtools';

/**
 * The CPU slowdown that makes a machine of this benchmarkIndex behave like Lighthouse's reference mobile
 * device, as Lighthouse's throttling guide calibrates it (docs/throttling.md, "Calibrating the CPU
 * slowdown", and the calculator it links): linear between its points 150 → 1×, 800 → 2×, 1,300 → 3×,
 * 1,533 → 4× (the default, meant for a high-end desktop), 233 more a step above.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/** The machine's benchmarkIndex now: Lighthouse's own benchmark run in a tab of the browser it drives, median of 3. */
async function measureBenchmarkIndex(cdpPort: number): Promise<number> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) runs.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    await page.close();
    return runs.sort((a, b) => a - b)[1] as number;
  } finally {
    // Only the connection: the browser is chrome-launcher's.
    await browser.close().catch(() => undefined);
  }
}
/**
 * What --check holds, on the calibrated slowdown: performance ≥ 90 (the gate's floor since server rendering)
 * and 100 for the other three. Issue #26's goal is higher, performance ≥ 95 and TBT ≤ 150 ms on every page:
 * printed beside each page that misses it, not yet held (docs/performance.md says where it stands).
 */
const THRESHOLDS = { performance: 90, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
const GOAL = { performance: 95, tbtMs: 150 } as const;
/** How close to the performance gate a first run's score must be for the page to be measured --runs times. */
const NEAR_GATE = 5;
/** And how close to the TBT goal (a share of it). */
const NEAR_TBT = 0.8;
type Category = keyof typeof THRESHOLDS;

async function firstIds() {
  const res = await fetch(`${SHOP}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ products(pageSize: 1) { items { id } } blogs { id } }' }),
  });
  const { data } = (await res.json()) as { data: { products: { items: { id: string }[] }; blogs: { id: string }[] } };
  return { product: data.products.items[0]?.id ?? '', blog: data.blogs[0]?.id ?? '' };
}

/**
 * Real photos on every product the measured pages show (the home page's three rows, the store's first
 * page, the product page): camera-sized JPEGs, uploaded as a shop owner would (npm run photos:add), so the
 * pages load photos in the formats and widths the shop makes of them, not the demo's drawings.
 */
async function addPhotos(dir: string) {
  const res = await fetch(`${SHOP}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query:
        '{ a: productsByTag(tag: "featured", first: 4) { id } b: productsByTag(tag: "special", first: 4) { id } c: popularProducts(first: 4) { id } d: products(pageSize: 12, sort: NEWEST) { items { id } } e: products(pageSize: 1) { items { id } } }',
    }),
  });
  const { data } = (await res.json()) as {
    data: Record<'a' | 'b' | 'c', { id: string }[]> & Record<'d' | 'e', { items: { id: string }[] }>;
  };
  const ids = [...new Set([...data.a, ...data.b, ...data.c, ...data.d.items, ...data.e.items].map((p) => p.id))];
  const started = Date.now();
  let bytes = 0;
  // Two at a time: while one upload's photo is remade in the api (sharp), the next is drawn here and its command
  // starts (a process of its own each, as the owner's would be).
  let next = 0;
  const upload = async () => {
    while (next < ids.length) {
      const i = next++;
      await addPhoto(i, ids[i] as string);
    }
  };
  const addPhoto = async (i: number, id: string) => {
    // A photograph's texture (noise over shapes), 3000 × 2000 as a camera makes it: a few megabytes of JPEG.
    const noise = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 50 } },
    })
      .png()
      .toBuffer();
    const hue = (i * 47) % 360;
    const jpeg = await sharp(noise)
      .composite([
        {
          input: Buffer.from(
            `<svg width="3000" height="2000"><rect width="3000" height="2000" fill="hsl(${hue},45%,55%)" opacity="0.7"/><circle cx="1500" cy="1000" r="700" fill="hsl(${(hue + 180) % 360},40%,35%)"/></svg>`,
          ),
        },
      ])
      .jpeg({ quality: 88 })
      .toBuffer();
    bytes += jpeg.length;
    const file = path.join(dir, `photo-${i}.jpg`);
    writeFileSync(file, jpeg);
    await promisify(execFile)(process.execPath, [path.join(ROOT, 'api/dist/cli/add-photos.js'), `--product=${id}`, file], {
      cwd: path.join(ROOT, 'api'),
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', INIT_CWD: path.join(ROOT, 'api') },
    });
  };
  await Promise.all([upload(), upload()]);
  console.log(
    `with real photos: ${ids.length} products, each a ${Math.round(bytes / ids.length / 1024)} KB camera JPEG (3000 × 2000) uploaded with photos:add in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

interface Figures {
  scores: Record<Category, number>;
  lcp: number;
  cls: number;
  tbt: number;
  /** The benchmarkIndex measured before the run, Lighthouse's own during it, and the slowdown used. */
  benchmarkIndex: number;
  lighthouseIndex: number;
  slowdown: number;
  /** Audits short of full marks outside performance, to say what to mend. */
  missed: string[];
  /**
   * The main thread's work as the browser did it here, unthrottled (Lighthouse's figures are multiplied by the
   * slowdown), and its longest tasks: to tell a slow page from a busy machine.
   */
  mainThreadMs: number;
  longTasks: string[];
  /** The machine over the run, from /proc/stat: the share of its CPU time stolen by the host and spent outside idle. */
  machine: CpuShare;
}

interface CpuShare {
  busy: number;
  steal: number;
}

/** The machine's CPU counters (Linux): every state's ticks summed over the cores. */
function cpuTicks(): number[] {
  try {
    return readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  } catch {
    return [];
  }
}

/** Between two cpuTicks(): the share of time not idle (user, system, …) and the share the hypervisor took (steal). */
function cpuShare(before: number[], after: number[]): CpuShare {
  const d = after.map((v, i) => v - (before[i] ?? 0));
  const total = d.reduce((a, b) => a + b, 0);
  if (!total) return { busy: NaN, steal: NaN };
  const idle = (d[3] ?? 0) + (d[4] ?? 0);
  return { busy: (total - idle) / total, steal: (d[7] ?? 0) / total };
}

async function audit(url: string, port: number, platform: PageWorkFigures | undefined): Promise<Figures> {
  const benchmarkIndex = FIXED_SLOWDOWN === undefined ? await measureBenchmarkIndex(port) : NaN;
  // benchmarkIndex's slowdown, divided by how much slower at pages than that the machine is (page-work.ts).
  // Never below 1×: Lighthouse would then run the machine's tasks faster than they ran.
  const slowdown = FIXED_SLOWDOWN ?? Math.round(Math.max(1, cpuSlowdownFor(benchmarkIndex) / (platform?.penalty ?? 1)) * 100) / 100;
  const ticks = cpuTicks();
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(THRESHOLDS) },
    { extends: 'lighthouse:default', settings: { throttlingMethod: METHOD, throttling: { cpuSlowdownMultiplier: slowdown } } },
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  const machine = cpuShare(ticks, cpuTicks());
  const tasks = ((audits['long-tasks']?.details as { items?: { url?: string; duration?: number }[] } | undefined)?.items ?? [])
    .slice(0, 3)
    .map((t) => `${Math.round((t.duration ?? 0) / slowdown)} ms ${String(t.url ?? '').replace(/^https?:\/\/[^/]+/, '')}`);
  mkdirSync(REPORTS, { recursive: true });
  writeFileSync(
    path.join(
      REPORTS,
      `${
        new URL(url).pathname
          .replace(/[0-9a-f-]{36}/, 'id')
          .replace(/\W+/g, '-')
          .replace(/^-|-$/g, '') || 'home'
      }.json`,
    ),
    JSON.stringify(result.lhr),
  );
  const missed = Object.values(categories)
    .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0 && (audits[r.id]?.score ?? 1) < 1).map((r) => `${c.id}:${r.id}`))
    .filter((id) => !id.startsWith('performance:'));
  const score = (c: Category) => Math.round((categories[c]?.score ?? 0) * 100);
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    benchmarkIndex,
    lighthouseIndex: result.lhr.environment.benchmarkIndex,
    slowdown,
    missed,
    mainThreadMs: (audits['mainthread-work-breakdown']?.numericValue ?? NaN) / slowdown,
    longTasks: tasks,
    machine,
  };
}

function failedAudits(categoryScores: Figures['scores']) {
  return (Object.keys(THRESHOLDS) as Category[]).filter((c) => categoryScores[c] < THRESHOLDS[c]);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'digitic-lighthouse-'));
const shop = startShop(PORT, dataDir, { PUBLIC_URL: SHOP, WEB_URL: SHOP });
let chrome: chromeLauncher.LaunchedChrome | undefined;
// The calibration's own test: one core kept busy for the whole run, as another job on the machine would.
const hog = HOG ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : null;
let failed = false;
try {
  await waitFor(`${SHOP}/robots.txt`);
  await waitFor(`http://127.0.0.1:${PORT + 1}/api/health`);
  await addPhotos(dataDir);
  const { product, blog } = await firstIds();
  const every = ['/', '/product', `/product/${product}`, '/blogs', `/blog/${blog}`];
  // --pages=/,/product: only these (a product's and a blog's page as /product/{id} and /blog/{id}).
  const only = process.argv
    .find((a) => a.startsWith('--pages='))
    ?.slice('--pages='.length)
    .split(',');
  const pages = only ? every.filter((p) => only.includes(p.replace(/[0-9a-f-]{36}/, '{id}'))) : every;
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  // One visit each first, so the shop's caches are as a visitor after the first would find them.
  for (const p of pages) await fetch(`${SHOP}${p}`, { headers: { accept: 'text/html' } });

  const platform = FIXED_SLOWDOWN === undefined ? await measurePageWork(chrome.port) : undefined;
  if (platform)
    console.log(
      `page work ${Math.round(platform.workMs)} ms at benchmarkIndex ${Math.round(platform.benchmarkIndex)}: this machine is ${platform.penalty.toFixed(2)}× slower at pages than its benchmarkIndex says${platform.penalty > 1 ? ', and each slowdown below is divided by that' : ''}`,
    );
  console.log(
    `Lighthouse ${RUNS > 1 ? `(once a page; the median of ${RUNS} runs for a page within ${NEAR_GATE} points of the gate) ` : ''}mobile emulation, ${SHOP}, CPU slowdown ${FIXED_SLOWDOWN ? `${FIXED_SLOWDOWN}×` : 'calibrated to the machine'}${HOG ? ', one core kept busy' : ''}`,
  );
  console.log(`${'page'.padEnd(16)} perf  a11y  best  seo     LCP      CLS    TBT   bench  slowdown`);
  for (const p of pages) {
    const runs: Figures[] = [];
    // Once, and the rest of --runs only near the gate: a page whose first run scores within NEAR_GATE points of the
    // performance gate, or under 100 in another category, or a TBT past NEAR_TBT of its goal, is measured again and
    // judged (and printed) by the median.
    runs.push(await audit(`${SHOP}${p}`, chrome.port, platform));
    const near = (r: Figures) =>
      r.scores.performance < THRESHOLDS.performance + NEAR_GATE || failedAudits(r.scores).length > 0 || r.tbt > GOAL.tbtMs * NEAR_TBT;
    if (near(runs[0] as Figures)) while (runs.length < RUNS) runs.push(await audit(`${SHOP}${p}`, chrome.port, platform));
    // Each figure the median of its runs (a run's TBT and its score vary apart with the machine's noise).
    const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const score = (c: Category) => mid(runs.map((r) => r.scores[c]));
    const f: Figures = {
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
      },
      lcp: mid(runs.map((r) => r.lcp)),
      cls: mid(runs.map((r) => r.cls)),
      tbt: mid(runs.map((r) => r.tbt)),
      benchmarkIndex: mid(runs.map((r) => r.benchmarkIndex)),
      lighthouseIndex: mid(runs.map((r) => r.lighthouseIndex)),
      slowdown: mid(runs.map((r) => r.slowdown)),
      missed: [...new Set(runs.flatMap((r) => r.missed))],
      mainThreadMs: mid(runs.map((r) => r.mainThreadMs)),
      longTasks: runs.flatMap((r) => r.longTasks),
      machine: { busy: mid(runs.map((r) => r.machine.busy)), steal: mid(runs.map((r) => r.machine.steal)) },
    };
    const label = p.replace(/[0-9a-f-]{36}/, '{id}');
    const low = failedAudits(f.scores);
    if (low.length > 0) failed = true;
    const short = [
      ...(f.scores.performance < GOAL.performance ? [`performance under ${GOAL.performance}`] : []),
      ...(f.tbt > GOAL.tbtMs ? [`TBT over ${GOAL.tbtMs} ms`] : []),
    ];
    console.log(
      `${label.padEnd(16)} ${String(f.scores.performance).padStart(4)}  ${String(f.scores.accessibility).padStart(4)}  ${String(f.scores['best-practices']).padStart(4)}  ${String(f.scores.seo).padStart(3)}  ${(f.lcp / 1000).toFixed(2).padStart(5)} s  ${f.cls.toFixed(3).padStart(6)}  ${Math.round(f.tbt).toString().padStart(4)} ms  ${(Number.isNaN(f.benchmarkIndex) ? '' : `${Math.round(f.benchmarkIndex)}/`).padStart(5)}${Math.round(f.lighthouseIndex)}  ${f.slowdown.toFixed(2).padStart(6)}×${low.length ? `  under the gate: ${low.join(', ')}` : ''}${short.length ? `  short of the goal: ${short.join(', ')}` : ''}${f.missed.length ? ` (${f.missed.join(', ')})` : ''}`,
    );
    // What tells a slow page from a busy machine, printed when a page misses the goal: the main thread's
    // work unthrottled, the longest tasks, and how busy the machine was (and how much the host stole).
    if (short.length || low.length) {
      const pct = (x: number) => (Number.isNaN(x) ? '?' : `${Math.round(x * 100)} %`);
      console.log(
        `${''.padEnd(16)} main thread ${Math.round(f.mainThreadMs)} ms unthrottled; machine busy ${pct(f.machine.busy)}, stolen ${pct(f.machine.steal)}; longest tasks: ${f.longTasks.join('; ') || 'none'}`,
      );
    }
  }
} finally {
  hog?.kill();
  chrome?.kill();
  shop.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
if (CHECK && failed) {
  console.error(`A page is under the gate (performance ≥ ${THRESHOLDS.performance}, the others 100).`);
  process.exit(1);
}
