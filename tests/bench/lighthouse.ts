/**
 * Lighthouse (mobile emulation: Moto G Power-sized screen, slow 4G and 4× CPU slowdown, simulated)
 * on the shop's production build as `npm start` serves it, with Debian's Chromium. Prints the four
 * category scores and LCP / CLS / TBT of each page; with --check, exits 1 when a page scores under
 * 90 for performance or under 100 for accessibility, best practices or SEO.
 *
 *   npm run lighthouse            (builds first; --runs=3 reports the median of three runs a page)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startShop, waitFor } from './shop-process';

const PORT = 4650;
const SHOP = `http://127.0.0.1:${PORT}`;
// Full reports, for a closer look: open them in https://googlechrome.github.io/lighthouse/viewer/ or read the JSON.
const REPORTS = path.join(import.meta.dirname, '.lighthouse');
const runsArg = process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length);
const RUNS = Math.max(1, Number(runsArg ?? process.env.LIGHTHOUSE_RUNS ?? 1) || 1);
const CHECK = process.argv.includes('--check');
const THRESHOLDS = { performance: 90, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
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

interface Figures {
  scores: Record<Category, number>;
  lcp: number;
  cls: number;
  tbt: number;
  /** Audits short of full marks outside performance, to say what to mend. */
  missed: string[];
}

async function audit(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(THRESHOLDS),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
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
    missed,
  };
}

function failedAudits(categoryScores: Figures['scores']) {
  return (Object.keys(THRESHOLDS) as Category[]).filter((c) => categoryScores[c] < THRESHOLDS[c]);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'digitic-lighthouse-'));
const shop = startShop(PORT, dataDir, { PUBLIC_URL: SHOP, WEB_URL: SHOP });
let chrome: chromeLauncher.LaunchedChrome | undefined;
let failed = false;
try {
  await waitFor(`${SHOP}/robots.txt`);
  await waitFor(`http://127.0.0.1:${PORT + 1}/api/health`);
  const { product, blog } = await firstIds();
  const pages = ['/', '/product', `/product/${product}`, '/blogs', `/blog/${blog}`];
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  // One visit each first, so the shop's caches are as a visitor after the first would find them.
  for (const p of pages) await fetch(`${SHOP}${p}`, { headers: { accept: 'text/html' } });

  console.log(`Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile emulation, ${SHOP}`);
  console.log(`${'page'.padEnd(16)} perf  a11y  best  seo     LCP      CLS    TBT`);
  for (const p of pages) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(`${SHOP}${p}`, chrome.port));
    runs.sort((a, b) => a.scores.performance - b.scores.performance);
    const f = runs[Math.floor(runs.length / 2)] as Figures;
    const label = p.replace(/[0-9a-f-]{36}/, '{id}');
    const low = failedAudits(f.scores);
    if (low.length > 0) failed = true;
    console.log(
      `${label.padEnd(16)} ${String(f.scores.performance).padStart(4)}  ${String(f.scores.accessibility).padStart(4)}  ${String(f.scores['best-practices']).padStart(4)}  ${String(f.scores.seo).padStart(3)}  ${(f.lcp / 1000).toFixed(2).padStart(5)} s  ${f.cls.toFixed(3).padStart(6)}  ${Math.round(f.tbt).toString().padStart(4)} ms${low.length ? `  under target: ${low.join(', ')}` : ''}${f.missed.length ? ` (${f.missed.join(', ')})` : ''}`,
    );
  }
} finally {
  chrome?.kill();
  shop.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
if (CHECK && failed) {
  console.error(`A page is under the targets (performance ≥ ${THRESHOLDS.performance}, the others 100).`);
  process.exit(1);
}
