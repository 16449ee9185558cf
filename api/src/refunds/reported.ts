import type { Kysely } from 'kysely';
import { WEBHOOK } from '../audit/actor.js';
import type { CheckoutMails } from '../checkout/mails.js';
import type { Database } from '../db/schema.js';
import { markRefunded } from './unsettled.js';

/** A refund the provider reports (webhook): recorded once; a kept payment it covers is settled and the shopper told. */
export async function recordReportedRefund(
  db: Kysely<Database>,
  mails: Pick<CheckoutMails, 'sendRefundNotice'>,
  refund: { id: string; payment_id: string; amount: number; status: string },
  source: string,
) {
  // The kept payment first: while an automatic refund of it is under way its row is locked, so this
  // waits for that refund to be written (with its own source) instead of racing it to the ledger.
  const settled = await db
    .updateTable('unsettled_payments')
    .set({ refund_id: refund.id, refunded_at: new Date() })
    .where('razorpay_payment_id', '=', refund.payment_id)
    .where('refunded_at', 'is', null)
    .where('amount_paid', '<=', refund.amount)
    .executeTakeFirst();
  const inserted = await db
    .insertInto('payment_refunds')
    .values({ refund_id: refund.id, razorpay_payment_id: refund.payment_id, amount: refund.amount, status: refund.status, source })
    .onConflict((oc) => oc.column('refund_id').doNothing())
    .executeTakeFirst();
  if (Number(settled.numUpdatedRows) === 1) {
    await markRefunded(db, refund.payment_id, WEBHOOK);
    await mails.sendRefundNotice(refund.payment_id);
  }
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}
