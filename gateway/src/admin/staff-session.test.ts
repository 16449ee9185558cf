// The CSRF token was a readable cookie: any script of the shop's origin (a storefront page) could read it and
// write as a signed-in owner. And signOut answered true when the api had refused to end the session.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/harness.js';
import { backOfficeBrowser, codeFor, enrolledStaff, gatewayThroughFaults, PASSWORD, signedInStaff } from '../test/back-office.js';

let gw: TestGateway;
let faulty: Awaited<ReturnType<typeof gatewayThroughFaults>>;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'digitic-admin-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Back office</title></head><body><div id="root"></div></body></html>',
  );
  gw = await startTestGateway({ ADMIN_DIST: dist });
  faulty = await gatewayThroughFaults(gw);
});
afterAll(async () => {
  await faulty.close();
  await gw.close();
});

const INVITE = 'mutation($e: String!) { inviteStaff(email: $e, role: FULFILMENT) { link } }';
const jar = (cookies: Map<string, string>) => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const NAVIGATION = { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-User': '?1' };

/**
 * The page at `p` as a request with exactly these headers gets it, and the token its meta carries, if any
 * (node:http, since Node's fetch() sends Sec-Fetch-Mode: cors whatever it is given).
 */
async function page(p: string, cookie: string, headers: Record<string, string>) {
  const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get(`${gw.url}${p}`, { headers: { Cookie: cookie, Accept: 'text/html', ...headers } }, resolve).on('error', reject),
  );
  let html = '';
  for await (const chunk of res) html += String(chunk);
  expect(res.statusCode, p).toBe(200);
  expect(html).toContain('<title>Back office</title>');
  return { headers: res.headers, html, token: /<meta name="digitic-csrf" content="([^"]*)">/.exec(html)?.[1] ?? null };
}

