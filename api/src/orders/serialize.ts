import { returnWindowEnds, shopperMayCancel } from '@digitic/shop-rules';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database, Order } from '../db/schema.js';
import { ORDER_LINE_TAX } from '../tax/sale-tax.js';

/**
 * Orders as the shopper sees them: items, products and colours, the parcel's tracking, refunds and
 * returns, and what the shopper may still do (cancel, ask for a return), in five queries for any number of orders.
 */
export async function ordersJson(db: Kysely<Database>, query: SelectQueryBuilder<Database, 'orders', Order>, returnWindowDays = 14) {
  const orders = await query.execute();
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const [refunds, returns, documents] = await Promise.all([
    db.selectFrom('order_refunds').selectAll().where('order_id', 'in', ids).orderBy('created_at').execute(),
    db
      .selectFrom('returns as r')
      .leftJoin('complaints as k', 'k.return_id', 'r.id')
      .selectAll('r')
      .select('k.ticket')
      .where('r.order_id', 'in', ids)
      .orderBy('r.created_at')
      .execute(),
    db
      .selectFrom('tax_documents')
      .select(['id', 'order_id', 'kind', 'number', 'issued_at', sql<number>`(document->'totals'->>'value')::bigint`.as('total')])
      .where('order_id', 'in', ids)
      .orderBy('issued_at')
      .orderBy('serial')
      .execute(),
  ]);
  const now = Date.now();
  const items = await db
    .selectFrom('order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('colors as c', 'c.id', 'i.color_id')
    .select([
      'i.id',
      'i.order_id',
      'i.quantity',
      'i.price',
      ...ORDER_LINE_TAX,
      'p.id as product_id',
      'p.title',
      'p.images',
      'c.id as color_id',
      'c.title as color_title',
    ])
    .where(
      'i.order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('i.position')
    .execute();
  return orders.map((o) => ({
    _id: o.id,
    user: o.customer_id,
    totalPrice: o.total_price,
    totalPriceAfterDiscount: o.total_price_after_discount,
    coupon: o.coupon_code ? { code: o.coupon_code, discount: o.discount } : null,
    orderStatus: o.order_status,
    orderItems: items
      .filter((i) => i.order_id === o.id)
      .map((i) => ({
        _id: i.id,
        product: { _id: i.product_id, title: i.title, images: i.images },
        color: { _id: i.color_id, title: i.color_title },
        quantity: i.quantity,
        price: i.price,
        // Its GST as charged (none on orders from before the shop computed it): bigint columns read as numbers.
        tax:
          i.gst_rate_bp === null
            ? null
            : {
                hsnCode: i.hsn_code,
                value: i.quantity * i.price * 100 - i.discount_paise,
                rateBp: i.gst_rate_bp,
                taxable: Number(i.taxable_paise),
                cgst: Number(i.cgst_paise),
                sgst: Number(i.sgst_paise),
                igst: Number(i.igst_paise),
              },
      })),
    paymentInfo: { razorpayOrderId: o.razorpay_order_id, razorpayPaymentId: o.razorpay_payment_id },
    shippingInfo: o.shipping_info,
    tax: o.tax,
    paidAt: o.paid_at.toISOString(),
    createdAt: o.created_at.toISOString(),
    updatedAt: o.updated_at.toISOString(),
    shipment:
      o.carrier && o.tracking_number ? { carrier: o.carrier, trackingNumber: o.tracking_number, trackingUrl: o.tracking_url } : null,
    shippedAt: o.shipped_at?.toISOString() ?? null,
    deliveredAt: o.delivered_at?.toISOString() ?? null,
    cancelledAt: o.cancelled_at?.toISOString() ?? null,
    canCancel: shopperMayCancel(o.order_status),
    returnUntil: (() => {
      const ends = o.order_status === 'Delivered' ? returnWindowEnds(o.delivered_at, returnWindowDays) : null;
      return ends && ends.getTime() > now ? ends.toISOString() : null;
    })(),
    refunds: refunds
      .filter((r) => r.order_id === o.id)
      .map((r) => ({ _id: r.id, amount: r.amount / 100, state: r.state, reason: r.reason, createdAt: r.created_at.toISOString() })),
    // Its tax invoice and credit notes (PDFs at /api/user/tax-documents/:id/pdf).
    taxDocuments: documents
      .filter((d) => d.order_id === o.id)
      .map((d) => ({ _id: d.id, kind: d.kind, number: d.number, issuedAt: d.issued_at.toISOString(), total: Number(d.total) })),
    returns: returns
      .filter((r) => r.order_id === o.id)
      .map((r) => ({
        _id: r.id,
        status: r.status,
        reason: r.reason,
        comment: r.comment,
        decisionNote: r.decision_note,
        lines: r.lines,
        complaintTicket: r.ticket,
        createdAt: r.created_at.toISOString(),
      })),
  }));
}
