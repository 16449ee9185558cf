import { orderNumber } from '@digitic/shop-rules';
import type { MailMessage } from '../mail/mailer.js';
import { escapeHtml } from '../mail/escape-html.js';

// The short order number a shopper reads in mail and in My Orders, as the back office shows it too.
export { orderNumber };

/** Paise as the shop writes money: Rs. 1,234 (or Rs. 1,234.50). */
export const rupeesFromPaise = (paise: number) =>
  `Rs. ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

export interface NoticeContext {
  to: string;
  firstname: string;
  orderId: string;
  ordersUrl: string;
  shopName: string;
}

export interface NoticeLine {
  title: string;
  color: string;
  quantity: number;
}

/** Every order notice is paragraphs and an optional list: the HTML is the text's lines, escaped, with the link made a link. */
function message(
  c: NoticeContext,
  subject: string,
  paragraphs: (string | null)[],
  lines: NoticeLine[] = [],
  link?: { text: string; url: string },
): MailMessage {
  const body = paragraphs.filter((p): p is string => p !== null);
  const list = lines.map((l) => `${l.title} (${l.color}) × ${l.quantity}`);
  const text = [
    `Hello ${c.firstname},`,
    '',
    ...body.flatMap((p) => [p, '']),
    ...(list.length ? [...list.map((l) => `- ${l}`), ''] : []),
    ...(link ? [`${link.text}: ${link.url}`, ''] : []),
    `Your orders: ${c.ordersUrl}`,
    '',
    c.shopName,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(c.firstname)},</p>`,
    ...body.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(list.length ? [`<ul>${list.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`] : []),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.text)}</a></p>`] : []),
    `<p><a href="${escapeHtml(c.ordersUrl)}">See your orders</a></p>`,
    `<p>${escapeHtml(c.shopName)}</p>`,
  ].join('\n');
  return { to: c.to, subject, text, html };
}

export function shippedMail(c: NoticeContext, s: { carrier: string; trackingNumber: string; trackingUrl: string | null }): MailMessage {
  const n = orderNumber(c.orderId);
  return message(
    c,
    `Your ${c.shopName} order ${n} has shipped`,
    [`Your order ${n} is on its way with ${s.carrier}.`, `Tracking number: ${s.trackingNumber}`],
    [],
    s.trackingUrl ? { text: 'Track your parcel', url: s.trackingUrl } : undefined,
  );
}

export function deliveredMail(c: NoticeContext, returnUntil: Date | null): MailMessage {
  const n = orderNumber(c.orderId);
  return message(c, `Your ${c.shopName} order ${n} has been delivered`, [
    `Your order ${n} has been delivered. We hope you enjoy it.`,
    returnUntil
      ? `If something is not right, you can ask for a return from My Orders until ${returnUntil.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' })}.`
      : null,
  ]);
}

export function cancelledMail(c: NoticeContext, d: { refundPaise: number; reason: string | null; byShopper: boolean }): MailMessage {
  const n = orderNumber(c.orderId);
  return message(c, `Your ${c.shopName} order ${n} has been cancelled`, [
    d.byShopper ? `As you asked, your order ${n} has been cancelled.` : `We have cancelled your order ${n}.`,
    d.reason && !d.byShopper ? `Reason: ${d.reason}` : null,
    d.refundPaise > 0
      ? `We are refunding ${rupeesFromPaise(d.refundPaise)} to the way you paid; we will write again when the refund is on its way to you.`
      : null,
  ]);
}

export function refundedMail(
  c: NoticeContext,
  d: { amountPaise: number; reason: string; refundId: string; lines: NoticeLine[] },
): MailMessage {
  const n = orderNumber(c.orderId);
  return message(
    c,
    `${rupeesFromPaise(d.amountPaise)} refunded for your ${c.shopName} order ${n}`,
    [
      `We have refunded ${rupeesFromPaise(d.amountPaise)} for your order ${n} (${d.reason}).`,
      `The refund (${d.refundId}) usually reaches your account within 5 to 7 working days.`,
      d.lines.length ? 'The refund is for:' : null,
    ],
    d.lines,
  );
}

export function returnApprovedMail(c: NoticeContext, d: { lines: NoticeLine[]; note: string | null }): MailMessage {
  const n = orderNumber(c.orderId);
  return message(
    c,
    `Your return for ${c.shopName} order ${n} is approved`,
    [
      `We have approved your return for order ${n}. Please pack these items with everything they came with and send them back; we refund them when they reach us.`,
      d.note ? `A note from us: ${d.note}` : null,
    ],
    d.lines,
  );
}

export function returnRejectedMail(c: NoticeContext, d: { lines: NoticeLine[]; note: string | null }): MailMessage {
  const n = orderNumber(c.orderId);
  return message(
    c,
    `Your return for ${c.shopName} order ${n} was not approved`,
    [
      `We are sorry: we cannot accept the return you asked for on order ${n}.`,
      d.note ? `Why: ${d.note}` : null,
      'Reply to this e-mail if you would like to talk about it.',
    ],
    d.lines,
  );
}
