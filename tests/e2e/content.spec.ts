import { expect, test, typeInto } from './fixtures';

test.describe('blogs', () => {
  test('lists blog cards with excerpts, dates and Read More, and opens one', async ({ page }) => {
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { name: 'Find By Categories' })).toBeVisible();
    for (const c of ['Watch', 'Tv', 'Camera', 'Laptop'])
      await expect(page.getByRole('complementary').getByText(c, { exact: true })).toBeVisible();
    const cards = page.getByRole('region', { name: 'Blogs' }).getByRole('article');
    await expect(cards).toHaveCount(8);
    const first = cards.first();
    await expect(first.locator('.date')).toHaveText(/^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th) \d{4}, \d{1,2}:\d{2} (am|pm)$/);
    const excerpt = (await first.locator('.desc').textContent()) ?? '';
    expect(excerpt.length).toBeLessThanOrEqual(73);
    const title = (await first.getByRole('heading').textContent()) ?? '';
    await first.getByRole('link', { name: /Read More/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await page.getByRole('link', { name: /Go back to Blogs/ }).click();
    await expect(page).toHaveURL(/\/blogs$/);
  });
});

test.describe('contact', () => {
  test('shows the contact details from the shop settings', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'UAE - MAP' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: '+971 4 555 0100' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'care@digitic.test' })).toBeVisible();
    await expect(main.getByText('Monday – Sunday 10 AM – 8 PM')).toBeVisible();
  });

  test('validates once touched, then submits and stores the enquiry', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact' });
    await form.getByPlaceholder('Name').focus();
    await form.getByPlaceholder('Email').focus();
    await expect(form.getByText('First Name is Required')).toBeVisible();
    await typeInto(form.getByPlaceholder('Email'), 'kiran');
    await form.getByPlaceholder('Mobile Number').focus();
    await expect(form.getByText('Email Should be valid')).toBeVisible();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Mobile No is Required')).toBeVisible();
    await expect(form.getByText('comments is Required')).toBeVisible();

    await typeInto(form.getByPlaceholder('Name'), 'Kiran');
    await typeInto(form.getByPlaceholder('Email'), 'kiran@example.com');
    // A mobile number as people write it, typed key by key (#38: "+91 98250 12345" answered "Mobile No is Required").
    await form.getByPlaceholder('Mobile Number').pressSequentially('+91 98250 12345', { delay: 30 });
    await typeInto(form.getByPlaceholder('Comments'), 'Do you deliver to Pune?');
    await expect(form.getByText('Mobile No is Required')).toHaveCount(0);
    const stored = page.waitForResponse((r) => r.url().endsWith('/graphql') && r.request().postData()?.includes('SubmitEnquiry') === true);
    await form.getByRole('button', { name: 'Submit' }).click();
    const sent = (await stored).request().postDataJSON() as { variables: { input: { mobile: string } } };
    expect(sent.variables.input.mobile).toBe('9825012345');
    const body = (await (await stored).json()) as { data: { submitEnquiry: { id: string; status: string } } };
    expect(body.data.submitEnquiry).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'Submitted' });
    await expect(page.getByText('Contact Form Submitted Successfully')).toBeVisible();
    await expect(form.getByPlaceholder('Name')).toHaveValue('');
  });
});
