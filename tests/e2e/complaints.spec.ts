import { expect, test } from './fixtures';
import { accessible, enrol, invite, openDesk, signInAs } from './staff';

// A complaint (E-Commerce Rules, 2020, rule 4): the shopper ticks the contact form's complaint box (never ticked
// for them), types their message key by key, and is told the ticket at once; customer care finds it on the
// Complaints desk with its 48-hour and one-month deadlines, and a reply acknowledges it. On a laptop and at 390 px.

test('a complaint sent with the contact form is given its ticket; customer care sees its deadlines and acknowledges it', async ({
  page,
  browser,
}) => {
  const project = test.info().project.name.replace(/\W+/g, '-');
  const email = `complains.${project}.${Date.now().toString(36)}@example.com`;
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact' });
  const box = form.getByRole('checkbox', { name: /This is a complaint/ });
  await expect(box).not.toBeChecked();
  await form.getByPlaceholder('Name').pressSequentially('Kavya Iyer', { delay: 20 });
  await form.getByPlaceholder('Email').pressSequentially(email, { delay: 10 });
  await form.getByPlaceholder('Mobile Number').pressSequentially('98250 12345', { delay: 20 });
  await form.getByPlaceholder('Comments').pressSequentially('The headphones I bought stopped charging.', { delay: 10 });
  await box.check();
  await form.getByRole('button', { name: 'Submit' }).click();
  const said = form.getByRole('status');
  await expect(said).toHaveText(/^Your complaint's ticket number is GRV-\d{6}\. We will acknowledge it within 48 hours/);
  const ticket = /GRV-\d{6}/.exec((await said.textContent()) ?? '')?.[0] as string;
  // The form is ready for another message, the box unticked again.
  await expect(box).not.toBeChecked();
  await accessible(page);

  const care = await (await browser.newContext({ timezoneId: 'Asia/Kolkata' })).newPage();
  const staffEmail = `care.${project}.${Date.now().toString(36)}@example.com`;
  await signInAs(care, staffEmail, await enrol(care, invite(staffEmail, 'support'), 'Sana Care'));
  await openDesk(care, 'Complaints');
  const row = care.getByRole('row').filter({ hasText: ticket });
  await expect(row).toContainText('The contact form');
  await expect(row).toContainText(/Acknowledged by .+; Resolved by .+\./);
  await accessible(care);
  await row.getByRole('link', { name: ticket }).click();
  await expect(care.getByText(`Complaint ${ticket}.`)).toBeVisible();
  // They choose its status and who answers it, reply, then save: their own reply moved it on (Submitted to
  // Contacted) meanwhile, and what they chose still saves.
  const status = care.getByRole('form', { name: 'Status and who is assigned' });
  await status.getByLabel('Status').selectOption('IN_PROGRESS');
  await status.getByLabel('Assigned to').selectOption({ label: 'Sana Care' });
  const reply = care.getByRole('form', { name: 'Reply by e-mail' });
  await reply.getByRole('textbox').pressSequentially('We are sorry: a replacement is on its way.', { delay: 10 });
  await reply.getByRole('button', { name: 'Send the reply' }).click();
  await expect(reply.getByText(`Reply e-mailed to ${email}.`)).toBeVisible();
  await expect(care.locator('.admin-complaint')).toContainText(/Acknowledged \d/);
  await status.getByRole('button', { name: 'Save' }).click();
  await expect(status.getByRole('status')).toHaveText('Saved.');
  await care.reload();
  await expect(status.getByLabel('Status')).toHaveValue('IN_PROGRESS');
  await expect(status.getByLabel('Assigned to').locator('option:checked')).toHaveText('Sana Care');
  await care.context().close();
});
