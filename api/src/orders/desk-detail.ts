import type { Kysely } from 'kysely';
import { withNotes } from '../audit/notes.js';
import type { Database, LineQuantity } from '../db/schema.js';
import { notFound } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';
import { documentsOf } from '../tax/documents.js';
import { summaryOf } from '../tax/service.js';

/** One order whole: lines, totals, address, payment and refunds, and its timeline with who did what. */
export async function orderDetail(db: Kysely<Database>, id: string) {
  if (!isUuid(id)) throw notFound('Order not found');
  const order = await db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .selectAll('o')
    .select(['c.email', 'c.firstname', 'c.lastname', 'c.mobile'])
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!order) throw notFound('Order not found');
  const [lines, events, refunds, returns, documents] = await Promise.all([
    db
      .selectFrom('order_items as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .innerJoin('colors as c', 'c.id', 'i.color_id')
      .select(['i.id', 'i.quantity', 'i.price', 'p.id as product_id', 'p.title', 'c.title as color'])
      .where('i.order_id', '=', id)
      .orderBy('i.position')
      .execute(),
    db.selectFrom('order_events').selectAll().where('order_id', '=', id).orderBy('id').execute(),
    db.selectFrom('order_refunds').selectAll().where('order_id', '=', id).orderBy('created_at').execute(),
    db.selectFrom('returns').selectAll().where('order_id', '=', id).orderBy('created_at').execute(),
    documentsOf(db, id),
  ]);
  // A note's (or a reason's) words are read from where an erasure reaches them (audit/notes.ts).
  const details = await withNotes(
    db,
    events.map((e) => e.detail),
  );
  const refunded = refunds.filter((r) => r.state !== 'failed').reduce((s, r) => s + r.amount, 0);
  const unitsRefunded = (itemId: string) =>
    refunds
      .filter((r) => r.state !== 'failed')
      .reduce((s, r) => s + r.lines.filter((l: LineQuantity) => l.itemId === itemId).reduce((t, l) => t + l.quantity, 0), 0);
  return {
    id: order.id,
    status: order.order_status,
    version: order.version,
    createdAt: order.created_at.toISOString(),
    customer: { id: order.customer_id, email: order.email, name: `${order.firstname} ${order.lastname}`.trim(), mobile: order.mobile },
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.product_id,
      title: l.title,
      color: l.color,
      quantity: l.quantity,
      price: l.price,
      refundedQuantity: unitsRefunded(l.id),
    })),
    totals: {
      total: order.total_price,
      totalAfterDiscount: order.total_price_after_discount,
      couponCode: order.coupon_code,
      discount: order.discount,
    },
    address: order.shipping_info,
    payment: {
      providerOrderId: order.razorpay_order_id,
      providerPaymentId: order.razorpay_payment_id,
      paidAt: order.paid_at.toISOString(),
      amountPaid: order.total_price_after_discount,
      refundedPaise: refunded,
      leftToRefundPaise: Math.max(Math.round(order.total_price_after_discount * 100) - refunded, 0),
      refunds: refunds.map((r) => ({
        id: r.id,
        providerRefundId: r.provider_refund_id,
        amountPaise: r.amount,
        state: r.state,
        source: r.source,
        reason: r.reason,
        lines: r.lines,
        restocked: r.restock,
        returnId: r.return_id,
        error: r.state === 'failed' ? r.last_error : null,
        at: r.created_at.toISOString(),
      })),
    },
    returns: returns.map((r) => ({
      id: r.id,
      status: r.status,
      version: r.version,
      reason: r.reason,
      lines: r.lines,
      createdAt: r.created_at.toISOString(),
    })),
    // Its tax invoice and credit notes (PDFs at /api/admin/tax-documents/:id/pdf).
    taxDocuments: documents.map(summaryOf),
    shipment:
      order.carrier && order.tracking_number
        ? { carrier: order.carrier, trackingNumber: order.tracking_number, trackingUrl: order.tracking_url }
        : null,
    timeline: events.map((e, i) => ({
      id: String(e.id),
      kind: e.kind,
      from: e.from_status,
      to: e.to_status,
      actor: { kind: e.actor_kind, id: e.actor_id, label: e.actor_label },
      detail: details[i] ?? e.detail,
      at: e.created_at.toISOString(),
    })),
  };
}
