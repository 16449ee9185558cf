/**
 * Main-thread work of the five measured pages while they load and hydrate, unthrottled, from a Chrome trace:
 * Lighthouse records the navigation (mobile screen, no CPU or network throttling) and its own trace
 * processing (tracehouse's main-thread tasks and task groups, as its "Minimize main-thread work" audit uses
 * them) sorts the renderer's main thread into script (evaluation, parse and compile), style and layout, and
 * the rest. Prints, per page, the median of the runs: script ms, style/layout ms, the whole main thread, the
 * longest task and how many tasks ran over 50 ms; with --check, exits 1 when a page has a task over 50 ms or
 * `/` spends more script time than its goal.
 *
 *   npm run bench:main-thread -w tests            (builds first)
 *   -- --runs=5 --check --tasks                   (--tasks lists each page's ten longest tasks and what ran in them)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startShop, waitFor } from './shop-process';

const PORT = 4670;
const SHOP = `http://127.0.0.1:${PORT}`;
const runsArg = process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length);
const RUNS = Math.max(1, Number(runsArg ?? 3) || 3);
const CHECK = process.argv.includes('--check');
const TASKS = process.argv.includes('--tasks');

/**
 * The goals of issue #26: no task over 50 ms on any page; `/` at most half the script time it had before
 * it, 76 ms measured by this bench on a machine of the CI's kind (Lighthouse benchmarkIndex ~3,600-4,100).
 * A slower machine of the kind needs proportionally more, so the script goal is a figure of that machine.
 */
export const GOALS = { longestTaskMs: 50, homeScriptMs: 38 };

interface TaskNode {
  event: { name: string; args?: { data?: { url?: string; functionName?: string } } };
  duration: number;
  selfTime: number;
  startTime: number;
  parent?: TaskNode;
  children: TaskNode[];
  group: { id: string };
  attributableURLs: string[];
}

export interface PageWork {
  scriptMs: number;
  styleLayoutMs: number;
  totalMs: number;
  longestTaskMs: number;
  tasksOver50: number;
  longest: { start: number; ms: number; what: string }[];
}

/** What ran in a task, for the --tasks listing: its script URL's last part and its heaviest child events. */
function describeTask(task: TaskNode): string {
  const names = new Map<string, number>();
  const walk = (t: TaskNode) => {
    const data = t.event.args?.data;
    const label = data?.url
      ? `${t.event.name}(${data.url.split('/').pop()})`
      : data?.functionName
        ? `${t.event.name}(${data.functionName})`
        : t.event.name;
    names.set(label, (names.get(label) ?? 0) + t.selfTime);
    t.children.forEach(walk);
  };
  walk(task);
  return [...names]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([n, ms]) => `${n} ${ms.toFixed(0)}`)
    .join(', ');
}

export function mainThreadWork(trace: { traceEvents: unknown[] }): PageWork {
  const processed = TraceProcessor.processTrace(trace) as unknown as {
    mainThreadEvents: unknown[];
    frames: { id: string; url: string }[];
    timestamps: { traceEnd: number; timeOrigin: number };
  };
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents as never,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  ) as unknown as TaskNode[];
  const byGroup = new Map<string, number>();
  for (const t of tasks) byGroup.set(t.group.id, (byGroup.get(t.group.id) ?? 0) + t.selfTime);
  const top = tasks.filter((t) => !t.parent && t.startTime >= 0);
  const sorted = [...top].sort((a, b) => b.duration - a.duration);
  const total = [...byGroup.values()].reduce((a, b) => a + b, 0);
  return {
    scriptMs: (byGroup.get('scriptEvaluation') ?? 0) + (byGroup.get('scriptParseCompile') ?? 0),
    styleLayoutMs: byGroup.get('styleLayout') ?? 0,
    totalMs: total,
    longestTaskMs: sorted[0]?.duration ?? 0,
    tasksOver50: top.filter((t) => t.duration > 50).length,
    longest: sorted.slice(0, 10).map((t) => ({ start: t.startTime, ms: t.duration, what: describeTask(t) })),
  };
}

