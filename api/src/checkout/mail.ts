import type { CheckoutLine, ShippingInfo } from '../db/schema.js';
import type { MailMessage } from '../mail/mailer.js';
import { orderNumber } from '../orders/mail.js';

const rupees = (n: number) => `Rs. ${n.toLocaleString('en-IN')}`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function addressLines(a: ShippingInfo): string[] {
  return [`${a.firstname} ${a.lastname}`.trim(), a.address, ...(a.other ? [a.other] : []), `${a.city}, ${a.state} ${a.pincode}`, a.country];
}

export interface ConfirmationInput {
  to: string;
  firstname: string;
  orderId: string;
  lines: CheckoutLine[];
  subtotal: number;
  shipping: number;
  /** The coupon used and what it took off (rupees), when one was. */
  coupon?: { code: string; discount: number } | null;
  /** What was paid, rupees. */
  total: number;
  address: ShippingInfo;
  ordersUrl: string;
  shopName: string;
  /** The GST inside what was paid, paise (none on an order from before the shop computed it). */
  gstPaise?: number | null;
  /** Its tax invoice, attached. */
  invoice?: { number: string; filename: string; pdf: Buffer } | null;
}

/** Paise as rupees to the paisa: Rs. 1,525.42. */
const paiseText = (p: number) => `Rs. ${Math.floor(p / 100).toLocaleString('en-IN')}.${String(p % 100).padStart(2, '0')}`;

/** The order confirmation: number, every line (colour, quantity, price), shipping, the coupon, what was paid, address; text and HTML. */
export function orderConfirmation(o: ConfirmationInput): MailMessage {
  const number = orderNumber(o.orderId);
  const text = [
    `Hello ${o.firstname},`,
    '',
    `Thank you for your order. We have received your payment and your order ${number} is confirmed.`,
    '',
    ...o.lines.map((l) => `- ${l.title} (${l.color}) × ${l.quantity} at ${rupees(l.price)} = ${rupees(l.price * l.quantity)}`),
    '',
    `Subtotal: ${rupees(o.subtotal)}`,
    `Shipping: ${rupees(o.shipping)}`,
    ...(o.coupon ? [`Coupon ${o.coupon.code}: -${rupees(o.coupon.discount)}`] : []),
    `Total paid: ${rupees(o.total)}`,
    ...(o.gstPaise ? [`Including GST: ${paiseText(o.gstPaise)}`] : []),
    ...(o.invoice ? ['', `Your tax invoice ${o.invoice.number} is attached.`] : []),
    '',
    'Shipping to:',
    ...addressLines(o.address),
    '',
    `Your orders: ${o.ordersUrl}`,
    '',
    o.shopName,
  ].join('\n');
  const rows = o.lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.title)}</td><td>${escapeHtml(l.color)}</td><td align="right">${l.quantity}</td>` +
        `<td align="right">${rupees(l.price)}</td><td align="right">${rupees(l.price * l.quantity)}</td></tr>`,
    )
    .join('');
  const html = [
    `<p>Hello ${escapeHtml(o.firstname)},</p>`,
    `<p>Thank you for your order. We have received your payment and your order <strong>${number}</strong> is confirmed.</p>`,
    '<table cellpadding="6" style="border-collapse:collapse">',
    '<thead><tr><th align="left">Product</th><th align="left">Colour</th><th align="right">Quantity</th><th align="right">Price</th><th align="right">Total</th></tr></thead>',
    `<tbody>${rows}</tbody>`,
    `<tfoot><tr><td colspan="4" align="right">Subtotal</td><td align="right">${rupees(o.subtotal)}</td></tr>`,
    `<tr><td colspan="4" align="right">Shipping</td><td align="right">${rupees(o.shipping)}</td></tr>`,
    ...(o.coupon
      ? [
          `<tr><td colspan="4" align="right">Coupon ${escapeHtml(o.coupon.code)}</td><td align="right">-${rupees(o.coupon.discount)}</td></tr>`,
        ]
      : []),
    `<tr><td colspan="4" align="right"><strong>Total paid</strong></td><td align="right"><strong>${rupees(o.total)}</strong></td></tr></tfoot>`,
    '</table>',
    ...(o.gstPaise ? [`<p>Including GST: ${paiseText(o.gstPaise)}</p>`] : []),
    ...(o.invoice ? [`<p>Your tax invoice ${escapeHtml(o.invoice.number)} is attached.</p>`] : []),
    `<p>Shipping to:<br>${addressLines(o.address).map(escapeHtml).join('<br>')}</p>`,
    `<p><a href="${escapeHtml(o.ordersUrl)}">See your orders</a></p>`,
    `<p>${escapeHtml(o.shopName)}</p>`,
  ].join('\n');
  return {
    to: o.to,
    subject: `Your ${o.shopName} order ${number} is confirmed`,
    text,
    html,
    ...(o.invoice ? { attachments: [{ filename: o.invoice.filename, contentType: 'application/pdf', content: o.invoice.pdf }] } : {}),
  };
}

export interface RefundNoticeInput {
  to: string;
  firstname: string;
  amountPaise: number;
  reason: string;
  refundId: string;
  shopName: string;
}

/** Tells the shopper that a payment which made no order was refunded, and why. */
export function refundNotice(r: RefundNoticeInput): MailMessage {
  const amount = rupees(r.amountPaise / 100);
  const lines = [
    `Hello ${r.firstname},`,
    '',
    `We could not turn your payment of ${amount} into an order (${r.reason}), so we have refunded it in full.`,
    `The refund (${r.refundId}) usually reaches your account within 5 to 7 working days. Your cart is unchanged.`,
    '',
    r.shopName,
  ];
  return {
    to: r.to,
    subject: `Your payment of ${amount} to ${r.shopName} has been refunded`,
    text: lines.join('\n'),
    html: lines
      .filter(Boolean)
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join('\n'),
  };
}
