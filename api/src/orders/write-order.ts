import { shareDiscount, toPaise } from '@digitic/shop-rules';
import type { Transaction } from 'kysely';
import type { Seller } from '../config/env.js';
import type { Checkout, Database } from '../db/schema.js';
import { taxCheckout, taxFacts } from '../tax/sale-tax.js';

/**
 * Writes the order a paid checkout describes, with its lines in the checkout's order, inside the
 * caller's transaction (which also takes the stock and moves the checkout to `ordered`). The order
 * starts `Ordered` (orders/order-state.ts moves it on); it costs what the checkout asked, its coupon's
 * discount taken off. Answers the new order's id.
 */
export async function writeOrder(trx: Transaction<Database>, paid: Checkout, paymentId: string, seller: Seller): Promise<string> {
  // A checkout started before the shop computed GST is priced now, as a new one would be: every order has its tax.
  const checkout: Checkout = paid.tax
    ? paid
    : {
        ...paid,
        ...taxCheckout(
          paid.lines,
          await taxFacts(
            trx,
            paid.lines.map((l) => l.productId),
          ),
          {
            discount: paid.discount,
            shipping: paid.shipping,
            seller,
            deliveryState: paid.shipping_info.state,
            buyerGstin: paid.shipping_info.gstin ?? null,
          },
        ),
      };
  const order = await trx
    .insertInto('orders')
    .values({
      customer_id: checkout.customer_id,
      shipping_info: JSON.stringify(checkout.shipping_info),
      razorpay_order_id: checkout.razorpay_order_id,
      razorpay_payment_id: paymentId,
      total_price: checkout.total,
      total_price_after_discount: checkout.total - checkout.discount,
      coupon_code: checkout.coupon_code,
      discount: checkout.discount,
      paid_at: new Date(),
      // The GST as the checkout priced it: what the tax invoice says.
      tax: checkout.tax ? JSON.stringify(checkout.tax) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Each line carries its share of the discount, so a refund of some lines gives back what was paid for them.
  const shares = shareDiscount(checkout.lines, toPaise(checkout.discount));
  await trx
    .insertInto('order_items')
    .values(
      checkout.lines.map((l, position) => ({
        order_id: order.id,
        product_id: l.productId,
        color_id: l.colorId,
        quantity: l.quantity,
        price: l.price,
        position,
        discount_paise: shares[position] ?? 0,
        hsn_code: l.hsnCode ?? null,
        gst_rate_bp: l.tax?.rateBp ?? null,
        taxable_paise: l.tax?.taxable ?? null,
        cgst_paise: l.tax?.cgst ?? null,
        sgst_paise: l.tax?.sgst ?? null,
        igst_paise: l.tax?.igst ?? null,
      })),
    )
    .execute();
  return order.id;
}
