import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

// The outbox (no SMTP_URL) keeps each message as a file: they hold addresses, tax invoices and live reset links,
// so they go after OUTBOX_DAYS (the api's hourly pass) and when their shopper erases the account.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'digitic-outbox-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const message = (to: string, text = 'Your order') => ({ to, subject: 'Order', text, html: `<p>${text}</p>` });

describe('the outbox', () => {
  it('removes messages older than the limit, and keeps the rest', async () => {
    const outbox = createMailer({ smtpUrl: undefined, from: 'shop@example.com', outboxDir: path.join(dir, 'age') });
    await outbox.send(message('old@example.com'));
    await outbox.send(message('new@example.com'));
    const files = (await readdir(path.join(dir, 'age'))).sort();
    const day = 24 * 60 * 60_000;
    const oldFile = path.join(dir, 'age', files[0] as string);
    await utimes(oldFile, new Date(Date.now() - 31 * day), new Date(Date.now() - 31 * day));
    expect(await outbox.prune(30 * day)).toBe(1);
    expect(await readdir(path.join(dir, 'age'))).toEqual([files[1]]);
    expect(await outbox.prune(30 * day)).toBe(0);
  });

  it('forgets every message naming an address, in any case, as recipient, reply-to or text', async () => {
    const outbox = createMailer({ smtpUrl: undefined, from: 'shop@example.com', outboxDir: path.join(dir, 'forget') });
    await outbox.send(message('Asha.Patel@Example.com'));
    await outbox.send({ ...message('support@shop.example'), replyTo: 'asha.patel@example.com' });
    await outbox.send(message('support@shop.example', 'A complaint from asha.patel@example.com about order F54CAA73'));
    await outbox.send(message('ravi@example.com'));
    expect(await outbox.forget('asha.patel@example.com')).toBe(3);
    const left = await readdir(path.join(dir, 'forget'));
    expect(left).toHaveLength(1);
    expect(await outbox.forget('asha.patel@example.com')).toBe(0);
  });

  it('keeps nothing to forget or prune when mail goes out by SMTP', async () => {
    const smtp = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'shop@example.com', outboxDir: path.join(dir, 'smtp') });
    expect(await smtp.forget('asha@example.com')).toBe(0);
    expect(await smtp.prune(0)).toBe(0);
  });
});
