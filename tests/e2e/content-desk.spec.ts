import { expect, test, typeInto } from './fixtures';
import { gql, mailsTo, newCustomer } from './helpers';
import { accessible, enrol, invite, openDesk, signInAs } from './staff';

test.describe('the content desk', () => {
  test('a support member replies to an enquiry by e-mail and hides a review; the shopper sees it gone', async ({
    page,
    browser,
    request,
  }) => {
    const stamp = Date.now().toString(36);
    // What shoppers sent: an enquiry through the contact form's mutation, and a review of the fifth dearest product.
    const asker = `asker.${stamp}@example.com`;
    await gql(request, 'mutation($i: EnquiryInput!) { submitEnquiry(input: $i) { id } }', {
      i: { name: 'Ravi Shah', email: asker, mobile: '9876543210', comment: 'Does the laptop come with a UK plug?' },
    });
    const { products } = await gql<{ products: { items: { id: string; title: string }[] } }>(
      request,
      '{ products(pageSize: 5, sort: PRICE_DESC) { items { id title } } }',
      {},
    );
    const product = products.items[4] as { id: string; title: string };
    const reviewer = await newCustomer(request, 'Spam');
    const spam = `Cheaper at knockoffs-${stamp}.example`;
    await gql(
      request,
      'mutation($i: RateProductInput!) { rateProduct(input: $i) { id } }',
      { i: { productId: product.id, star: 1, comment: spam } },
      reviewer.token,
    );
    await page.goto(`/product/${product.id}`);
    await expect(page.getByText(spam)).toBeVisible();

    const email = `support.${stamp}@example.com`;
    const desk = await (await browser.newContext()).newPage();
    const secret = await enrol(desk, invite(email, 'support'), 'Sam Support');
    await signInAs(desk, email, secret);

    // The inbox: find it, take it, note it, answer it by e-mail.
    await openDesk(desk, 'Enquiries');
    await expect(desk.getByRole('heading', { name: 'Enquiries', level: 1 })).toBeVisible();
    await typeInto(desk.getByLabel('E-mail, name or words'), asker);
    await desk.getByRole('button', { name: 'Search' }).click();
    await desk
      .getByRole('table')
      .getByRole('link', { name: `Ravi Shah (${asker})` })
      .click();
    await expect(desk.getByRole('heading', { name: 'Enquiry from Ravi Shah' })).toBeVisible();
    await accessible(desk);
    // Who is assigned and who replied are two things: an assignment is not a reply.
    const status = desk.getByRole('form', { name: 'Status and who is assigned' });
    await status.getByLabel('Status').selectOption('IN_PROGRESS');
    await status.getByLabel('Assigned to').selectOption({ label: 'Sam Support' });
    await status.getByRole('button', { name: 'Save' }).click();
    await expect(desk.getByRole('status')).toHaveText('Saved.');
    await expect(desk.getByText('Not replied to yet.')).toBeVisible();
    const note = desk.getByRole('form', { name: 'Internal note' });
    await typeInto(note.getByLabel('Internal note (the customer never sees it)'), 'Indian plug only; adapter in the box');
    await note.getByRole('button', { name: 'Add the note' }).click();
    await expect(note.getByRole('status')).toHaveText('Note added.');
    const reply = desk.getByRole('form', { name: 'Reply by e-mail' });
    await typeInto(reply.getByLabel(`Reply to ${asker}`), 'It ships with an Indian plug and a UK adapter in the box.');
    await reply.getByRole('button', { name: 'Send the reply' }).click();
    await expect(reply.getByRole('status')).toHaveText(`Reply e-mailed to ${asker}.`);
    await expect(desk.getByText(/^Reply e-mailed by Sam Support/)).toBeVisible();
    await expect(desk.getByText(/^Last reply by Sam Support, /)).toBeVisible();
    await accessible(desk);
    await expect.poll(() => mailsTo(asker).length).toBe(1);
    // The customer's answer goes to the shop's support address (SHOP_EMAIL here), not the no-reply sender.
    expect(mailsTo(asker)[0]?.replyTo).toBe('care@digitic.test');
    expect(mailsTo(asker)[0]?.text).toContain('UK adapter in the box');
    expect(mailsTo(asker)[0]?.text).toContain('> Does the laptop come with a UK plug?');

    // Reviews: hide the spam with a reason.
    await openDesk(desk, 'Reviews');
    await expect(desk.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
    await typeInto(desk.getByLabel('Words, product or e-mail'), spam);
    await desk.getByRole('button', { name: 'Search' }).click();
    // The search's answer first: the list shown before it is replaced, and a reason typed into it would go with it.
    await expect(desk.getByText('1 review', { exact: true })).toBeVisible();
    const item = desk.getByRole('article', { name: `Spam Patel's review of ${product.title}` });
    await typeInto(item.getByLabel('Why hide it'), 'Advertising another shop');
    await item.getByRole('button', { name: 'Hide' }).click();
    await expect(item.getByRole('status')).toHaveText('Hidden: it is off the store, and the rating recomputed.');
    await accessible(desk);

    // The shopper's next server-rendered page no longer shows it.
    await expect
      .poll(async () => {
        await page.goto(`/product/${product.id}`);
        return page.getByText(spam).count();
      })
      .toBe(0);
  });
});
