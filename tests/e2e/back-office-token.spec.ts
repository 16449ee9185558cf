import { appReady, expect, test, typeInto } from './fixtures';
import { enrol, invite, signInAs } from './staff';

// A script on a storefront page framed /admin/assets/<missing> (no X-Frame-Options), read the back office's
// readable CSRF cookie through the same-origin frame, and invited an owner with a signed-in owner's session.

/** What a script injected into a storefront page can read of the back office, every way it tries. */
async function whatAStorefrontScriptReads() {
  const seen: string[] = [];
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const read = (where: string, doc: () => Document | null | undefined) => {
    try {
      const d = doc();
      seen.push(`${where}: cookie=${d?.cookie ?? ''}`);
      seen.push(`${where}: meta=${d?.querySelector('meta[name="digitic-csrf"]')?.getAttribute('content') ?? ''}`);
      seen.push(`${where}: html=${d?.documentElement?.outerHTML ?? ''}`);
    } catch (err) {
      seen.push(`${where}: refused (${(err as Error).name})`);
    }
  };

  // (a) Frames: a missing asset, the files, an unknown file, the page itself.
  for (const src of [
    '/admin/assets/missing.js',
    '/Admin/assets/missing.js',
    '/admin/files/catalogue.csv',
    '/admin/files/nope',
    '/admin/',
  ]) {
    const frame = document.createElement('iframe');
    frame.src = src;
    const loaded = new Promise((r) => frame.addEventListener('load', r, { once: true }));
    document.body.append(frame);
    await Promise.race([loaded, wait(3000)]);
    await wait(200);
    read(`frame ${src}`, () => frame.contentDocument);
    read(`frame ${src} (window)`, () => frame.contentWindow?.document);
    frame.remove();
  }

  // (b) A window of the back office's page, read while it loads and after.
  const popup = window.open('/admin/', 'desk');
  for (let i = 0; i < 30; i++) {
    read(`popup ${i}`, () => popup?.document);
    await wait(100);
  }
  seen.push(`popup closed to us: ${String(popup?.closed)}`);

  // (c) The page fetched, in every mode a script may ask for (a navigation's Fetch Metadata cannot be sent).
  for (const [what, init] of [
    ['fetch', {}],
    ['fetch same-origin', { mode: 'same-origin' }],
    ['fetch with navigation headers', { headers: { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' } }],
    ['fetch no-cors', { mode: 'no-cors' }],
  ] as [string, RequestInit][]) {
    try {
      const res = await fetch('/admin/', { credentials: 'include', ...init });
      seen.push(`${what}: ${await res.text()}`);
    } catch (err) {
      seen.push(`${what}: refused (${(err as Error).name})`);
    }
  }

  // (d) The storefront's own cookies.
  seen.push(`document.cookie: ${document.cookie}`);

  // And the chain's last step, with the best guess at a token it found.
  const guess = /digitic_staff_csrf=([\w-]+)|name="digitic-csrf" content="([\w-]+)"/.exec(seen.join('\n'));
  const forged = await fetch('/admin/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': guess?.[1] ?? guess?.[2] ?? 'none' },
    body: JSON.stringify({
      query: 'mutation($e: String!) { inviteStaff(email: $e, role: OWNER) { link } }',
      variables: { e: `planted.${Date.now()}@example.com` },
    }),
  }).then((r) => r.text());
  return { seen, forged };
}

test.describe('the back office’s CSRF token', () => {
  test('a storefront script signed in as an owner gets no token by frames, a window, fetch or cookies; the desk still writes', async ({
    browser,
    consoleErrors,
  }) => {
    // The back office refuses to be framed: the browser says so when the script tries.
    consoleErrors.allow(/^Framing '.*' violates the following Content Security Policy directive: "frame-ancestors 'none'"/);
    const email = `frames.${Date.now().toString(36)}@example.com`;
    const context = await browser.newContext();
    const owner = await context.newPage();
    const secret = await enrol(owner, invite(email, 'owner'), 'Nila Owner');
    await signInAs(owner, email, secret);
    const cookie = (await context.cookies()).find((c) => c.name === 'digitic_staff_csrf');
    const token = cookie?.value as string;
    expect(token.length).toBeGreaterThan(20);

    // The same browser, on a storefront page, runs a script of an attacker's.
    const shop = await context.newPage();
    await shop.goto('/');
    await appReady(shop);
    const desk = context.waitForEvent('page');
    const { seen, forged } = await shop.evaluate(whatAStorefrontScriptReads);
    // The window it opened was the signed-in back office, token and all; the script holds no handle to it.
    await expect((await desk).getByRole('heading', { name: 'Today' })).toBeVisible();
    expect(seen).toContain('popup closed to us: true');
    expect(seen.filter((line) => line.includes(token))).toEqual([]);
    expect(seen.join('\n')).not.toMatch(/digitic_staff_csrf=|name="digitic-csrf"/);
    expect(forged).not.toContain('/admin/enrol#');
    expect(JSON.parse(forged)).toMatchObject({ errors: [{ extensions: { code: 'FORBIDDEN' } }] });
    expect(cookie?.httpOnly).toBe(true);

    // The back office itself writes, with the token its own page carried (reloaded, it carries it again): an invitation.
    await owner.reload();
    await expect(owner.getByRole('heading', { name: 'Today' })).toBeVisible();
    await owner.getByRole('link', { name: 'Staff' }).click();
    await expect(owner.getByRole('heading', { name: 'Staff' })).toBeVisible();
    await typeInto(owner.getByLabel('E-mail'), `invited.${Date.now().toString(36)}@example.com`);
    await typeInto(owner.getByLabel('Name'), 'Kiran Support');
    await owner.getByLabel('Role', { exact: true }).selectOption('SUPPORT');
    await owner.getByRole('button', { name: 'Invite' }).click();
    await expect(owner.getByTestId('invite-link')).toHaveText(/\/admin\/enrol#[\w-]+$/);
    await context.close();
  });
});
