// Prints the gzipped JavaScript each storefront route loads (the entry chunk and everything it imports,
// plus the route's lazy chunk and what that imports) and the route's own share, then checks the budgets:
//   - a route's own chunks (beyond the entry) at most 30 kB;
//   - form libraries (react-hook-form, zod) only in the form routes' chunks, never in the entry;
//   - the first load of / at most FIRST_LOAD_CEILING (see below). Exits 1 when one is broken.
// Reads web/dist/.vite/manifest.json and the source maps (npm run build first; npm run bundle:report does).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { assertBuilt } from './built.mjs';

const KB = 1024;
// The goal for the first load of / is 100 kB. React 19's react-dom (~61 kB), Apollo Client 3 with its helpers
// (~44 kB), React Router 7's data router (~30 kB) and graphql's printer and visitor (~4 kB), which
// docs/architecture.md pins, already weigh ~145 kB together (printed below as "framework"); CI holds the first
// load at the size it has now (159.4 kB, was 166.8 before issue #16 generated each page's documents beside it,
// compiled Apollo's development checks out and loaded the toasts after hydration) so that it can only shrink.
const FIRST_LOAD_TARGET = 100 * KB;
const FIRST_LOAD_CEILING = 160 * KB;
const ROUTE_OWN_BUDGET = 30 * KB;
const FORM_LIBRARIES = /node_modules\/(react-hook-form|zod|@hookform)\//;

