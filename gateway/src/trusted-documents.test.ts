import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config/env.js';
import { WEB_CLIENT_NAME } from './security/trusted-documents.js';
import { signUp, startTestGateway, type TestGateway } from './test/harness.js';

// The web app's manifest as npm run codegen writes it (scripts/trusted-documents.mjs).
const manifest = JSON.parse(readFileSync(loadConfig({}).trustedDocuments.file, 'utf8')) as {
  operations: { id: string; name: string; type: string; body: string }[];
};
const operation = (name: string) => {
  const op = manifest.operations.find((o) => o.name === name);
  if (!op) throw new Error(`${name} is not in the manifest`);
  return op;
};
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const shopInfo = operation('ShopInfo');
// A client's edit of the web app's document: one more field, its hash computed as Apollo's link would.
const edited = shopInfo.body.replace('phone', 'phone\n    paymentsSimulated');

type Answer = {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions: { code: string } }[] };
};

/** A query by id alone, as GET: what the web app sends. */
async function byId(gw: TestGateway, id: string, variables: Record<string, unknown> = {}, token?: string) {
  const params = new URLSearchParams({
    variables: JSON.stringify(variables),
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: id } }),
  });
  const res = await fetch(`${gw.url}/graphql?${params.toString()}`, {
    headers: {
      'apollographql-client-name': WEB_CLIENT_NAME,
      'x-apollo-operation-name': 'WebApp',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer['body'] };
}

/** A whole document as POST, from the web app or another client. */
async function byDocument(gw: TestGateway, query: string, client?: string, hash?: string): Promise<Answer> {
  const res = await fetch(`${gw.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(client ? { 'apollographql-client-name': client } : {}) },
    body: JSON.stringify({ query, ...(hash ? { extensions: { persistedQuery: { version: 1, sha256Hash: hash } } } : {}) }),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

describe('the manifest of trusted documents', () => {
  it('holds every operation of the web app, each under the sha256 of its document', () => {
    const names = manifest.operations.map((o) => o.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['HomePage', 'ProductPage', 'AddToCart', 'StartCheckout', 'PlaceOrder', 'Login']));
    for (const op of manifest.operations) expect(op.id).toBe(sha256(op.body));
  });
});

describe.each([
  ['open', { TRUSTED_DOCUMENTS: 'open' }],
  ['web', { TRUSTED_DOCUMENTS: 'web' }],
  ['only', { TRUSTED_DOCUMENTS: 'only' }],
])('TRUSTED_DOCUMENTS=%s', (mode, env) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway(env);
  });
  afterAll(() => gw.close());

  it("runs the web app's operations sent by id alone, as cacheable GETs", async () => {
    const answer = await byId(gw, shopInfo.id);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data?.shopInfo).toMatchObject({ phone: '+971 4 123 4567' });
  });

  it('refuses an id that is in no manifest', async () => {
    const answer = await byId(gw, sha256('query Unknown { shopInfo { name } }'));
    expect(answer.body.errors?.[0]?.extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it(`${mode === 'open' ? 'runs' : 'refuses'} an edited document from the web app`, async () => {
    const answer = await byDocument(gw, edited, WEB_CLIENT_NAME, sha256(edited));
    if (mode === 'open') {
      expect(answer.body.data?.shopInfo).toMatchObject({ paymentsSimulated: true });
    } else {
      expect(answer.status).toBe(400);
      expect(answer.body.data).toBeUndefined();
      expect(answer.body.errors?.[0]?.extensions.code).toBe('TRUSTED_DOCUMENT_REQUIRED');
      expect(answer.body.errors?.[0]?.message).toMatch(/trusted documents/);
    }
  });

  it(`${mode === 'only' ? 'refuses' : 'runs'} another client's own document, within the limits`, async () => {
    const answer = await byDocument(gw, '{ shopInfo { name } }', 'partner-app');
    if (mode === 'only') {
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]?.extensions.code).toBe('TRUSTED_DOCUMENT_REQUIRED');
    } else {
      expect(answer.body.data?.shopInfo).toEqual({ name: 'Digitic' });
    }
  });

  it("runs the manifest's document sent whole by any client", async () => {
    const answer = await byDocument(gw, shopInfo.body, 'partner-app');
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data?.shopInfo).toBeTruthy();
  });
});

describe('answers to GET', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw.close());

  // A customer's answers kept by the browser for a minute put back a wishlist heart or hid a new review.
  it("let the browser keep a guest's public answer, and never a customer's", async () => {
    const products = await gw.gql<{ products: { items: { id: string }[] } }>('{ products(pageSize: 1) { items { id } } }');
    const id = products.data?.products.items[0]?.id;
    const guest = await byId(gw, operation('ProductPage').id, { id });
    expect(guest.body.errors).toBeUndefined();
    expect(guest.headers.get('cache-control')).toBe('max-age=60, public');
    expect(guest.headers.get('vary')).toMatch(/Authorization/);

    const { token } = await signUp(gw);
    const customer = await byId(gw, operation('ProductPage').id, { id }, token);
    expect(customer.body.errors).toBeUndefined();
    expect(customer.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('settings', () => {
  it('lock the web app to its manifest in production unless told otherwise', () => {
    const production = { NODE_ENV: 'production', RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'secret' };
    expect(loadConfig(production).trustedDocuments.mode).toBe('web');
    expect(loadConfig({ ...production, TRUSTED_DOCUMENTS: 'only' }).trustedDocuments.mode).toBe('only');
    expect(loadConfig({}).trustedDocuments.mode).toBe('open');
    expect(() => loadConfig({ TRUSTED_DOCUMENTS: 'locked' })).toThrow(/TRUSTED_DOCUMENTS/);
  });
});
