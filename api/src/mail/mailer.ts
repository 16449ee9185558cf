import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { unavailable } from '../domain/errors.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where the recipient's answer goes when it is not the sender (the no-reply From): the shop's support address. */
  replyTo?: string;
  /** Files sent with it (an order's tax invoice). */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface Mailer {
  /** Fails with 503 when mail cannot be sent now, before anything is promised to the caller. */
  ready(): Promise<void>;
  send(message: MailMessage): Promise<void>;
  /** Removes every kept message that names `text` (an erased shopper's e-mail): how many. Sent mail is not kept. */
  forget(text: string): Promise<number>;
  /** Removes kept messages older than `maxAgeMs`: how many. */
  prune(maxAgeMs: number, now?: number): Promise<number>;
}

const MAIL_DOWN = 'E-mail cannot be sent right now. Please try again shortly.';

/** SMTP through nodemailer when SMTP_URL is set; otherwise one JSON file a message in the outbox folder. */
export function createMailer(options: { smtpUrl: string | undefined; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async ready() {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('SMTP verify timed out')), 5_000);
        });
        await Promise.race([transport.verify(), timeout])
          .catch(() => {
            throw unavailable(MAIL_DOWN);
          })
          .finally(() => clearTimeout(timer));
      },
      async send(message) {
        await transport.sendMail({ from: options.from, ...message }).catch(() => {
          throw unavailable(MAIL_DOWN);
        });
      },
      forget: () => Promise.resolve(0),
      prune: () => Promise.resolve(0),
    };
  }
  /** Each kept message (only *.json are messages), its path. */
  const kept = async () =>
    (await readdir(options.outboxDir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.json'))
      .map((f) => path.join(options.outboxDir, f));
  return {
    async ready() {
      try {
        await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
        await access(options.outboxDir, constants.W_OK);
      } catch {
        throw unavailable(MAIL_DOWN);
      }
    },
    async send(message) {
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      const file = path.join(options.outboxDir, name);
      // Attachments kept as base64, so the outbox's JSON holds them whole.
      const mail = {
        from: options.from,
        ...message,
        ...(message.attachments
          ? {
              attachments: message.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                base64: a.content.toString('base64'),
              })),
            }
          : {}),
        createdAt: new Date().toISOString(),
      };
      try {
        // A message may hold a live reset link: for the service's user only, whatever the process's umask.
        await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
        // Written whole, then named: whoever reads the outbox never sees half a message (only *.json are messages).
        const partial = path.join(options.outboxDir, `.${name}.partial`);
        await writeFile(partial, JSON.stringify(mail, null, 2), { mode: 0o600 });
        await rename(partial, file);
      } catch {
        throw unavailable(MAIL_DOWN);
      }
    },
    async forget(text) {
      const wanted = text.toLowerCase();
      let removed = 0;
      for (const file of await kept()) {
        const body = await readFile(file, 'utf8').catch(() => '');
        // As stored: JSON escapes nothing in an e-mail address but a quote or a backslash, which none holds.
        if (body.toLowerCase().includes(wanted)) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
    async prune(maxAgeMs, now = Date.now()) {
      let removed = 0;
      for (const file of await kept()) {
        const written = (await stat(file).catch(() => null))?.mtimeMs;
        if (written !== undefined && now - written > maxAgeMs) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}