const dist = path.resolve(import.meta.dirname, '../web/dist');
try {
  assertBuilt(['web']);
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gz = new Map();
const size = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return gz.get(file);
};
const hasFormLibraries = (file) => {
  try {
    const map = JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8'));
    return map.sources.some((s) => FORM_LIBRARIES.test(s));
  } catch {
    return false;
  }
};
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
// The entry only starts the app (src/boot.tsx, imported at once or, on a server-rendered page, once its
// pictures are in): every page loads both.
const entry = closure(entryKey);
for (const started of manifest[entryKey].dynamicImports ?? []) closure(started, entry);
// Every page module of the build (web/src/app/router.tsx names them), and the home page in the entry.
// Form libraries belong only to the pages with forms: sign-in and account, contact, checkout.
const FORM_PAGES = /^src\/features\/(account|contact|checkout)\//;
const routes = [
  { route: '/ (home), not found', key: null },
  ...Object.keys(manifest)
    .filter((k) => /^src\/features\/[\w-]+\/[\w-]+-page\.tsx$/.test(k))
    .sort()
    .map((key) => ({ route: key.replace(/^src\/features\//, ''), key, form: FORM_PAGES.test(key) })),
];
const kb = (n) => `${(n / KB).toFixed(1)} kB`;
const js = (files) => [...files].filter((f) => f.endsWith('.js'));
const problems = [];

console.log('route'.padEnd(52), 'first load', '  own chunks');
for (const { route, key, form } of routes) {
  if (key && !manifest[key]) problems.push(`${route}: ${key} is not in the build's manifest`);
  const own = key ? js(closure(key)).filter((f) => !entry.has(f)) : [];
  const total = js(entry).reduce((s, f) => s + size(f), 0) + own.reduce((s, f) => s + size(f), 0);
  const ownSize = own.reduce((s, f) => s + size(f), 0);
  console.log(route.padEnd(52), kb(total).padStart(10), kb(ownSize).padStart(12));
  if (ownSize > ROUTE_OWN_BUDGET) problems.push(`${route}: its own chunks are ${kb(ownSize)}, over ${kb(ROUTE_OWN_BUDGET)}`);
  if (!form && own.some(hasFormLibraries)) problems.push(`${route}: loads a form library but has no form`);
}
const firstLoad = js(entry).reduce((s, f) => s + size(f), 0);
if (js(entry).some(hasFormLibraries)) problems.push('the entry chunk holds a form library');
const css = Object.values(manifest).flatMap((c) => c.css ?? []);
console.log(
  "CSS (all routes; a page inlines the app's and its own)".padEnd(52),
  kb([...new Set(css)].reduce((s, f) => s + size(f), 0)).padStart(10),
);
console.log(
  `\nFirst load of /: ${kb(firstLoad)} (goal ${kb(FIRST_LOAD_TARGET)}${firstLoad > FIRST_LOAD_TARGET ? `, ${kb(firstLoad - FIRST_LOAD_TARGET)} over` : ', met'}; CI ceiling ${kb(FIRST_LOAD_CEILING)})`,
);
// How much of the first load is the pinned framework and how much the shop's own code: each chunk's gzipped
// size shared out by the bytes its source map gives each package.
const FRAMEWORK =
  /node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@apollo\/client|graphql|zen-observable|zen-observable-ts|optimism|@wry\/[\w-]+|tslib|ts-invariant|rehackt)\//;
let framework = 0;
for (const file of js(entry)) {
  let map;
  try {
    map = new SourceMapConsumer(JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8')));
  } catch {
    continue;
  }
  const code = readFileSync(path.join(dist, file), 'utf8');
  let previous = null;
  let frameworkChars = 0;
  map.eachMapping((m) => {
    if (previous && previous.generatedLine === m.generatedLine && FRAMEWORK.test(previous.source ?? '')) {
      frameworkChars += m.generatedColumn - previous.generatedColumn;
    }
    previous = m;
  });
  framework += (frameworkChars / code.length) * size(file);
}
console.log(
  `  framework (React, React Router, Apollo Client, graphql): ${kb(framework)}; the shop's own code: ${kb(firstLoad - framework)}`,
);
if (firstLoad > FIRST_LOAD_CEILING) problems.push(`the first load of / is ${kb(firstLoad)}, over the ceiling of ${kb(FIRST_LOAD_CEILING)}`);

// The back office is its own build (admin/dist), served at /admin/ only: nothing of it may be in a storefront
// file. Its modules' source paths and its client's name would show in the storefront's source maps and code.
const adminDist = path.resolve(import.meta.dirname, '../admin/dist');
let adminSize = 0;
try {
  for (const f of readdirSync(path.join(adminDist, 'assets')).filter((f) => f.endsWith('.js'))) {
    adminSize += gzipSync(readFileSync(path.join(adminDist, 'assets', f))).length;
  }
} catch {
  // not built: nothing to weigh
}
// Its first load (the entry and what it imports statically) and what each screen adds when first opened (its
// lazy chunk and the static imports the first load does not have), from the build's manifest.
const ADMIN_FIRST_LOAD_CEILING = 300 * 1024;
const ADMIN_SCREEN_CEILING = 60 * 1024;
// The editor is a library of its own size (Tiptap over ProseMirror, ~124 kB): held so it does not grow unseen.
const ADMIN_PART_CEILINGS = { 'components/rich-text.tsx': 130 * 1024 };
let adminManifest = null;
try {
  adminManifest = JSON.parse(readFileSync(path.join(adminDist, '.vite/manifest.json'), 'utf8'));
} catch {
  // not built, or built without its manifest
}
if (adminManifest) {
  const gz = (file) => gzipSync(readFileSync(path.join(adminDist, file))).length;
  const closure = (key, into = new Set()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const i of adminManifest[key]?.imports ?? []) closure(i, into);
    return into;
  };
  const entry = Object.keys(adminManifest).find((k) => adminManifest[k].isEntry);
  const first = closure(entry);
  const adminFirst = [...first].reduce((n, k) => n + gz(adminManifest[k].file), 0);
  console.log(
    `  the back office's first load (/admin/): ${kb(adminFirst)} (ceiling ${kb(ADMIN_FIRST_LOAD_CEILING)}); each screen adds, when first opened:`,
  );
  if (adminFirst > ADMIN_FIRST_LOAD_CEILING)
    problems.push(`the back office's first load is ${kb(adminFirst)}, over ${kb(ADMIN_FIRST_LOAD_CEILING)}`);
  const screens = Object.keys(adminManifest)
    .filter((k) => adminManifest[k].isDynamicEntry && /-page\.tsx$/.test(k))
    .map((k) => [
      k.replace(/^src\/features\//, ''),
      [...closure(k)].filter((c) => !first.has(c)).reduce((n, c) => n + gz(adminManifest[c].file), 0),
    ])
    .sort((a, b) => b[1] - a[1]);
  for (const [name, bytes] of screens) {
    console.log(`    ${name.padEnd(44)} ${kb(bytes).padStart(9)}`);
    if (bytes > ADMIN_SCREEN_CEILING) problems.push(`the back office's screen ${name} adds ${kb(bytes)}, over ${kb(ADMIN_SCREEN_CEILING)}`);
  }
  // What a screen loads on its own later, apart from its code: the rich-text editor (Tiptap and ProseMirror),
  // loaded only by the screens that write a description, beside the screen's figure above. Held apart.
  const parts = Object.keys(adminManifest).filter((k) => adminManifest[k].isDynamicEntry && !/-page\.tsx$/.test(k));
  for (const k of parts) {
    const bytes = [...closure(k)].filter((c) => !first.has(c)).reduce((n, c) => n + gz(adminManifest[c].file), 0);
    const name = k.replace(/^src\//, '');
    const ceiling = ADMIN_PART_CEILINGS[name] ?? ADMIN_SCREEN_CEILING;
    console.log(`    then, on its own: ${name.padEnd(26)} ${kb(bytes).padStart(9)} (ceiling ${kb(ceiling)})`);
    if (bytes > ceiling) problems.push(`the back office's ${name} adds ${kb(bytes)}, over ${kb(ceiling)}`);
  }
}
const storefrontFiles = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js') || f.endsWith('.js.map'));
const withAdmin = storefrontFiles.filter((f) => {
  const text = readFileSync(path.join(dist, 'assets', f), 'utf8');
  return text.includes('admin/src/') || text.includes('digitic-admin') || text.includes('/admin/graphql');
});
console.log(
  `  the back office (/admin/ only, its own build): ${adminSize ? kb(adminSize) : 'not built'}; in storefront files: ${withAdmin.length === 0 ? 'none of it' : withAdmin.join(', ')}`,
);
if (withAdmin.length > 0) problems.push(`storefront files carry back-office code: ${withAdmin.join(', ')}`);

if (problems.length > 0) {
  console.error(`\nOver budget:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Within budget.');
