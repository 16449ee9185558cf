import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface BuildAssets {
  /** For each page module (as the router names it), the chunks the browser needs to hydrate it, to preload. */
  chunks: Map<string, string[]>;
  /** For each page module, its own stylesheets (files under dist), inlined in its server-rendered pages. */
  styles: Map<string, string[]>;
  /** The stylesheets of the app every page starts, beyond the entry's own (which index.html links). */
  appStyles: string[];
  /** The chunks of the app the entry starts (src/main.tsx imports them in turn), to preload all at once. */
  appChunks: string[];
}

/** What the build's manifest says each page needs beyond what every page loads. */
export function readBuildAssets(dist: string): BuildAssets {
  type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; css?: string[] };
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return seen;
    seen.add(key);
    for (const dep of chunk.imports ?? []) closure(dep, seen);
    return seen;
  };
  const cssOf = (keys: Iterable<string>) => [...new Set([...keys].flatMap((k) => manifest[k]?.css ?? []))];
  // The entry and the app it starts (src/boot.tsx) are what every page loads.
  const inEntry = entryKey ? closure(entryKey) : new Set<string>();
  const entryCss = new Set(entryKey ? (manifest[entryKey]?.css ?? []) : []);
  for (const started of (entryKey && manifest[entryKey]?.dynamicImports) || []) closure(started, inEntry);
  const staticEntry = entryKey ? closure(entryKey) : new Set<string>();
  const appChunks = [...inEntry]
    .filter((k) => !staticEntry.has(k) && manifest[k]?.file.endsWith('.js'))
    .map((k) => `/${manifest[k]?.file}`);
  const always = new Set(cssOf(inEntry));
  const chunks = new Map<string, string[]>();
  const styles = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    const own = [...closure(key)].filter((k) => !inEntry.has(k));
    chunks.set(
      key,
      own.map((k) => `/${manifest[k]?.file ?? ''}`),
    );
    styles.set(
      key,
      cssOf(closure(key)).filter((f) => !always.has(f)),
    );
  }
  return { chunks, styles, appStyles: [...always].filter((f) => !entryCss.has(f)), appChunks };
}
