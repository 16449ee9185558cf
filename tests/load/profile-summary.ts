// The top costs in CPU profiles (Node's --cpu-prof, as the load run's --cpu-prof=<folder> writes them): for each
// folder of profiles (api/, gateway/), the share of the samples spent in each function itself (self time) and in each
// part of the code (the shop's own workspaces, each package in node_modules, Node's internals, the garbage collector,
// idle), summed over the processes of that folder.
//
//   node --import tsx tests/load/profile-summary.ts <folder> [--top=25]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const folder = process.argv[2];
if (!folder) {
  console.error('usage: profile-summary.ts <folder of .cpuprofile files, or of folders of them>');
  process.exit(2);
}
const top = Number(process.argv.find((a) => a.startsWith('--top='))?.split('=')[1] ?? 25);

/** The part of the code a script's URL belongs to: a package, a workspace of the shop, Node itself. */
function partOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  const own = /\/(api|gateway|web|server-kit|shop-rules|rest-contract)\/(?:dist|src)\/(?:([^/]+)\/)?/.exec(url);
  if (own) return own[2] && !own[2].includes('.') ? `${own[1]}/${own[2]}` : (own[1] as string);
  return url.replace(/^file:\/\//, '');
}

function summarise(name: string, files: string[]) {
  const byFunction = new Map<string, number>();
  const byPart = new Map<string, number>();
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const node = nodes.get(id);
      if (!node) return;
      const us = profile.timeDeltas[i] ?? 0;
      const { functionName, url, lineNumber } = node.callFrame;
      const fn = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|api|gateway|web|server-kit|shop-rules)\//, '$1/')}:${lineNumber + 1}` : ''}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
      const part = partOf(url, functionName);
      byPart.set(part, (byPart.get(part) ?? 0) + us);
      total += us;
    });
  }
  const busy = total - (byPart.get('(idle)') ?? 0);
  const line = (label: string, us: number) =>
    `  ${((us / busy) * 100).toFixed(1).padStart(5)} %  ${(us / 1e6).toFixed(1).padStart(6)} s  ${label}`;
  console.log(
    `\n${name}: ${files.length} profile(s), ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (shares below are of the busy time)`,
  );
  console.log(' by part of the code:');
  for (const [part, us] of [...byPart]
    .filter(([p]) => p !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(line(part, us));
  console.log(' by function (self time):');
  for (const [fn, us] of [...byFunction]
    .filter(([f]) => !f.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(line(fn, us));
}

const entries = readdirSync(folder).map((f) => path.join(folder, f));
const here = entries.filter((f) => f.endsWith('.cpuprofile'));
if (here.length > 0) summarise(folder, here);
for (const sub of entries.filter((f) => statSync(f).isDirectory()))
  summarise(
    path.basename(sub),
    readdirSync(sub)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(sub, f)),
  );
