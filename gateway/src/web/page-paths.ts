import type { PageDescription, ServerEntry } from '@digitic/web/server-contract';
import type { Request } from 'express';

const DESCRIBED_PATHS = 5_000;
/** Longer paths (a request line may carry ~16 KB) are described anew each time, not remembered. */
const REMEMBERED_PATH = 256;

/** What is known of a path: the page it shows, and that page's one spelling. */
export type Described = PageDescription & { canonical: string };

/** Which page a path is, remembered (matching the router's routes costs more than the rest of a cache hit). */
export function pageDescriber(entry: ServerEntry | null) {
  const descriptions = new Map<string, Described>();
  return (pathname: string): Described | undefined => {
    if (!entry) return undefined;
    let d = descriptions.get(pathname);
    if (!d) {
      d = { ...entry.describePage(pathname), canonical: entry.canonicalPath(pathname) };
      if (pathname.length > REMEMBERED_PATH) return d;
      if (descriptions.size >= DESCRIBED_PATHS) descriptions.delete(descriptions.keys().next().value as string);
      descriptions.set(pathname, d);
    }
    return d;
  };
}

/**
 * The page's address as rendered and cached: its path with only the query parameters the page reads,
 * each once (its first value), in a fixed order. Made-up parameters (`/product?utm=…`, a crawler's or an
 * attacker's) and repeated ones neither render the page anew nor take a place in the cache.
 */
export function pageAddress(req: Pick<Request, 'path' | 'originalUrl'>, read: string[]): string {
  const given = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
  const kept = new URLSearchParams();
  for (const name of [...read].sort()) {
    const value = given.get(name);
    if (value !== null) kept.append(name, value);
  }
  const query = kept.toString();
  return query ? `${req.path}?${query}` : req.path;
}

/**
 * A redirect's Location that stays on this site whatever the path holds: it begins with exactly one "/"
 * (`//host` and `/\host` are other sites to a browser), and carries no "\" and no control character
 * (browsers read "\" as "/" and drop tabs and newlines, so `/\t/host` would be `//host`).
 */
export function sameSiteLocation(address: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is dropped
  const plain = address.replace(/[\u0000-\u001f\u007f]/g, '').replace(/\\/g, '%5C');
  return `/${plain.replace(/^\/+/, '')}`;
}
