import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';

/**
 * The client's address as a key of per-address limits, or null when the api does not know it: the request
 * came from a trusted proxy (a gateway) that named no client in X-Forwarded-For, so `req.ip` is the proxy's
 * own address, shared by every shopper behind it; a limit on it would be a limit on the whole shop.
 */
export function clientAddress(req: Request): string | null {
  const trusted = req.app.get('trust proxy fn') as ((addr: string, hop: number) => boolean) | undefined;
  const socket = req.socket.remoteAddress;
  if (!req.ip || !socket) return null;
  if (req.ips.length === 0 && trusted?.(socket, 0)) return null;
  return addressKey(req.ip);
}

/**
 * One key for one sender: an IPv4 address as it is (also when written IPv4-mapped, ::ffff:a.b.c.d), an IPv6
 * one by its /64 (what one subscriber is given: any address in it is theirs to use).
 */
export function addressKey(ip: string): string {
  const bare = ip.trim().toLowerCase().replace(/%.*$/, '');
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  const g = groups(bare);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    const [hi = 0, lo = 0] = g.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}

/**
 * The network a sender's key belongs to, for a limit on many addresses of one owner: an IPv4 address's /24, an
 * IPv6 one's /48 (a site's usual allocation; a free tunnel gives one). Anything else is its own network.
 */
export function networkKey(key: string): string {
  if (isIPv4(key)) return `${key.split('.').slice(0, 3).join('.')}.0/24`;
  const v6 = /^([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/.exec(key);
  return v6 ? `${v6[1]}:${v6[2]}:${v6[3]}::/48` : key;
}

/** The eight 16-bit groups of a valid IPv6 address (a :: filled with zeros, an IPv4 tail as two groups). */
function groups(v6: string): number[] {
  const part = (s: string) =>
    s
      ? s.split(':').flatMap((x) => {
          if (!x.includes('.')) return [parseInt(x, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = x.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const [head = '', tail] = v6.split('::');
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
