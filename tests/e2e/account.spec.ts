import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, typeInto } from './fixtures';
import { newCustomer, signIn } from './helpers';

const outbox = () => path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
/** The newest link to `page` (reset-password, undo-email-change) mailed to `email`. */
function linkFor(email: string, page = 'reset-password'): string | null {
  let files: string[] = [];
  try {
    files = readdirSync(outbox())
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return null;
  }
  const link = new RegExp(`https?://\\S+/${page}/[\\w-]+`);
  for (const f of files.reverse()) {
    const mail = JSON.parse(readFileSync(path.join(outbox(), f), 'utf8')) as { to: string; text: string };
    const found = mail.to === email ? link.exec(mail.text)?.[0] : undefined;
    if (found) return found;
  }
  return null;
}
const resetLinkFor = (email: string) => linkFor(email);

test.describe('accounts', () => {
  test('signs up, logs in, shows Welcome and logs out', async ({ page }) => {
    const email = `shopper.${Date.now().toString(36)}@example.com`;
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('First Name is Required')).toBeVisible();
    await expect(page.getByText('Email is Required')).toBeVisible();
    await expect(page.getByText('Password is Required')).toBeVisible();
    // The plain notice of what is kept and why, beside the form: signing up is the consent to it (DPDP Act, s. 5-6).
    await expect(page.getByText(/Signing up is your consent to this; see our Privacy Policy\./)).toBeVisible();
    await typeInto(page.getByPlaceholder('Name'), 'Meera Iyer');
    await typeInto(page.getByPlaceholder('Email', { exact: true }), email);
    await typeInto(page.getByPlaceholder('Password', { exact: true }), 'a good long password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('User Created Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    for (const badge of ['Free delivery', '14 days refund policy', 'Secured payment']) await expect(page.getByText(badge)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot Password?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'SignUp' })).toHaveAttribute('href', '/signup');
    await typeInto(page.getByPlaceholder('Email', { exact: true }), 'meera');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email Should be valid')).toBeVisible();
    await typeInto(page.getByPlaceholder('Email', { exact: true }), email);
    await typeInto(page.getByPlaceholder('Password', { exact: true }), 'the wrong password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await typeInto(page.getByPlaceholder('Password', { exact: true }), 'a good long password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('User Logged In Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Welcome Meera' })).toHaveAttribute('href', '/my-profile');
    const stored = await page.evaluate(
      () => [localStorage.getItem('token'), JSON.parse(localStorage.getItem('customer') ?? '{}') as Record<string, unknown>] as const,
    );
    expect(stored[0]).toBe(stored[1].token);
    expect(Object.keys(stored[1]).sort()).toEqual(['_id', 'email', 'firstname', 'lastname', 'mobile', 'token']);

    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'LogOut' }).click();
    await expect(page.getByRole('link', { name: 'Log in / My Account' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  test('sends a guest from every signed-in page to /login', async ({ page }) => {
    for (const route of ['/cart', '/checkout', '/my-orders', '/my-profile', '/wishlist']) {
      await page.goto(route);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('signs out a customer whose token is rejected', async ({ page, request }) => {
    const customer = await newCustomer(request);
    await signIn(page, { ...customer, token: `${customer.token}x` });
    await page.goto('/cart');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('resets a forgotten password with the e-mailed link', async ({ page, request }) => {
    const customer = await newCustomer(request);
    await page.goto('/forgot-password');
    await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/login');
    await typeInto(page.getByPlaceholder('Email', { exact: true }), customer.email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Forgot Password Email Sent Successfully!')).toBeVisible();
    await expect.poll(() => resetLinkFor(customer.email)).not.toBeNull();
    const link = resetLinkFor(customer.email) ?? '';
    await page.goto(new URL(link).pathname);
    await page.getByRole('button', { name: 'Ok' }).click();
    await expect(page.getByText('Password is Required')).toBeVisible();
    await typeInto(page.getByPlaceholder('New Password'), 'my brand new password');
    await page.getByRole('button', { name: 'Ok' }).click();
    await expect(page.getByText('Password change Successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await typeInto(page.getByPlaceholder('Email', { exact: true }), customer.email);
    await typeInto(page.getByPlaceholder('Password', { exact: true }), 'my brand new password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('User Logged In Successfully')).toBeVisible();
  });

  test('edits the profile only in edit mode', async ({ page, request }) => {
    const customer = await newCustomer(request);
    await signIn(page, customer);
    await page.goto('/my-profile');
    await expect(page.getByRole('heading', { name: 'Update Profile' })).toBeVisible();
    await expect(page.getByPlaceholder('First Name')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await expect(page.getByPlaceholder('First Name')).toBeEnabled();
    await page.getByPlaceholder('Last Name').fill('');
    await typeInto(page.getByPlaceholder('Mobile No'), 'abc');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Last Name is Required')).toBeVisible();
    await expect(page.getByText('Mobile No is Required')).toBeVisible();
    await typeInto(page.getByPlaceholder('First Name'), 'Anika');
    await typeInto(page.getByPlaceholder('Last Name'), 'Rao');
    await typeInto(page.getByPlaceholder('Mobile No'), '9123456780');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile Updated Successfully!')).toBeVisible();
    await expect(page.getByPlaceholder('First Name')).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Welcome Anika' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('customer') ?? '{}') as Record<string, unknown>);
    expect(stored).toMatchObject({ firstname: 'Anika', lastname: 'Rao', mobile: '9123456780' });
  });

  // A signed-in session alone could move the account to another address, and the old one heard nothing.
  test('changes the e-mail only with the current password, and undoes it from the link mailed to the old address', async ({
    page,
    request,
  }) => {
    const customer = await newCustomer(request);
    const moved = `moved.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@example.com`;
    await signIn(page, customer);
    await page.goto('/my-profile');
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const email = page.getByPlaceholder('Email', { exact: true });
    await typeInto(email, ` ${customer.email.toUpperCase()} `);
    await expect(page.getByPlaceholder('Current password')).toHaveCount(0);
    await typeInto(email, moved);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter your current password to change your e-mail')).toBeVisible();
    await typeInto(page.getByPlaceholder('Current password'), 'not my password');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The current password is not correct')).toBeVisible();
    await expect(page.getByText('Something Went Wrong!')).toBeVisible();
    await typeInto(page.getByPlaceholder('Current password'), customer.password);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile Updated Successfully!')).toBeVisible();
    await expect(email).toHaveValue(moved);
    await expect(email).toBeDisabled();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('customer') ?? '{}') as Record<string, unknown>);
    expect(stored.email).toBe(moved);
    expect(stored.token).not.toBe(customer.token);
    const oldSession = await request.post('/graphql', {
      data: { query: '{ cart { id } }' },
      headers: { Authorization: `Bearer ${customer.token}` },
    });
    expect(oldSession.status()).toBe(401);

    await expect.poll(() => linkFor(customer.email, 'undo-email-change')).not.toBeNull();
    await page.goto(new URL(linkFor(customer.email, 'undo-email-change') ?? '').pathname);
    await expect(page.getByRole('heading', { name: 'Undo E-mail Change' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in / My Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Put my old e-mail back' }).click();
    await expect(page.getByText(`e-mail is ${customer.email} again`)).toBeVisible();

    // The password went with the undo: the owner chooses a new one through the restored address.
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await typeInto(page.getByPlaceholder('Email', { exact: true }), customer.email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Forgot Password Email Sent Successfully!')).toBeVisible();
    await expect.poll(() => resetLinkFor(customer.email)).not.toBeNull();
    await page.goto(new URL(resetLinkFor(customer.email) ?? '').pathname);
    await typeInto(page.getByPlaceholder('New Password'), 'mine again, for good');
    await page.getByRole('button', { name: 'Ok' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await typeInto(page.getByPlaceholder('Email', { exact: true }), customer.email);
    await typeInto(page.getByPlaceholder('Password', { exact: true }), 'mine again, for good');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('User Logged In Successfully')).toBeVisible();
  });
});