describe('the CSRF token reaches only the back office’s own page', () => {
  it('is kept in an httpOnly cookie, set and cleared, never a readable one', async () => {
    const { email, secret, browser } = await enrolledStaff(gw, 'owner');
    const signedIn = await browser.admin('mutation($i: SignInInput!) { signIn(input: $i) { id } }', {
      i: { email, password: PASSWORD, code: codeFor(secret, 30_000) },
    });
    const set = signedIn.setCookie.filter((c) => c.startsWith('digitic_staff_csrf='));
    expect(set).toHaveLength(1);
    expect(set[0]).toMatch(/; HttpOnly/i);
    expect(set[0]).toMatch(/; SameSite=Strict/i);
    expect(set[0]).toMatch(/; Path=\/admin(;|$)/);
    // Every cookie the back office sets: none a script could read.
    for (const c of signedIn.setCookie) expect(c).toMatch(/; HttpOnly/i);
    const out = await browser.admin<{ signOut: boolean }>('mutation { signOut }');
    expect(out.data?.signOut).toBe(true);
    expect(out.setCookie.length).toBeGreaterThan(0);
    for (const c of out.setCookie) expect(c).toMatch(/; HttpOnly/i);
  });

  it('is written into the page for a top-level navigation with the session, never cached, and it writes', async () => {
    const { browser } = await signedInStaff(gw, 'owner');
    const cookie = jar(browser.cookies);
    for (const [p, site] of [
      ['/admin/', 'same-origin'],
      ['/admin/staff', 'none'],
      ['/Admin/orders/123', 'same-origin'],
    ] as const) {
      const { headers, token, html } = await page(p, cookie, { ...NAVIGATION, 'Sec-Fetch-Site': site });
      expect(token, p).toBe(browser.cookies.get('digitic_staff_csrf'));
      // Every date the back office writes is the shop's time (SHOP_TIME_ZONE), wherever its reader is.
      expect(html, p).toContain('<meta name="digitic-time-zone" content="Asia/Kolkata">');
      expect(headers['cache-control']).toBe('no-store');
      expect(headers['content-security-policy']).toMatch(/script-src 'self';/);
    }
    const { token } = await page('/admin/', cookie, NAVIGATION);
    const invited = await fetch(`${gw.url}/admin/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-CSRF-Token': token as string },
      body: JSON.stringify({ query: INVITE, variables: { e: `from.page.${Date.now()}@example.com` } }),
    });
    const body = (await invited.json()) as { data?: { inviteStaff: { link: string } } };
    expect(body.data?.inviteStaff.link).toMatch(/\/admin\/enrol#/);
  });

  it('is in no other answer: a script’s fetch, a frame, an object, another site’s navigation, no Fetch Metadata, no session', async () => {
    const { browser } = await signedInStaff(gw, 'owner');
    const csrf = browser.cookies.get('digitic_staff_csrf') as string;
    const cookie = jar(browser.cookies);
    const spellings: [string, Record<string, string>][] = [
      ['no Fetch Metadata', {}],
      ['fetch() from a storefront page', { 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Site': 'same-origin' }],
      ['fetch() with mode same-origin', { 'Sec-Fetch-Mode': 'same-origin', 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Site': 'same-origin' }],
      ['fetch() with mode no-cors', { 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Site': 'same-origin' }],
      ['an iframe', { ...NAVIGATION, 'Sec-Fetch-Dest': 'iframe' }],
      ['a frame', { ...NAVIGATION, 'Sec-Fetch-Dest': 'frame' }],
      ['an object', { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'object', 'Sec-Fetch-Site': 'same-origin' }],
      ['an embed', { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'embed', 'Sec-Fetch-Site': 'same-origin' }],
      ['a navigation from another site', { ...NAVIGATION, 'Sec-Fetch-Site': 'cross-site' }],
      ['a navigation from a sibling site', { ...NAVIGATION, 'Sec-Fetch-Site': 'same-site' }],
      ['a navigation without a destination', { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': 'same-origin' }],
      ['a worker’s import', { 'Sec-Fetch-Mode': 'same-origin', 'Sec-Fetch-Dest': 'worker', 'Sec-Fetch-Site': 'same-origin' }],
    ];
    for (const [what, headers] of spellings) {
      for (const p of ['/admin/', '/ADMIN/orders/1']) {
        const { html, token } = await page(p, cookie, headers);
        expect(token, `${what} ${p}`).toBeNull();
        expect(html, `${what} ${p}`).not.toContain(csrf);
      }
    }
    // A navigation with the token's cookie but no session, or a cookie a script wrote with markup in it.
    expect((await page('/admin/', `digitic_staff_csrf=${csrf}`, NAVIGATION)).token).toBeNull();
    const tossed = await page('/admin/', `digitic_staff_csrf=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E; ${cookie}`, NAVIGATION);
    expect(tossed.html).not.toMatch(/<script>alert/);
    expect(tossed.token).toBeNull();
    // Nor does a cookie that is not even well-formed stop the page.
    expect((await page('/admin/', `digitic_staff_csrf=%E0%A4%A; ${cookie}`, NAVIGATION)).token).toBeNull();
  });
});

describe('signing out', () => {
  it('answers the api’s refusal as an error, however it refused, and the session stays to sign out again', async () => {
    const { browser } = await signedInStaff(gw, 'owner');
    const elsewhere = backOfficeBrowser(faulty);
    for (const [k, v] of browser.cookies) elsewhere.cookies.set(k, v);
    for (const [fault, code] of [
      ['sign-out-forbidden', 'FORBIDDEN'],
      ['sign-out-500', 'INTERNAL_SERVER_ERROR'],
      ['down', 'UPSTREAM_UNAVAILABLE'],
    ] as const) {
      faulty.fault(fault);
      const out = await elsewhere.admin<{ signOut: boolean | null }>('mutation { signOut }').finally(() => faulty.fault('pass'));
      expect(out.data?.signOut, fault).not.toBe(true);
      expect(out.errors?.[0]?.extensions.code, fault).toBe(code);
      expect(out.setCookie, fault).toEqual([]);
      expect((await browser.admin<{ me: { id: string } | null }>('{ me { id } }')).data?.me, fault).not.toBeNull();
    }
    const out = await elsewhere.admin<{ signOut: boolean }>('mutation { signOut }');
    expect(out.data?.signOut).toBe(true);
    expect(elsewhere.cookies.has('digitic_staff')).toBe(false);
    expect((await browser.admin<{ me: null }>('{ me { id } }')).data?.me).toBeNull();
    // A session already ended is ended: signing out with its cookies again answers true and clears them.
    expect((await browser.admin<{ signOut: boolean }>('mutation { signOut }')).data?.signOut).toBe(true);
    expect(browser.cookies.has('digitic_staff')).toBe(false);
  });
});

describe('cookies a script of the shop may plant', () => {
  // A storefront script may write digitic_staff or digitic_staff_csrf under /admin/ (sent before the gateway's):
  // the staff member would be signed in as the attacker's session, or their writes broken.
  it('believes neither of two cookies of one name: no session, no token', async () => {
    const { email, secret, browser: b } = await enrolledStaff(gw, 'owner');
    await b.admin('mutation($i: SignInInput!) { signIn(input: $i) { id } }', {
      i: { email, password: PASSWORD, code: codeFor(secret, 30_000) },
    });
    const { browser: attacker } = await signedInStaff(gw, 'support');
    const planted = `digitic_staff=${attacker.cookies.get('digitic_staff') as string}`;
    for (const order of ['planted first', 'planted last']) {
      const cookieHeader = order === 'planted first' ? `${planted}; ${jar(b.cookies)}` : `${jar(b.cookies)}; ${planted}`;
      const me = await fetch(`${gw.url}/admin/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookieHeader },
        body: JSON.stringify({ query: '{ me { email } }' }),
      });
      expect(((await me.json()) as { data: { me: unknown } }).data.me, order).toBeNull();
      const shown = await page('/admin/', `digitic_staff_csrf=planted-token-0123456789; ${jar(b.cookies)}`, NAVIGATION);
      expect(shown.token, order).toBeNull();
    }
  });
});
