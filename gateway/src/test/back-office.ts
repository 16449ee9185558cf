import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TOTP } from 'otpauth';
import { createGateway } from '../app.js';
import { loadConfig } from '../config/env.js';
import type { TestGateway } from './harness.js';

// The back office as a browser uses it, for the gateway's tests: cookies kept, the session's CSRF token sent
// back as its header, a staff member enrolled from an invitation with their authenticator's codes.

export const PASSWORD = 'a long staff password';
export const codeFor = (secret: string, aheadMs = 0) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + aheadMs });

export interface Browser {
  cookies: Map<string, string>;
  admin<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { csrf?: boolean; headers?: Record<string, string> },
  ): Promise<{ status: number; data?: T; errors?: { message: string; extensions: Record<string, unknown> }[]; setCookie: string[] }>;
}

/**
 * A browser of the back office: keeps the cookies the gateway sets (httpOnly ones too), and sends the CSRF
 * token as the header. The app takes the token from its page (framing.test.ts checks that); here it is read
 * from the jar, which holds the same value.
 */
export function backOfficeBrowser(gw: Pick<TestGateway, 'url'>): Browser {
  const cookies = new Map<string, string>();
  return {
    cookies,
    async admin(query, variables = {}, options = {}) {
      const csrf = cookies.get('digitic_staff_csrf');
      const res = await fetch(`${gw.url}/admin/graphql`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(options.csrf !== false && csrf ? { 'X-CSRF-Token': csrf } : {}),
          ...options.headers,
        },
        body: JSON.stringify({ query, variables }),
      });
      const setCookie = res.headers.getSetCookie();
      for (const c of setCookie) {
        const [pair] = c.split(';');
        const [k, ...v] = (pair ?? '').split('=');
        if (!k) continue;
        if (v.join('=') === '') cookies.delete(k);
        else cookies.set(k, v.join('='));
      }
      return { status: res.status, setCookie, ...((await res.json()) as object) };
    },
  };
}

export async function enrolledStaff(gw: TestGateway, role = 'owner') {
  const email = `desk.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const { link } = await gw.api.services.staff.invite({ email, role }, { kind: 'command', label: 'test' });
  const token = link.split('#')[1] as string;
  const b = backOfficeBrowser(gw);
  const invitation = await b.admin<{ invitation: { totpSecret: string; role: string; totpQrSvg: string } }>(
    'query($t: String!) { invitation(token: $t) { totpSecret role totpQrSvg } }',
    { t: token },
  );
  const secret = invitation.data?.invitation.totpSecret as string;
  const enrol = await b.admin<{ enrol: { recoveryCodes: string[] } }>(
    'mutation($t: String!, $i: EnrolInput!) { enrol(token: $t, input: $i) { recoveryCodes } }',
    { t: token, i: { password: PASSWORD, code: codeFor(secret) } },
  );
  if (enrol.data?.enrol.recoveryCodes.length !== 10) throw new Error(`enrolment failed: ${JSON.stringify(enrol.errors)}`);
  return { email, secret, browser: b, invitation: invitation.data?.invitation };
}

/** A staff member of `role`, enrolled and signed in: their browser. */
export async function signedInStaff(gw: TestGateway, role = 'owner') {
  const { email, secret, browser } = await enrolledStaff(gw, role);
  const signedIn = await browser.admin('mutation($i: SignInInput!) { signIn(input: $i) { id } }', {
    i: { email, password: PASSWORD, code: codeFor(secret, 30_000) },
  });
  if (signedIn.errors) throw new Error(`sign-in failed: ${JSON.stringify(signedIn.errors)}`);
  return { email, browser };
}

/** How the proxy of `gatewayThroughFaults` treats the api's calls. */
export type ApiFault = 'pass' | 'sign-out-forbidden' | 'sign-out-500' | 'down';

/**
 * A second gateway over `gw`'s api (the same sessions) through a proxy on loopback that passes, refuses the
 * sign-out (the api's 403, a 500) or drops every connection, as told: the api's failures, staged on the wire.
 */
export async function gatewayThroughFaults(gw: TestGateway, env: Record<string, string> = {}) {
  const target = new URL(gw.api.url).origin;
  let fault: ApiFault = 'pass';
  const proxy = http.createServer((req, res) => {
    if (fault === 'down') return void req.socket.destroy();
    if (fault !== 'pass' && req.method === 'DELETE' && req.url?.startsWith('/api/admin/session')) {
      const [status, body] =
        fault === 'sign-out-forbidden'
          ? [403, { message: 'The session could not be ended', code: 'FORBIDDEN' }]
          : [500, { message: 'boom', code: 'INTERNAL' }];
      return void res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    }
    const upstream = http.request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    SHOP_API_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api`,
    PAYMENT_SIM_URL: gw.api.sim.url,
    SHOP_PHONE: '+971 4 123 4567',
    SHOP_EMAIL: 'help@digitic.test',
    ...env,
  });
  const gateway = await createGateway(config);
  const listener = await new Promise<Server>((resolve) => {
    const s = gateway.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(listener.address() as AddressInfo).port}`,
    fault(f: ApiFault) {
      fault = f;
      if (f === 'down') proxy.closeAllConnections();
    },
    async close() {
      listener.closeAllConnections();
      await new Promise((done) => listener.close(done));
      await gateway.stop();
      proxy.closeAllConnections();
      await new Promise((done) => proxy.close(done));
    },
  };
}
