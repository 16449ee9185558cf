import { type Kysely, sql, type Transaction } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { ERASED_NOTE, eraseNotes } from '../audit/notes.js';
import { recordAudit } from '../audit/record.js';
import { verifyPassword } from '../auth/password.js';
import type { Database } from '../db/schema.js';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../domain/errors.js';
import type { AttemptWindows } from '../auth/attempts.js';
import type { Mailer } from '../mail/mailer.js';
import { refreshRating } from '../reviews/rating.js';
import { senderKey } from '../enquiries/contact-form.js';
import { withdrawConsents } from './consents.js';
import { ATTEMPT_LIMITS, accountKey, tooManyAttempts } from '@digitic/shop-rules';

// "Delete my account" (Digital Personal Data Protection Act, 2023, s. 12): with the password given again, the
// shopper's personal data is erased at once, in one transaction. What the GST law keeps (CGST Act s. 36: eight
// years) stays with only what it needs: the orders' amounts, lines and tax, the place of supply (state, PIN) and
// the tax documents as issued (their buyer block is the invoice itself, append-only). The account's row stays,
// for those orders point at it, with nothing personal left: no one signs in to it again. docs/compliance.md has
// the retention, table by table.

/** What an erased shopper's e-mail becomes: unique, and no one's (.invalid never resolves). */
export const erasedEmail = (id: string) => `erased-${id}@erased.invalid`;

/** An address reduced to what the tax law keeps of a sale: the place of supply. */
const placeOfSupply = sql<string>`jsonb_build_object('state', shipping_info->>'state', 'country', shipping_info->>'country', 'pincode', shipping_info->'pincode')`;

export async function eraseCustomer(
  deps: { db: Kysely<Database>; attempts: AttemptWindows; mailer: Pick<Mailer, 'forget'>; log: (line: string, detail?: unknown) => void },
  customerId: string,
  password: string,
  actor: Actor,
): Promise<void> {
  const { db } = deps;
  const me = await db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
  if (!me || me.erased_at) throw unauthorized();
  const { email, sessions_since: sessionsSince } = me;
  // The password again, counted in the account's sign-in window: a signed-in page is no way to guess it.
  const key = `login:${accountKey(me.email)}`;
  const reserved = await deps.attempts.reserve(key, ATTEMPT_LIMITS.loginFailuresPerAccount);
  if (!reserved.allowed) throw tooManyRequests(tooManyAttempts('login', reserved.retryMs));
  if (!(await verifyPassword(me.password_hash, password))) throw badRequest('The password is not right: your account is kept', 'password');
  // The customer's row is taken first, and everything after runs under it: a shopper's write racing the erasure
  // (a checkout start, a cart line, a review, a message) either committed before, and is seen below (a checkout
  // under way refuses the erasure), or waits and is refused by the database (db/migrations/0036).
  const refusedAsOpen = await db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('customers').select('erased_at').where('id', '=', customerId).forUpdate().executeTakeFirst();
    if (!locked || locked.erased_at) throw unauthorized();
    // Not while a sale is under way: its address is still needed to deliver it, collect a return or refund it.
    const open = await trx
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('order_status', 'not in', ['Delivered', 'Cancelled'])
      .union(
        trx
          .selectFrom('returns')
          .select('id')
          .where('customer_id', '=', customerId)
          .where('status', 'in', ['Requested', 'Approved', 'Received']),
      )
      .union(trx.selectFrom('checkouts').select('id').where('customer_id', '=', customerId).where('status', 'in', ['started', 'paid']))
      .limit(1)
      .executeTakeFirst();
    if (open) return true;
    await eraseUnderLock(trx);
    return false;
  });
  if (refusedAsOpen) {
    await deps.attempts.clear(key);
    throw conflict(
      'An order, a payment or a return of yours is still under way: your account can be deleted once it is delivered, cancelled or closed',
    );
  }
  // The mail the shop keeps (the outbox, without SMTP_URL) that names them goes too: confirmations with the address
  // and the invoice, notices, reset links, their messages forwarded to staff. Files are not in the transaction: one
  // that cannot be removed now goes with the outbox's age limit, and the failure is logged.
  await deps.mailer.forget(email).catch((err: unknown) => deps.log(`customer ${customerId}: kept mail could not be removed`, err));

  async function eraseUnderLock(trx: Transaction<Database>) {
    // Their reviews go, and the products' ratings are recounted without them.
    const rated = await trx.deleteFrom('ratings').where('customer_id', '=', customerId).returning('product_id').execute();
    for (const productId of new Set(rated.map((r) => r.product_id))) await refreshRating(trx, productId);
    await trx.deleteFrom('cart_lines').where('customer_id', '=', customerId).execute();
    await trx.deleteFrom('wishlist').where('customer_id', '=', customerId).execute();
    await trx.deleteFrom('reset_tokens').where('customer_id', '=', customerId).execute();
    await trx.deleteFrom('email_changes').where('customer_id', '=', customerId).execute();
    // The rate limits' windows name the e-mail (a sign-in's, a message's): they go too.
    await trx
      .deleteFrom('attempt_windows')
      .where('key', 'in', [`login:${accountKey(email)}`, `register:${accountKey(email)}`, `enquiry-email:${senderKey(email)}`])
      .execute();
    // The sales stay (the tax law), with the place of supply alone of the address; the shopper's own words go.
    await trx.updateTable('orders').set({ shipping_info: placeOfSupply }).where('customer_id', '=', customerId).execute();
    await trx.updateTable('checkouts').set({ shipping_info: placeOfSupply }).where('customer_id', '=', customerId).execute();
    await trx.updateTable('returns').set({ comment: null, decision_note: null }).where('customer_id', '=', customerId).execute();
    // Staff's words about them: notes, reasons (audit/notes.ts; the timeline and the trail point at these), and the
    // refunds' reasons as the refund rows keep them (the credit notes, tax documents, keep theirs as issued).
    await eraseNotes(trx, customerId);
    // The e-mails their orders owed, as queued: a cancellation's reason is staff's words too.
    await sql`update order_notices set detail = detail - 'reason'
      where detail ? 'reason' and order_id in (select id from orders where customer_id = ${customerId})`.execute(trx);
    await trx
      .updateTable('order_refunds')
      .set({ reason: ERASED_NOTE })
      .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('customer_id', '=', customerId))
      .execute();
    // Their messages to the shop, and the replies that answered them by name.
    const enquiries = await trx
      .updateTable('enquiries')
      .set({ name: 'Erased', email: erasedEmail(customerId), mobile: '', comment: '(erased at the sender’s request)' })
      .where('customer_id', '=', customerId)
      .returning('id')
      .execute();
    if (enquiries.length > 0) {
      await trx
        .updateTable('enquiry_events')
        .set({ body: '(erased at the sender’s request)' })
        .where(
          'enquiry_id',
          'in',
          enquiries.map((e) => e.id),
        )
        .execute();
    }
    // The consent is withdrawn with the account; its record stays as proof of what was agreed (DPDP Act, s. 6(10)).
    // Before the row is marked erased: from then on the database takes no new row for the account.
    await withdrawConsents(trx, customerId);
    await trx
      .updateTable('customers')
      .set({
        firstname: 'Erased',
        lastname: '',
        email: erasedEmail(customerId),
        mobile: null,
        // No password opens it, and every token it signed is void.
        password_hash: '!erased',
        sessions_since: new Date(Math.max(Date.now(), sessionsSince.getTime() + 1)),
        erased_at: new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', customerId)
      .execute();
    await recordAudit(trx, actor, { action: 'customer.erased', subject: { kind: 'customer', id: customerId } });
  }
}
