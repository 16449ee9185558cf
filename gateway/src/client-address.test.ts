import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './test/harness.js';

// Regression: the storefront's calls reached the api without the client's address, so the api's per-address
// limits (contact messages, coupon codes) saw every shopper as the gateway, or nobody. The gateway forwards
// the address it believes (the socket's, or the one a trusted proxy named) on every call.

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway({ TRUST_PROXY: 'loopback' });
});
afterAll(() => gw.close());

async function enquiry(from: string, n: number) {
  const res = await fetch(`${gw.url}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
    body: JSON.stringify({
      query: 'mutation($i: EnquiryInput!) { submitEnquiry(input: $i) { id } }',
      variables: {
        i: { name: 'Asha', email: `asha.${n}.${from.replace(/\W/g, '')}@example.com`, mobile: '9876543210', comment: 'Is it in stock?' },
      },
    }),
  });
  const body = (await res.json()) as { errors?: { message: string; extensions: { code: string } }[] };
  return body.errors?.[0]?.extensions.code ?? 'OK';
}

describe("the client's address, through the gateway to the api", () => {
  it('counts contact messages per client: a sixth in the hour from one address is refused, another client is not', async () => {
    const first: string[] = [];
    for (let i = 0; i < 6; i++) first.push(await enquiry('203.0.113.9', i));
    expect(first).toEqual(['OK', 'OK', 'OK', 'OK', 'OK', 'RATE_LIMITED']);
    expect(await enquiry('203.0.113.10', 0)).toBe('OK');
    // An IPv6 client is one client across its /64.
    const v6: string[] = [];
    for (let i = 0; i < 6; i++) v6.push(await enquiry(`2001:db8:7:8::${i + 1}`, i));
    expect(v6.at(-1)).toBe('RATE_LIMITED');
  });
});
