import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { expect, typeInto } from './fixtures';

// The back office's people, as the journeys need them: an operator's invitation, enrolment, sign-in, and
// axe's check of a screen.

const root = path.resolve(import.meta.dirname, '../..');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const PASSWORD = 'a long staff password';
export const code = (secret: string, aheadMs = 0) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + aheadMs });

/** `npm run staff:invite` as an operator types it (it runs inside the api that owns the embedded database): the link it prints. */
export function invite(email: string, role: string): string {
  const out = execFileSync(process.execPath, [path.join(root, 'api/dist/cli/staff-invite.js'), `--email=${email}`, `--role=${role}`], {
    cwd: path.join(root, 'api'),
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '', NODE_ENV: 'development' },
    encoding: 'utf8',
  });
  const link = /https?:\/\/\S+\/admin\/enrol#[\w-]+/.exec(out)?.[0];
  if (!link) throw new Error(`staff:invite printed no link:\n${out}`);
  return link;
}

/**
 * The first owner's one-time link, as the start-up banner of a fresh shop prints it (the stack's output is kept in
 * its data folder). The api prints it once the shop's address answers, the last line of the start: so it is waited for.
 */
export async function bannerLink(): Promise<string> {
  for (let waited = 0; waited < 30_000; waited += 250) {
    const log = readFileSync(path.join(process.env.E2E_DATA_DIR ?? '', 'shop.log'), 'utf8');
    const line = log.split('\n').find((l) => l.includes('No one can run this shop yet'));
    const link = line && /https?:\/\/[^\s"]+\/admin\/enrol#[\w-]+/.exec(line)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the start-up banner printed no first-owner link');
}

/**
 * Waits until nothing on the page moves: a dialog fading in is half transparent, and axe would judge its text's
 * contrast mid-fade. Settled means no running animation or transition over two frames in a row.
 */
async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((done) => {
        // A dialog is read once it has faded in: its fade may not have started yet when the page looks still.
        const still = () =>
          document.getAnimations().every((a) => a.playState !== 'running') &&
          [...document.querySelectorAll('[role="dialog"] button')].every((b) => {
            // The fade is on the dialog's box or one around it, whichever the kit chose.
            for (let e: Element | null = b; e; e = e.parentElement) if (getComputedStyle(e).opacity !== '1') return false;
            return true;
          });
        requestAnimationFrame(() => {
          const first = still();
          requestAnimationFrame(() => requestAnimationFrame(() => done(first && still())));
        });
      }),
    undefined,
    { timeout: 5_000, polling: 50 },
  );
}

/** WCAG 2.2 AA by axe-core, run in the page (through the DevTools protocol: the back office's policy allows no injected script). */
export async function accessible(page: Page) {
  await settled(page);
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    (
      window as unknown as {
        axe: { run: (o: object) => Promise<{ violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[] }> };
      }
    ).axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    }),
  );
  // Each violation with the elements it is on, so a failure says where to look.
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`),
  ).toEqual([]);
}

/** Opens a desk from the navigation, as a person does: through the Menu button where the screen is narrow. */
export async function openDesk(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Desks' }).getByRole('link', { name, exact: true }).click();
}

/**
 * Answers the back office's confirmation of a consequential action: it must say `says` (what follows), pass axe
 * while open, and go once `action` is pressed.
 */
export async function confirmDialog(page: Page, action: string | RegExp, says?: string | RegExp): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (says) await expect(dialog).toContainText(says);
  // Read once it has faded in (while it fades, its text is lighter than it is).
  await expect(dialog).toHaveCSS('opacity', '1');
  await accessible(page);
  await dialog.getByRole('button', { name: action, exact: typeof action === 'string' }).click();
  await expect(dialog).toHaveCount(0);
}

/** Enrols from a one-time link: a password and the authenticator's first code; answers the secret (as the app would keep it). */
export async function enrol(page: Page, link: string, name: string, firstOwnerEmail?: string): Promise<string> {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set up your back-office account' })).toBeVisible();
  await accessible(page);
  // The first owner's link names no one: they give the e-mail they will sign in with.
  if (firstOwnerEmail) await typeInto(page.getByLabel('Your e-mail (you sign in with it)'), firstOwnerEmail);
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await typeInto(page.getByLabel('Your name'), name);
  await typeInto(page.getByLabel('Password (at least 12 characters)'), PASSWORD);
  await typeInto(page.getByLabel('The password again'), PASSWORD);
  await typeInto(page.getByLabel('Code from the app'), code(secret));
  await page.getByRole('button', { name: 'Enrol' }).click();
  await expect(page.getByRole('heading', { name: 'You are enrolled' })).toBeVisible();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  // Kept as people keep them: downloaded, the file holds every code.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the codes' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('digitic-recovery-codes.txt');
  const saved = readFileSync(await file.path(), 'utf8');
  for (const c of await codes.allTextContents()) expect(saved).toContain(c);
  await expect(page.getByRole('button', { name: 'Copy the codes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print the codes' })).toBeVisible();
  return secret;
}

export async function signInAs(page: Page, email: string, secret: string) {
  await page.goto('/admin/sign-in');
  await typeInto(page.getByLabel('E-mail'), email);
  await typeInto(page.getByLabel('Password'), PASSWORD);
  await typeInto(page.getByLabel('Code from your authenticator app'), code(secret, 30_000));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible();
}
