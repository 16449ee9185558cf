import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, typeInto } from './fixtures';
import { buy, type Customer, mailsTo, newCustomer } from './helpers';
import { SIMULATOR_KEY_ID, SIMULATOR_KEY_SECRET } from '@digitic/payment-simulator/keys';
import { accessible, bannerLink, code, confirmDialog, enrol, invite, openDesk, PASSWORD, signInAs } from './staff';

const API = 'http://127.0.0.1:4701/api';
const SIM = 'http://127.0.0.1:4702';
const stockOf = async (request: APIRequestContext, productId: string) =>
  ((await (await request.get(`${API}/product/${productId}`)).json()) as { quantity: number }).quantity;
/** The customer's last order's payment at the provider (the simulator, with the shop's key): how much was paid and refunded. */
async function paymentOf(request: APIRequestContext, customer: Customer) {
  const res = await request.post('/graphql', {
    data: { query: '{ myOrders { payment { providerPaymentId } } }' },
    headers: { Authorization: `Bearer ${customer.token}` },
  });
  const id = ((await res.json()) as { data: { myOrders: { payment: { providerPaymentId: string } }[] } }).data.myOrders[0]?.payment
    .providerPaymentId;
  const auth = Buffer.from(`${SIMULATOR_KEY_ID}:${SIMULATOR_KEY_SECRET}`).toString('base64');
  const payment = await request.get(`${SIM}/v1/payments/${id}`, { headers: { Authorization: `Basic ${auth}` } });
  return (await payment.json()) as { amount: number; amount_refunded: number };
}

