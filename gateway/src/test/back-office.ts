import { TOTP } from 'otpauth';
import type { TestGateway } from './harness.js';

// The back office as a browser uses it, for the gateway's tests: cookies kept, the CSRF cookie sent back as
// its header, a staff member enrolled from an invitation with their authenticator's codes.

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

/** A browser of the back office: keeps the cookies the gateway sets, sends the CSRF cookie back as the header. */
export function backOfficeBrowser(gw: TestGateway): Browser {
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
