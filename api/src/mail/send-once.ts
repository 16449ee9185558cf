import type { Mailer, MailMessage } from './mailer.js';

export interface OnceMail {
  /** What is being sent, for the log when it fails. */
  what: string;
  /** A conditional update that only one caller wins (a sent-at column written where it is null). */
  claim: () => Promise<{ numUpdatedRows: bigint }>;
  /** Gives the claim back when sending failed, so a later pass tries again. */
  release: (err: Error) => Promise<unknown>;
  /** The message, read when the claim is won; null when there is nothing to send after all. */
  compose: () => Promise<MailMessage | null>;
}

/**
 * Sends a mail once: the claim is a conditional update only one caller wins; when sending fails the
 * claim is given back, so the next reconciliation pass tries again. Never twice, retried until sent.
 * The confirmation, the refund notice of a payment that made no order, and every order notice use it.
 */
export async function sendOnce(mailer: Mailer, log: (line: string, detail?: unknown) => void, mail: OnceMail): Promise<boolean> {
  if (Number((await mail.claim()).numUpdatedRows) !== 1) return false;
  try {
    const message = await mail.compose();
    if (!message) return false;
    await mailer.send(message);
    return true;
  } catch (err) {
    await mail.release(err instanceof Error ? err : new Error(String(err)));
    log(`${mail.what} could not be sent; it will be retried`, err);
    return false;
  }
}
