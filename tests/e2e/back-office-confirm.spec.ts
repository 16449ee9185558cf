import { expect, test, typeInto } from './fixtures';
import { buy, newCustomer } from './helpers';
import { accessible, confirmDialog, enrol, invite, signInAs } from './staff';

// Every consequential action says what it will do and asks once (#40): a refund names its amount, the api's own
// figure; a role change names its effect; nobody is offered an action on themselves the api refuses. On a laptop
// and on a phone.

const API = 'http://127.0.0.1:4701/api';
const rupees = (n: number) => `Rs. ${n.toLocaleString('en-IN')}`;

test('a refund shows the amount the api will refund and asks once; a role change asks and names its effect', async ({
  page,
  request,
  browser,
}) => {
  const customer = await newCustomer(request);
  const productId = await buy(page, customer, 9);
  const { price, title } = (await (await request.get(`${API}/product/${productId}`)).json()) as { price: number; title: string };

  const unique = `${test.info().project.name}.${Date.now().toString(36)}`;
  const ownerEmail = `confirm.${unique}@example.com`;
  const memberEmail = `member.${unique}@example.com`;
  const owner = await (await browser.newContext()).newPage();
  const secret = await enrol(owner, invite(ownerEmail, 'owner'), 'Ravi Owner');
  invite(memberEmail, 'fulfilment');
  await signInAs(owner, ownerEmail, secret);

  // The refund: the confirmation says what the api will refund, and Go back sends nothing.
  await owner.goto('/admin/orders');
  await owner.getByLabel('Order number, e-mail or phone').pressSequentially(customer.email, { delay: 10 });
  await owner.getByRole('button', { name: 'Search' }).click();
  await owner.getByRole('table').getByRole('link').first().click();
  const form = owner.getByRole('form', { name: 'Refund' });
  await typeInto(form.getByRole('spinbutton').first(), '1');
  await form.getByLabel('Why (the shopper is told)').pressSequentially('Scratched on arrival', { delay: 20 });
  await form.getByRole('button', { name: 'Refund…' }).click();
  const dialog = owner.getByRole('dialog', { name: `Refund ${rupees(price)} to the shopper?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'What is refunded' })).toHaveText(`1 × ${title}: ${rupees(price)}`);
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(owner.getByText(`Refunded Rs. 0 · left to refund ${rupees(price + 100)}`)).toBeVisible();
  await form.getByRole('button', { name: 'Refund…' }).click();
  await confirmDialog(owner, `Refund ${rupees(price)}`, 'cannot be called back once sent');
  await expect(owner.getByText(`Refunded ${rupees(price)} · left to refund Rs. 100`)).toBeVisible();

  // A role change: asked, with its effect; Go back leaves it; the owner's own row offers nothing the api refuses.
  await owner.goto('/admin/staff');
  const role = owner.getByLabel(`Role of ${memberEmail}`);
  await expect(role).toHaveValue('FULFILMENT');
  await role.selectOption('SUPPORT');
  const ask = owner.getByRole('dialog', { name: /^Make .+ Support\?$/ });
  await expect(ask).toContainText('Their sessions end now');
  await ask.getByRole('button', { name: 'Go back' }).click();
  await expect(role).toHaveValue('FULFILMENT');
  await role.selectOption('SUPPORT');
  await confirmDialog(owner, 'Make Support');
  await expect(owner.getByRole('status')).toContainText('is Support now; their sessions have ended.');
  await expect(role).toHaveValue('SUPPORT');
  const mine = owner.getByRole('row').filter({ hasText: ownerEmail });
  await expect(mine.getByRole('button')).toHaveCount(0);
  await expect(owner.getByLabel(`Role of ${ownerEmail}`)).toBeDisabled();
  await accessible(owner);
});
