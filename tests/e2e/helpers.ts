import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, type Request } from '@playwright/test';
import { typeInto } from './fixtures';

export interface Customer {
  _id: string;
  token: string;
  firstname: string;
  lastname: string;
  email: string;
  mobile: string | null;
  password: string;
}

export async function gql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
  const res = await request.post('/graphql', {
    data: { query, variables },
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (!body.data || body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** A new customer of its own for each test, made through the gateway. */
export async function newCustomer(request: APIRequestContext, firstname = 'Asha'): Promise<Customer> {
  const email = `e2e.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct horse battery';
  await gql(request, 'mutation($i: RegisterInput!) { register(input: $i) { id } }', {
    i: { firstname, lastname: 'Patel', email, password, mobile: '9876543210' },
  });
  const { login } = await gql<{ login: { token: string; customer: Omit<Customer, 'token' | 'password' | '_id'> & { id: string } } }>(
    request,
    'mutation($i: LoginInput!) { login(input: $i) { token customer { id firstname lastname email mobile } } }',
    { i: { email, password } },
  );
  return { ...login.customer, _id: login.customer.id, token: login.token, password };
}

/** Signs the browser in the way the login page will: the customer and token in local storage. */
export async function signIn(page: Page, customer: Customer): Promise<void> {
  // page.goto returns once the page is live (fixtures.ts): a page still hydrating would notice the new session mid-way.
  await page.goto('/about');
  await page.evaluate((c) => {
    const { password: _, ...stored } = c;
    localStorage.setItem('customer', JSON.stringify(stored));
    localStorage.setItem('token', c.token);
  }, customer);
}

export async function firstProduct(request: APIRequestContext, sort = 'PRICE_ASC') {
  const { products } = await gql<{ products: { items: { id: string; title: string; price: number }[] } }>(
    request,
    'query($s: ProductSort) { products(pageSize: 1, sort: $s) { items { id title price } } }',
    { s: sort },
  );
  const product = products.items[0];
  expect(product).toBeDefined();
  return product as { id: string; title: string; price: number };
}

/**
 * Fills the checkout's shipping address (Surat, Gujarat, India) as a shopper does: typed key by key. The courier's
 * phone is the profile's mobile number the page fills in, or `phone` typed over it.
 */
export async function fillAddress(page: Page, phone?: string): Promise<void> {
  await page.getByLabel('Country').selectOption('India');
  await typeInto(page.getByPlaceholder('First Name'), 'Asha');
  await typeInto(page.getByPlaceholder('Last Name'), 'Patel');
  await typeInto(page.getByPlaceholder('Address', { exact: true }), '12 MG Road');
  await typeInto(page.getByPlaceholder('City'), 'Surat');
  await page.getByLabel('State').selectOption('Gujarat');
  await typeInto(page.getByPlaceholder('Zipcode'), '395003');
  if (phone !== undefined) {
    // Typed once the page has filled in the profile's number (it fills in only an empty field).
    await expect(page.getByPlaceholder('Phone for delivery (optional)')).not.toHaveValue('');
    await typeInto(page.getByPlaceholder('Phone for delivery (optional)'), phone);
  }
}

/** The GraphQL operation a request to /graphql carries: queries go as GET (a trusted id), mutations as POST. */
export function operationOf(request: Request): string | null {
  const url = new URL(request.url());
  if (url.pathname !== '/graphql') return null;
  if (request.method() === 'GET') return url.searchParams.get('operationName');
  return ((request.postDataJSON() ?? {}) as { operationName?: string }).operationName ?? null;
}

/** The e-mails the shop wrote to `email`, from the outbox folder of the stack under test (one JSON file a message). */
export function mailsTo(email: string): { to: string; subject: string; text: string; html: string; replyTo?: string }[] {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .map((f) => JSON.parse(readFileSync(path.join(outbox, f), 'utf8')) as { to: string; subject: string; text: string; html: string })
    .filter((m) => m.to === email);
}

/** A shopper buys one unit of a product (the `nth` cheapest) and pays in the simulator; answers the product's id. */
export async function buy(page: Page, customer: Customer, nth = 0, options: { phone?: string } = {}): Promise<string> {
  await signIn(page, customer);
  await page.goto('/product?sort=price');
  const card = page.getByRole('region', { name: 'Products' }).getByRole('article').nth(nth);
  await card.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/product\/[\w-]+$/);
  const productId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio').first().click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.goto('/checkout');
  await payForCart(page, options.phone);
  return productId;
}

/** On the checkout: the address typed in, Place Order, and Pay in the simulator's widget; ends on My Orders. */
export async function payForCart(page: Page, phone?: string): Promise<void> {
  await fillAddress(page, phone);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page
    .getByRole('dialog', { name: 'Digitic' })
    .getByRole('button', { name: /^Pay Rs\./ })
    .click();
  await expect(page).toHaveURL(/\/my-orders$/);
}

/** The filters: beside the list on a laptop, in a drawer behind "Filters" on a phone. */
export async function filters(page: Page) {
  const open = page.getByRole('button', { name: 'Filters', exact: true });
  if (await open.isVisible()) await open.click();
  const drawer = page.getByRole('complementary', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** Back to the list from the filters: the phone's drawer closes on its "n results" button. */
export async function closeFilters(page: Page) {
  const results = page.getByRole('button', { name: /^\d+\+? results$/ });
  if (await results.isVisible()) await results.click();
}

export const cards = (page: Page) => page.getByRole('region', { name: 'Products' }).getByRole('article');

/**
 * Holds the app's own chunk back, as a slow line would: the page shows, but nothing of React runs until the
 * answered function is called. A hold made before is taken off first.
 */
export async function holdTheApp(page: Page): Promise<() => void> {
  const chunk = /\/assets\/boot-[\w-]+\.js$/;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.unroute(chunk);
  await page.route(chunk, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
