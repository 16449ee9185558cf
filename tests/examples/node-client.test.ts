import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type Stack, startStack } from '../support/stack';

// The GraphQL guide's typed client (examples/node-client) runs as written against a fresh shop, so it cannot rot:
// its types are generated again from the published schema, and its operations run against the real gateway.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ basePort: 5300, gatewayEnv: { TRUSTED_DOCUMENTS: 'web' } });
});
afterAll(() => stack?.close());

// Not spawnSync: the stack's fault proxies run in this process and must keep forwarding meanwhile.
const runExample = (...args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'example:client', '--', `--shop=${stack.shops[0]}`, ...args],
      { cwd: ROOT, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ status: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });

describe('the typed Node client example', () => {
  const email = `--email=example.${Date.now().toString(36)}@example.com`;

  it('registers, signs in, searches and adds the first match to the cart', async () => {
    const run = await runExample(email);
    expect(run.stderr.replace(/npm warn.*\n/g, '')).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Registered example\./m);
    expect(run.stdout).toMatch(/^Search "mac": \d+ found$/m);
    expect(run.stdout).toMatch(/^Added .+ to the cart$/m);
    expect(run.stdout).toMatch(/^Cart: 1 line\(s\), subtotal Rs\. [\d,]+ \+ shipping Rs\. 100 = Rs\. [\d,]+$/m);
  });

  it('signs in to the account an earlier run made, and says plainly when the password is wrong', async () => {
    const again = await runExample(email);
    expect(again.status).toBe(0);
    expect(again.stdout).not.toMatch(/Registered/);
    expect(again.stdout).toMatch(/^ {2}2 × /m);

    const wrong = await runExample(email, '--password=not the password');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/The shop said: Invalid email or password \(UNAUTHENTICATED\)/);
  });
});
