import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type Stack, startStack } from '../support/stack';

// Every shell command of docs/graphql-guide.md, and on their own those of its "Quick reference", runs as
// written against a fresh shop (only its address differs from http://localhost:4000).

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ basePort: 5350 });
});
afterAll(() => stack?.close());

/** The ```sh blocks of a markdown file (of one section, when named), in order. */
function shellBlocks(file: string, section?: string): string {
  let text = readFileSync(path.join(ROOT, file), 'utf8');
  if (section) text = text.slice(text.indexOf(`## ${section}`), text.indexOf('\n## ', text.indexOf(`## ${section}`) + 3));
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]).join('\n');
}

// Not execSync: the stack's fault proxies run in this process and must keep forwarding meanwhile.
const bash = (script: string) =>
  new Promise<{ code: number; out: string }>((resolve) => {
    execFile('bash', ['-c', `set -euo pipefail\n${script}`], { cwd: ROOT, timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: stdout + stderr }),
    );
  });

describe('the GraphQL guide, run as written', () => {
  it('registers, signs in, browses, fills a cart, pays through the simulator and places the order', async () => {
    const script = shellBlocks('docs/graphql-guide.md').replaceAll('http://localhost:4000', stack.shops[0] as string);
    const run = await bash(script);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/"me":\{"firstname":"Asha"/);
    expect(run.out).toMatch(/"addToCart":\{"lineCount":1/);
    expect(run.out).toMatch(/"placeOrder":\{"id":"[^"]+","status":"ORDERED"/);
    expect(run.out).toMatch(/"checkoutStatus":\{"state":"ORDERED"/);
    expect(run.out).toMatch(/pageSize must be a whole number from 1 to 100/);
    expect(run.out).toMatch(/UNAUTHENTICATED[\s\S]*HTTP 401/);
    expect(run.out).toMatch(/"shopInfo":\{"name":"Digitic"/);
    expect(run.out).toMatch(/^Cart: 1 line\(s\)/m);
  });

  it("runs the guide's quick reference for other clients", async () => {
    const script = shellBlocks('docs/graphql-guide.md', 'Quick reference').replaceAll('http://localhost:4000', stack.shops[0] as string);
    expect(script).toMatch(/curl/);
    const run = await bash(script);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/"me":\{"firstname":"Asha"\}/);
  });
});
