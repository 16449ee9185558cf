import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

// The consent record (Digital Personal Data Protection Act, 2023, s. 6): what the shopper agreed to, when, under which
// version of the privacy notice (the shop's Privacy Policy page, versioned in policies/), and when they withdrew it.
// Withdrawing the account's consent is as easy as giving it: it is "Delete my account" (customers/erasure.ts), one
// form with the password, which also marks it withdrawn here.

/** The privacy notice in force: the Privacy Policy's latest version (0 while never written). */
async function noticeInForce(trx: Transaction<Database>): Promise<number> {
  const row = await trx
    .selectFrom('policy_versions')
    .select('version')
    .where('slug', '=', 'privacy-policy')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.version ?? 0;
}

/** Records the account's consent at sign-up, under the notice version shown (never one newer than in force). */
export async function recordConsent(trx: Transaction<Database>, customerId: string, shown?: number): Promise<void> {
  const now = await noticeInForce(trx);
  await trx
    .insertInto('consents')
    .values({ customer_id: customerId, purpose: 'account', notice_version: shown === undefined ? now : Math.min(shown, now) })
    .execute();
}

/** Marks every consent of the shopper withdrawn (their account erased). */
export async function withdrawConsents(trx: Transaction<Database>, customerId: string): Promise<void> {
  await trx
    .updateTable('consents')
    .set({ withdrawn_at: new Date() })
    .where('customer_id', '=', customerId)
    .where('withdrawn_at', 'is', null)
    .execute();
}

/** The shopper's consents, newest first, as My Profile shows them. */
export const consentsOf = (db: Kysely<Database>, customerId: string) =>
  db
    .selectFrom('consents')
    .select(['purpose', 'notice_version', 'given_at', 'withdrawn_at'])
    .where('customer_id', '=', customerId)
    .orderBy('given_at', 'desc')
    .execute();
