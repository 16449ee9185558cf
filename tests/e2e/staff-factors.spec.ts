import type { Page } from '@playwright/test';
import { expect, expectFitsScreen, test } from './fixtures';
import { accessible, code, confirmDialog, enrol, invite, openDesk, PASSWORD } from './staff';

// A staff member's second factor as people meet it: wrong codes lock the account, an owner unlocks it from
// the Staff screen; then the member moves their codes to a new phone from "Your account". Typed key by key.

const type = async (page: Page, label: string, text: string) => {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByLabel(label, { exact: true }).pressSequentially(text, { delay: 20 });
};

async function signIn(page: Page, email: string, totp: string) {
  await page.goto('/admin/sign-in');
  await type(page, 'E-mail', email);
  await type(page, 'Password', PASSWORD);
  await type(page, 'Code from your authenticator app', totp);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('the second factor', () => {
  test('wrong codes lock a member out, an owner unlocks them, and they move their codes to a new phone', async ({ browser }) => {
    const stamp = Date.now().toString(36);
    const ownerEmail = `owner.factors.${stamp}@example.com`;
    const memberEmail = `support.factors.${stamp}@example.com`;
    // The back office's own pages, each in its context as the project sizes it (a laptop, or a phone with touch), in
    // India's time while the shop runs on UTC (the storefront's page fixture waits for the shop's app: not used here).
    const use = test.info().project.use;
    const newPage = async () =>
      (
        await browser.newContext({
          viewport: use.viewport,
          isMobile: use.isMobile,
          hasTouch: use.hasTouch,
          deviceScaleFactor: use.deviceScaleFactor,
          userAgent: use.userAgent,
          timezoneId: 'Asia/Kolkata',
          locale: 'en-IN',
        })
      ).newPage();
    const page = await newPage();
    const ownerSecret = await enrol(page, invite(ownerEmail, 'owner'), 'Ravi Owner');
    const member = await newPage();
    const consoleErrors: string[] = [];
    for (const p of [page, member]) {
      p.on('console', (m) => void (m.type() === 'error' && consoleErrors.push(m.text())));
      p.on('pageerror', (e) => consoleErrors.push(e.message));
    }
    const memberSecret = await enrol(member, invite(memberEmail, 'support'), 'Sana Support');

    // Someone with the member's password guesses codes: after five, the account is locked.
    for (let i = 0; i < 5; i++) {
      await signIn(member, memberEmail, '000000');
      await expect(member.getByRole('alert')).toHaveText('The e-mail, password or code is not right');
    }
    await signIn(member, memberEmail, code(memberSecret, 30_000));
    await expect(member.getByRole('alert')).toContainText('this account is locked');

    await signIn(page, ownerEmail, code(ownerSecret, 30_000));
    await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible();
    await openDesk(page, 'Staff');
    const row = page.getByRole('row').filter({ hasText: memberEmail });
    await expect(row).toContainText('locked until');
    await accessible(page);
    await row.getByRole('button', { name: `Unlock ${memberEmail}` }).click();
    await confirmDialog(page, 'Unlock', 'Do it once you know the wrong codes were theirs.');
    await expect(row).toContainText('active');
    await expect(row.getByRole('button', { name: `Unlock ${memberEmail}` })).toHaveCount(0);

    // Let in again at once; then a new phone.
    await signIn(member, memberEmail, code(memberSecret, 30_000));
    await expect(member.getByRole('heading', { name: 'Today' })).toBeVisible();
    await openDesk(member, 'Your account');
    await expect(member.getByRole('heading', { name: 'Authenticator app' })).toBeVisible();
    const setUp = member.getByRole('button', { name: 'Set up a new authenticator app' });
    await setUp.click();
    await expect(member.getByText('Enter your password: the authenticator is how you sign in')).toBeVisible();
    await type(member, 'Your current password', 'not my password at all');
    await setUp.click();
    await expect(member.getByRole('alert')).toHaveText('The password is not right');
    await member.getByLabel('Your current password', { exact: true }).clear();
    await type(member, 'Your current password', PASSWORD);
    await setUp.click();
    const newSecret = (await member.getByTestId('new-totp-secret').textContent()) ?? '';
    // Nothing of the page runs past the screen's edge, at a phone's width as at a laptop's.
    await expectFitsScreen(member);
    expect(newSecret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(member.getByRole('img', { name: /QR code for otpauth:/ })).toBeVisible();
    await accessible(member);
    await type(member, 'Code from the new app', code(newSecret));
    await member.getByRole('button', { name: 'Use the new app' }).click();
    await expect(member.getByRole('status')).toHaveText('Your sign-in codes now come from the new authenticator app.');

    // The old phone's codes sign nobody in; the new one's do.
    await member.getByRole('button', { name: 'Sign out' }).click();
    await signIn(member, memberEmail, code(memberSecret, 30_000));
    await expect(member.getByRole('alert')).toHaveText('The e-mail, password or code is not right');
    await signIn(member, memberEmail, code(newSecret, 30_000));
    await expect(member.getByRole('heading', { name: 'Today' })).toBeVisible();
    // The refused sign-ins above are HTTP 401 and 429 answers, which Chromium logs as failed loads: those, and nothing else.
    expect(consoleErrors.filter((m) => !/^Failed to load resource: the server responded with a status of (401|429)\b/.test(m))).toEqual([]);
  });
});