test.describe('the back office', () => {
  test('a fresh shop’s banner link makes the first owner, who invites a fulfilment member, who ships a shopper’s order with tracking the shopper follows', async ({
    page,
    request,
    browser,
  }) => {
    // A shopper's order to ship.
    const customer = await newCustomer(request);
    // With a phone for the courier other than the profile's.
    await buy(page, customer, 0, { phone: '70123-45678' });
    await expect(
      page
        .getByRole('list', { name: /^Where order/ })
        .getByRole('listitem')
        .first(),
    ).toHaveAttribute('aria-current', 'step');

    // The first owner follows the link the fresh shop printed at start, enrols (the page asks for their e-mail), and invites a fulfilment member.
    const ownerEmail = `owner.${Date.now().toString(36)}@example.com`;
    const owner = await (await browser.newContext()).newPage();
    const ownerSecret = await enrol(owner, await bannerLink(), 'Asha Owner', ownerEmail);
    await signInAs(owner, ownerEmail, ownerSecret);
    // A fresh shop's owner is shown what is left of opening it: the shopper's order is done, the rest links on.
    const opening = owner.getByRole('region', { name: /^Opening the shop: \d steps? left$/ });
    await expect(opening).toContainText('Done: An order was placed');
    await expect(opening.getByRole('link', { name: "Save the shop's details" })).toHaveAttribute('href', '/admin/settings');
    await expect(opening.getByRole('link', { name: 'Invite a second staff member' })).toBeVisible();
    await openDesk(owner, 'Staff');
    await expect(owner.getByRole('heading', { name: 'Staff' })).toBeVisible();
    const email = `fulfil.${Date.now().toString(36)}@example.com`;
    await typeInto(owner.getByLabel('E-mail'), email);
    await typeInto(owner.getByLabel('Name'), 'Ravi Fulfil');
    await owner.getByLabel('Role', { exact: true }).selectOption('FULFILMENT');
    await owner.getByRole('button', { name: 'Invite' }).click();
    const link = (await owner.getByTestId('invite-link').textContent()) ?? '';
    expect(link).toMatch(/\/admin\/enrol#[\w-]+$/);
    // The invitation reaches them by e-mail too, with the link.
    await expect(owner.getByRole('status').filter({ hasText: `The invitation is e-mailed to ${email}.` })).toBeVisible();
    await expect.poll(() => mailsTo(email).length).toBe(1);
    expect(mailsTo(email)[0]?.subject).toMatch(/^Your invitation to the back office of /);
    expect(mailsTo(email)[0]?.text).toContain(link);
    await expect(owner.getByRole('table').getByRole('row').filter({ hasText: email })).toContainText('invited');
    await accessible(owner);

    // The member enrols in a browser of their own.
    const staff = await (await browser.newContext()).newPage();
    // The name the owner typed is where their form starts.
    await staff.goto(link);
    await expect(staff.getByLabel('Your name')).toHaveValue('Ravi Fulfil');
    const secret = await enrol(staff, link, 'Ravi Fulfil');
    await staff.getByRole('link', { name: 'Sign in' }).click();

    await typeInto(staff.getByLabel('E-mail'), email);
    await typeInto(staff.getByLabel('Password'), PASSWORD);
    await typeInto(staff.getByLabel('Code from your authenticator app'), '000000');
    await staff.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(staff.getByRole('alert')).toHaveText('The e-mail, password or code is not right');
    await typeInto(staff.getByLabel('Code from your authenticator app'), code(secret, 30_000));
    await staff.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(staff.getByRole('heading', { name: 'Today' })).toBeVisible();
    await expect(staff.getByRole('link', { name: /to process/ })).toBeVisible();
    await accessible(staff);
    await openDesk(staff, 'Orders');
    // A fulfilment member sees no audit trail.
    await expect(staff.getByRole('link', { name: 'Audit trail' })).toHaveCount(0);

    await typeInto(staff.getByLabel('Order number, e-mail or phone'), customer.email);
    await staff.getByRole('button', { name: 'Search' }).click();
    await expect(staff.getByRole('table').getByRole('row')).toHaveCount(2);
    await expect(staff.getByRole('table').getByRole('row').nth(1)).toContainText('+91 70123 45678');
    await accessible(staff);
    await staff.getByRole('table').getByRole('link').first().click();
    await expect(staff.getByRole('heading', { level: 1 })).toContainText('Ordered');
    await expect(staff.locator('address')).toContainText('Phone for the courier +91 70123 45678');
    // The number on the order is what finds it from any screen: the frame's search box.
    const number = /Order ([0-9A-F]{8})/.exec((await staff.getByRole('heading', { level: 1 }).textContent()) ?? '')?.[1] ?? '';
    expect(number).toMatch(/^[0-9A-F]{8}$/);
    await openDesk(staff, 'Today');
    const find = staff.getByRole('search', { name: 'Find an order or a product' });
    await find.getByRole('searchbox').pressSequentially(`#${number.toLowerCase()}`, { delay: 20 });
    await find.getByRole('searchbox').press('Enter');
    await expect(staff.getByRole('table').getByRole('row')).toHaveCount(2);
    await staff.getByRole('table').getByRole('link').first().click();
    await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Order ${number} · Ordered`);
    await staff.getByRole('button', { name: 'Mark Processed' }).click();
    await expect(staff.getByRole('heading', { level: 1 })).toContainText('Processed');
    // Shipping needs the parcel's tracking: the api says so.
    await staff.getByRole('button', { name: 'Mark Shipped' }).click();
    await confirmDialog(staff, 'Mark Shipped', 'The shopper is e-mailed that it is on its way');
    await expect(staff.getByRole('alert')).toHaveText('Shipping needs the carrier');
    await typeInto(staff.getByLabel('Carrier'), 'Delhivery');
    await typeInto(staff.getByLabel('Tracking number'), 'DL123456789IN');
    await typeInto(staff.getByLabel('Tracking link'), 'https://www.delhivery.com/track/package/DL123456789IN');
    await staff.getByRole('button', { name: 'Mark Shipped' }).click();
    await confirmDialog(staff, 'Mark Shipped');
    await expect(staff.getByRole('heading', { level: 1 })).toContainText('Shipped');
    await typeInto(staff.getByLabel('Internal note'), 'Double-boxed');
    await staff.getByRole('button', { name: 'Add note' }).click();
    const timeline = staff.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
    const shippedEvent = timeline.filter({ hasText: 'Processed → Shipped (Delhivery DL123456789IN)' });
    await expect(shippedEvent).toHaveCount(1);
    await expect(shippedEvent).toContainText(email);
    await expect(timeline.filter({ hasText: 'Note: Double-boxed' })).toContainText(email);
    // The shipped e-mail goes after the move's commit, on its own: the page shows it once it has gone.
    await expect(async () => {
      await staff.reload();
      await expect(timeline.filter({ hasText: 'E-mailed the shopper: shipped' })).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await accessible(staff);

    // The owner reads every one of those actions in the audit trail, with who did it.
    await owner.getByRole('link', { name: 'Audit trail' }).click();
    await owner.getByLabel('Kind').selectOption({ label: 'Order moved on' });
    const audit = owner.getByRole('table').getByRole('row').filter({ hasText: email });
    await expect(audit).toHaveCount(2);
    // In words, before → after, not the api's JSON.
    await expect(audit.filter({ hasText: 'Status: Processed → Shipped' })).toHaveCount(1);
    await expect(audit.filter({ hasText: 'Tracking number DL123456789IN' })).toHaveCount(1);
    await expect(owner.getByRole('table')).not.toContainText('"status"');
    // Who looked the shopper up: the trail keeps no query, and finds the look-up by the e-mail typed again.
    await owner.getByLabel('Kind').selectOption({ label: 'Orders searched' });
    await typeInto(owner.getByLabel('Looked up'), customer.email.toUpperCase());
    const lookups = owner.getByRole('table').getByRole('row').filter({ hasText: 'Orders searched' });
    await expect(lookups).toHaveCount(1);
    await expect(lookups).toContainText(email);
    await expect(lookups).toContainText('By: email');
    await expect(lookups).toContainText('Found: 1');
    await expect(owner.getByRole('table')).not.toContainText(customer.email);
    await accessible(owner);

    await staff.getByRole('button', { name: 'Sign out' }).click();
    await expect(staff.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
    await staff.goto('/admin/orders');
    await expect(staff.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();

    // The shopper sees where the parcel is and follows it; the e-mail with the tracking is in the outbox, once.
    await page.goto('/my-orders');
    const steps = page.getByRole('list', { name: /^Where order/ }).getByRole('listitem');
    await expect(steps.nth(2)).toHaveAttribute('aria-current', 'step');
    await expect(steps.nth(2)).toHaveText('Shipped');
    await expect(page.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute(
      'href',
      'https://www.delhivery.com/track/package/DL123456789IN',
    );
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await expect.poll(() => mailsTo(customer.email).filter((m) => /has shipped/.test(m.subject)).length).toBe(1);
    expect(mailsTo(customer.email).find((m) => /has shipped/.test(m.subject))?.text).toContain('DL123456789IN');
  });

  test('a shopper cancels before it ships: refunded in the simulator, the stock back, and both e-mails sent', async ({ page, request }) => {
    const customer = await newCustomer(request);
    // A product no other journey buys, so its stock moves only with this order.
    const before = await stockOf(request, await productIdAt(page, 6));
    const productId = await buy(page, customer, 6);
    expect(await stockOf(request, productId)).toBe(before - 1);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await expect(page.getByText('Your order is cancelled. We are refunding your payment.')).toBeVisible();
    const order = page.getByRole('article', { name: /^Order / });
    await expect(order.getByText(/^Cancelled on /)).toBeVisible();
    await expect(order.getByText(/^Refund of Rs\. [\d,]+ refunded \(Order cancelled by the shopper\)$/)).toBeVisible();
    const payment = await paymentOf(request, customer);
    expect(payment.amount_refunded).toBe(payment.amount);
    expect(await stockOf(request, productId)).toBe(before);
    await expect.poll(() => mailsTo(customer.email).filter((m) => /has been cancelled|refunded for your/.test(m.subject)).length).toBe(2);
  });

  test('a delivered order: the shopper asks for a return, the owner approves, receives and refunds it', async ({
    page,
    request,
    browser,
  }) => {
    const customer = await newCustomer(request);
    await buy(page, customer, 7, { phone: '60123 45678' });
    const ownerEmail = `returns.${Date.now().toString(36)}@example.com`;
    const owner = await (await browser.newContext()).newPage();
    const secret = await enrol(owner, invite(ownerEmail, 'owner'), 'Meera Owner');
    await signInAs(owner, ownerEmail, secret);
    await accessible(owner);
    await openDesk(owner, 'Orders');
    await typeInto(owner.getByLabel('Order number, e-mail or phone'), customer.email);
    await owner.getByRole('button', { name: 'Search' }).click();
    await owner.getByRole('table').getByRole('link').first().click();
    await owner.getByRole('button', { name: 'Mark Processed' }).click();
    await typeInto(owner.getByLabel('Carrier'), 'Blue Dart');
    await typeInto(owner.getByLabel('Tracking number'), 'BD998877');
    await owner.getByRole('button', { name: 'Mark Shipped' }).click();
    await confirmDialog(owner, 'Mark Shipped');
    await owner.getByRole('button', { name: 'Mark Out For Delivery' }).click();
    await owner.getByRole('button', { name: 'Mark Delivered' }).click();
    await confirmDialog(owner, 'Mark Delivered', 'This cannot be undone.');
    await expect(owner.getByRole('heading', { level: 1 })).toContainText('Delivered');
    await owner.getByRole('link', { name: 'Packing slip' }).click();
    await expect(owner.getByRole('heading', { level: 1 })).toContainText('Packing slip');
    // Who sends it and where it comes back to: the shop's name, return address and phone.
    await expect(owner.getByRole('heading', { name: 'From (returns to)' })).toBeVisible();
    await expect(owner.locator('address').first()).toContainText('Digitic');
    // And the phone the shopper gave for the courier, under where it goes.
    await expect(owner.locator('address').nth(1)).toContainText('Phone +91 60123 45678');
    await accessible(owner);
    await owner.goBack();

    await page.goto('/my-orders');
    await expect(page.getByText(/^Returns accepted until /)).toBeVisible();
    await page.getByRole('button', { name: 'Request a return' }).click();
    const form = page.getByRole('form', { name: /^Return items of order/ });
    await form.getByRole('button', { name: 'Send return request' }).click();
    await expect(form.getByText('Choose at least one item to return')).toBeVisible();
    await form.getByRole('combobox').first().selectOption('1');
    await form.getByLabel('Why').selectOption('DAMAGED_OR_DEFECTIVE');
    await typeInto(form.getByLabel('Anything we should know (optional)'), 'The screen flickers');
    // Sent as a complaint (the box is never ticked for the shopper): its ticket shows on the return.
    const complaint = form.getByRole('checkbox', { name: /This is a complaint/ });
    await expect(complaint).not.toBeChecked();
    await complaint.check();
    await accessible(page);
    await form.getByRole('button', { name: 'Send return request' }).click();
    await expect(page.getByText('Your return request is sent. We will e-mail you our answer.')).toBeVisible();
    await expect(page.getByText(/^Return requested: we will e-mail you our answer/)).toBeVisible();
    await expect(page.getByText(/^Complaint ticket: GRV-\d{6}$/)).toBeVisible();

    await openDesk(owner, 'Returns');
    await owner.getByLabel('Status').selectOption('REQUESTED');
    await expect(owner.getByRole('table').getByRole('row').filter({ hasText: customer.email })).toHaveCount(1);
    await accessible(owner);
    await owner.getByRole('table').getByRole('row').filter({ hasText: customer.email }).getByRole('link').first().click();
    await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Return · Requested');
    await accessible(owner);
    await typeInto(owner.getByLabel('Note to the shopper (needed to reject)'), 'Please include the charger');
    await owner.getByRole('button', { name: 'Approve' }).click();
    await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Return · Approved');
    await owner.getByRole('button', { name: 'Mark received' }).click();
    await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Return · Received');
    await owner.getByRole('button', { name: /^Refund Rs\./ }).click();
    await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Return · Refunded');
    await expect(owner.getByText(/^Refund Rs\.\s[\d,]+ \(processed\), units back in stock$/)).toBeVisible();

    // Their own account: passkeys to add (the browser's part needs a domain name; the api's is tested with a software key).
    await openDesk(owner, 'Your account');
    await expect(owner.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
    await expect(owner.getByText('You have no passkey yet.')).toBeVisible();
    await accessible(owner);

    // The owner looks the shopper up: their orders, read-only.
    await openDesk(owner, 'Customers');
    await typeInto(owner.getByLabel('E-mail (or its beginning) or phone'), customer.email);
    await owner.getByRole('button', { name: 'Look up' }).click();
    await owner.getByRole('link', { name: customer.email }).click();
    await expect(owner.getByRole('table').getByRole('row')).toHaveCount(2);
    await accessible(owner);

    await page.reload();
    await expect(page.getByText(/^Return refunded: /)).toBeVisible();
    await accessible(page);
    await expect(page.getByText(/^Refund of Rs\. [\d,]+ refunded \(Return: Damaged or defective\)$/)).toBeVisible();
    const payment = await paymentOf(request, customer);
    expect(payment.amount_refunded).toBeGreaterThan(0);
    expect(payment.amount_refunded).toBeLessThan(payment.amount);
    await expect
      .poll(() => mailsTo(customer.email).filter((m) => /is approved|has been delivered|refunded for your/.test(m.subject)).length)
      .toBe(3);
    expect(mailsTo(customer.email).find((m) => /is approved/.test(m.subject))?.text).toContain('Please include the charger');
  });
});

/** The id of the store's `nth` cheapest product. */
async function productIdAt(page: Page, nth: number): Promise<string> {
  await page.goto('/product?sort=price');
  const href = await page
    .getByRole('region', { name: 'Products' })
    .getByRole('article')
    .nth(nth)
    .getByRole('heading')
    .getByRole('link')
    .getAttribute('href');
  return href?.split('/').pop() ?? '';
}
