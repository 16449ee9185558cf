import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database, Order } from '../db/schema.js';

/** Orders with their items, products and colours, in three queries for any number of orders. */
export async function ordersJson(db: Kysely<Database>, query: SelectQueryBuilder<Database, 'orders', Order>) {
  const orders = await query.execute();
  if (orders.length === 0) return [];
  const items = await db
    .selectFrom('order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('colors as c', 'c.id', 'i.color_id')
    .select([
      'i.order_id',
      'i.quantity',
      'i.price',
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
    orderStatus: o.order_status,
    orderItems: items
      .filter((i) => i.order_id === o.id)
      .map((i) => ({
        product: { _id: i.product_id, title: i.title, images: i.images },
        color: { _id: i.color_id, title: i.color_title },
        quantity: i.quantity,
        price: i.price,
      })),
    paymentInfo: { razorpayOrderId: o.razorpay_order_id, razorpayPaymentId: o.razorpay_payment_id },
    shippingInfo: o.shipping_info,
    paidAt: o.paid_at.toISOString(),
    createdAt: o.created_at.toISOString(),
    updatedAt: o.updated_at.toISOString(),
  }));
}
