import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceFirstOwner } from './first-owner-banner.js';

const LINK = 'http://localhost:4000/admin/enrol#abc';
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: Server | undefined;
afterEach(() => server?.close());

/** A public address that is ready once `up` is true. */
async function publicAddress(state: { up: boolean }) {
  server = createServer((req, res) => {
    res.statusCode = state.up && req.url === '/ready' ? 200 : 503;
    res.end();
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the first owner's banner", () => {
  it('is printed once the public address answers, then again until someone enrols', async () => {
    const state = { up: false };
    const lines: string[] = [];
    let owner = false;
    const stop = announceFirstOwner({
      link: LINK,
      expiresAt: new Date(Date.now() + 60_000),
      webUrl: await publicAddress(state),
      hasActiveOwner: async () => owner,
      logger: { warn: (line: string) => void lines.push(line) } as never,
      everyMs: 100,
      settleMs: 10,
    });
    await settle(400);
    expect(lines).toEqual([]);
    state.up = true;
    await vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    expect(lines.every((l) => l.includes(LINK))).toBe(true);
    owner = true;
    await settle(250);
    const printed = lines.length;
    await settle(300);
    expect(lines.length).toBe(printed);
    stop();
  });

  it('prints anyway when the address never answers, and says once when the link has expired', async () => {
    const lines: string[] = [];
    const stop = announceFirstOwner({
      link: LINK,
      expiresAt: new Date(Date.now() + 300),
      webUrl: await publicAddress({ up: false }),
      hasActiveOwner: async () => false,
      logger: { warn: (line: string) => void lines.push(line) } as never,
      everyMs: 100,
      waitMs: 200,
    });
    await vi.waitFor(() => expect(lines.at(-1)).toContain('expired'), { timeout: 10_000 });
    await settle(300);
    stop();
    expect(lines[0]).toContain(LINK);
    expect(lines.at(-1)).toContain("the first owner's link has expired: restart the shop for a new one");
    expect(lines.filter((l) => l.includes('expired'))).toHaveLength(1);
  });
});