async function measure(url: string, port: number): Promise<PageWork> {
  const result = await lighthouse(
    url,
    { port, logLevel: 'error', onlyAudits: ['mainthread-work-breakdown'] },
    {
      extends: 'lighthouse:default',
      settings: {
        throttlingMethod: 'provided',
        throttling: {
          cpuSlowdownMultiplier: 1,
          rttMs: 0,
          throughputKbps: 0,
          requestLatencyMs: 0,
          downloadThroughputKbps: 0,
          uploadThroughputKbps: 0,
        },
      },
    },
  );
  const trace = (result?.artifacts as unknown as { Trace?: { traceEvents: unknown[] } } | undefined)?.Trace;
  if (!trace) throw new Error(`${url}: Lighthouse kept no trace`);
  return mainThreadWork(trace);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const dataDir = mkdtempSync(path.join(tmpdir(), 'digitic-main-thread-'));
const shop = startShop(PORT, dataDir, { PUBLIC_URL: SHOP, WEB_URL: SHOP });
let chrome: chromeLauncher.LaunchedChrome | undefined;
let failed = false;
try {
  await waitFor(`${SHOP}/robots.txt`);
  await waitFor(`http://127.0.0.1:${PORT + 1}/api/health`);
  const ids = (await (
    await fetch(`${SHOP}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ products(pageSize: 1) { items { id } } blogs { id } }' }),
    })
  ).json()) as { data: { products: { items: { id: string }[] }; blogs: { id: string }[] } };
  const pages = ['/', '/product', `/product/${ids.data.products.items[0]?.id}`, '/blogs', `/blog/${ids.data.blogs[0]?.id}`];
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  for (const p of pages) await fetch(`${SHOP}${p}`, { headers: { accept: 'text/html' } });

  console.log(`Main thread while loading and hydrating, unthrottled, mobile screen (median of ${RUNS}; Lighthouse's trace processing)`);
  console.log(`${'page'.padEnd(16)} script  style/layout  all main thread  longest task  tasks > 50 ms`);
  for (const p of pages) {
    const runs: PageWork[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(`${SHOP}${p}`, chrome.port));
    const f: PageWork = {
      scriptMs: median(runs.map((r) => r.scriptMs)),
      styleLayoutMs: median(runs.map((r) => r.styleLayoutMs)),
      totalMs: median(runs.map((r) => r.totalMs)),
      longestTaskMs: median(runs.map((r) => r.longestTaskMs)),
      tasksOver50: median(runs.map((r) => r.tasksOver50)),
      longest: runs.find((r) => r.longestTaskMs === median(runs.map((x) => x.longestTaskMs)))?.longest ?? [],
    };
    const label = p.replace(/[0-9a-f-]{36}/, '{id}');
    const over = [
      ...(f.longestTaskMs > GOALS.longestTaskMs ? [`a task over ${GOALS.longestTaskMs} ms`] : []),
      ...(p === '/' && f.scriptMs > GOALS.homeScriptMs ? [`script over ${GOALS.homeScriptMs} ms`] : []),
    ];
    if (over.length) failed = true;
    console.log(
      `${label.padEnd(16)} ${f.scriptMs.toFixed(0).padStart(4)} ms  ${f.styleLayoutMs.toFixed(0).padStart(7)} ms  ${f.totalMs.toFixed(0).padStart(11)} ms  ${f.longestTaskMs.toFixed(0).padStart(9)} ms  ${String(f.tasksOver50).padStart(6)}${over.length ? `   over the goal: ${over.join(', ')}` : ''}`,
    );
    if (TASKS)
      for (const t of f.longest) console.log(`    at ${t.start.toFixed(0).padStart(5)} ms  ${t.ms.toFixed(1).padStart(6)} ms  ${t.what}`);
  }
} finally {
  chrome?.kill();
  shop.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
if (CHECK && failed) {
  console.error(`A page is over the goals (no task over ${GOALS.longestTaskMs} ms; / at most ${GOALS.homeScriptMs} ms of script).`);
  process.exit(1);
}
