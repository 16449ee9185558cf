import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { type OnceMail, sendOnce as sendOnceWith } from '../mail/send-once.js';
import { orderConfirmation, refundNotice } from './mail.js';
import { amountDue } from './model.js';
import { documentsOf } from '../tax/documents.js';
import { storedPdf } from '../tax/stored-pdf.js';
import { fileName } from '../tax/service.js';
import type { ShopIdentityReader } from '../settings/settings.js';

/** The checkout's two e-mails, each sent once whichever path (browser, webhook, reconciliation) gets there first. */
export function checkoutMails(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  log: (line: string, detail?: unknown) => void;
  webUrl: string;
  /** The shop's name as saved (settings). */
  shop: ShopIdentityReader;
}) {
  const { db, mailer, log } = deps;
  const sendOnce = (mail: OnceMail) => sendOnceWith(mailer, log, mail);

  /** The order's confirmation, once whichever path made the order. */
  const sendConfirmation = (orderId: string) =>
    sendOnce({
      what: `order ${orderId}: the confirmation e-mail`,
      claim: () =>
        db
          .updateTable('orders')
          .set({ confirmation_sent_at: new Date() })
          .where('id', '=', orderId)
          .where('confirmation_sent_at', 'is', null)
          .executeTakeFirst(),
      release: () => db.updateTable('orders').set({ confirmation_sent_at: null }).where('id', '=', orderId).execute(),
      async compose() {
        const row = await db
          .selectFrom('checkouts as k')
          .innerJoin('customers as c', 'c.id', 'k.customer_id')
          .select([
            'c.email',
            'c.firstname',
            'k.lines',
            'k.subtotal',
            'k.shipping',
            'k.total',
            'k.coupon_code',
            'k.discount',
            'k.shipping_info',
            'k.tax',
          ])
          .where('k.order_id', '=', orderId)
          .executeTakeFirst();
        if (!row) return null; // an order made before checkout records: nothing to write from
        const invoice = (await documentsOf(db, orderId)).find((d) => d.kind === 'invoice');
        // The invoice as a PDF; one that cannot be made leaves the e-mail without it (My Orders has it), never unsent.
        const pdf = invoice
          ? await storedPdf(db, invoice).catch((err: unknown) => {
              log(`order ${orderId}: the invoice's PDF could not be made for the confirmation`, err);
              return null;
            })
          : null;
        return orderConfirmation({
          to: row.email,
          firstname: row.firstname,
          orderId,
          lines: row.lines,
          subtotal: row.subtotal,
          shipping: row.shipping,
          coupon: row.coupon_code ? { code: row.coupon_code, discount: row.discount } : null,
          total: amountDue(row),
          address: row.shipping_info,
          ordersUrl: `${deps.webUrl}/my-orders`,
          shopName: (await deps.shop()).name,
          gstPaise: row.tax ? row.tax.total.cgst + row.tax.total.sgst + row.tax.total.igst : null,
          invoice: invoice && pdf ? { number: invoice.number, filename: fileName(invoice), pdf } : null,
        });
      },
    });

  /** Tells the shopper their payment was refunded, once. */
  const sendRefundNotice = (paymentId: string) =>
    sendOnce({
      what: `payment ${paymentId}: the refund notice`,
      claim: () =>
        db
          .updateTable('unsettled_payments')
          .set({ notice_sent_at: new Date() })
          .where('razorpay_payment_id', '=', paymentId)
          .where('refunded_at', 'is not', null)
          .where('notice_sent_at', 'is', null)
          .executeTakeFirst(),
      release: () =>
        db.updateTable('unsettled_payments').set({ notice_sent_at: null }).where('razorpay_payment_id', '=', paymentId).execute(),
      async compose() {
        const row = await db
          .selectFrom('unsettled_payments as u')
          .innerJoin('customers as c', 'c.id', 'u.customer_id')
          .select(['c.email', 'c.firstname', 'c.erased_at', 'u.amount_paid', 'u.reason', 'u.refund_id'])
          .where('u.razorpay_payment_id', '=', paymentId)
          .executeTakeFirstOrThrow();
        // An erased account has no address to tell (its e-mail is no one's): the refund is made and recorded all the same.
        if (row.erased_at) return null;
        return refundNotice({
          to: row.email,
          firstname: row.firstname,
          amountPaise: row.amount_paid,
          reason: row.reason,
          refundId: row.refund_id ?? paymentId,
          shopName: (await deps.shop()).name,
        });
      },
    });

  return { sendConfirmation, sendRefundNotice };
}

export type CheckoutMails = ReturnType<typeof checkoutMails>;
