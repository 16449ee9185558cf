import { chromium } from 'playwright-core';
const url = process.argv[2]!;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(2500);
const { profile } = await cdp.send('Profiler.stop') as any;
const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
const self = new Map<number, number>();
const dts = profile.timeDeltas as number[];
profile.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dts[i + 1] ?? 0)));
const byFn = new Map<string, number>(); const byUrl = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id); const cf = n.callFrame;
  if (['(idle)','(program)','(root)'].includes(cf.functionName)) continue;
  const file = (cf.url || '').split('/').pop() || cf.functionName;
  const k = `${cf.functionName || '(anon)'} ${file}:${cf.lineNumber}`;
  byFn.set(k, (byFn.get(k) ?? 0) + us); byUrl.set(file, (byUrl.get(file) ?? 0) + us);
}
// package attribution via sourcemap-less: by file only
const tot = [...byUrl.values()].reduce((a, b) => a + b, 0);
console.log('total JS sampled ms', (tot / 1000).toFixed(1));
console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${(v / 1000).toFixed(1).padStart(6)} ${k}`).join('\n'));
console.log('--');
console.log([...byFn].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${(v / 1000).toFixed(1).padStart(6)} ${k}`).join('\n'));
await browser.close();
