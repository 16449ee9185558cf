import { paise, rupees } from '../../lib/money';

/**
 * The audit trail in words: what each kind of row records, and a change as "Price: Rs. 4,999 → Rs. 5,499" in the
 * shop's units, not the api's JSON. The codes (`order.status`) stay in the CSV export, which is for machines.
 */

/** Each kind of row, grouped by what it is about, in the order the filter offers them. */
export const AUDIT_KINDS: readonly { area: string; prefix: string; actions: Readonly<Record<string, string>> }[] = [
  {
    area: 'Orders',
    prefix: 'order.',
    actions: {
      'order.placed': 'Order placed',
      'order.paid': 'Order paid',
      'order.status': 'Order moved on',
      'order.note': 'Note added to an order',
      'order.refund': 'Refund',
      'order.searched': 'Orders searched',
    },
  },
  { area: 'Returns', prefix: 'return.', actions: { 'return.requested': 'Return requested', 'return.status': 'Return moved on' } },
  {
    area: 'Products',
    prefix: 'product.',
    actions: {
      'product.created': 'Product added',
      'product.updated': 'Product changed',
      'product.stock': 'Stock changed',
      'product.photos_added': 'Photos added to a product',
      'product.archived': 'Product archived',
      'product.restored': 'Product restored',
    },
  },
  {
    area: 'Catalogue',
    prefix: 'catalogue.',
    actions: {
      'catalogue.imported': 'Products imported from a file',
      'catalogue.exported': 'Catalogue exported',
      'catalogue.bulk_edit': 'Products changed together',
      'catalogue.brand_renamed': 'Brand renamed',
      'catalogue.color_added': 'Colour added',
      'catalogue.color_updated': 'Colour changed',
      'catalogue.color_deleted': 'Colour deleted',
    },
  },
  { area: 'Photos', prefix: 'photo.', actions: { 'photo.uploaded': 'Photo uploaded' } },
  { area: 'Coupons', prefix: 'coupon.', actions: { 'coupon.created': 'Coupon made', 'coupon.updated': 'Coupon changed' } },
  {
    area: 'Reviews',
    prefix: 'review.',
    actions: { 'review.hidden': 'Review hidden', 'review.restored': 'Review shown again', 'review.searched': 'Reviews searched' },
  },
  {
    area: 'Enquiries',
    prefix: 'enquiry.',
    actions: {
      'enquiry.updated': 'Enquiry changed',
      'enquiry.replied': 'Enquiry answered',
      'enquiry.reply_resent': 'Answer sent again',
      'enquiry.noted': 'Note added to an enquiry',
      'enquiry.searched': 'Enquiries searched',
    },
  },
  {
    area: 'Blog',
    prefix: 'blog.',
    actions: {
      'blog.created': 'Post written',
      'blog.updated': 'Post changed',
      'blog.published': 'Post published',
      'blog.unpublished': 'Post taken down',
    },
  },
  {
    area: 'Customers',
    prefix: 'customer.',
    actions: {
      'customer.viewed': 'Customer record opened',
      'customer.searched': 'Customers searched',
      'customer.data_exported': 'Shopper downloaded their data',
      'customer.erased': 'Shopper deleted their account',
      'customer.signed_in': 'Shopper signed in',
    },
  },
  { area: 'Checkout', prefix: 'checkout.', actions: { 'checkout.started': 'Checkout started' } },
  {
    area: 'Staff',
    prefix: 'staff.',
    actions: {
      'staff.invited': 'Staff member invited',
      'staff.enrolled': 'Staff member enrolled',
      'staff.invite_voided': 'Invitation voided',
      'staff.role_changed': 'Role changed',
      'staff.removed': 'Staff member removed',
      'staff.sign_in': 'Signed in',
      'staff.sign_out': 'Signed out',
      'staff.sign_in_failed': 'Sign-in failed',
      'staff.sign_in_refused': 'Sign-in refused',
      'staff.locked_out': 'Locked out',
      'staff.unlocked': 'Unlocked',
      'staff.password_changed': 'Password changed',
      'staff.authenticator_changed': 'Authenticator app changed',
      'staff.passkey_added': 'Passkey added',
      'staff.passkey_removed': 'Passkey removed',
    },
  },
  {
    area: 'Search',
    prefix: 'search.',
    actions: {
      'search.synonym_added': 'Search synonym added',
      'search.synonym_changed': 'Search synonym changed',
      'search.synonym_removed': 'Search synonym removed',
    },
  },
  { area: 'Tax documents', prefix: 'tax_document.', actions: { 'tax_document.downloaded': 'Tax invoice or credit note downloaded' } },
  { area: 'Shop details', prefix: 'settings.', actions: { 'settings.updated': "Shop's details changed" } },
  { area: 'Policies', prefix: 'policy.', actions: { 'policy.updated': 'Policy page changed' } },
  {
    area: 'Audit trail',
    prefix: 'audit.',
    actions: {
      'audit.exported': 'Audit trail exported',
      'audit.searched': 'Audit trail searched for a person',
      'audit.rewritten': 'Audit trail rewritten by a migration',
    },
  },
];

const ACTION_WORDS: Readonly<Record<string, string>> = Object.fromEntries(AUDIT_KINDS.flatMap((k) => Object.entries(k.actions)));

const sentenceCase = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** A kind of row in words; one the list does not know yet is told from its code ("order.gift_wrapped" → "Order gift wrapped"). */
export const actionWords = (action: string) => ACTION_WORDS[action] ?? sentenceCase(action.replace(/[._]/g, ' '));

/** The names of recorded fields people know them by; the rest are told from the field's own name. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  slug: 'Web address',
  colors: 'Colours',
  images: 'Pictures',
  altTexts: 'What the pictures show',
  minOrderPaise: 'Minimum order',
  amountPaise: 'Amount',
  refundedPaise: 'Refunded',
  restock: 'Back into stock',
  restocked: 'Back into stock',
  expiresAt: 'Expires',
  startsAt: 'Starts',
  legalName: 'Legal name',
  freeShippingNotice: 'Header notice',
  hours: 'Opening hours',
  grievanceName: "Grievance officer's name",
  grievanceDesignation: "Grievance officer's designation",
  grievanceEmail: "Grievance officer's e-mail",
  grievancePhone: "Grievance officer's phone",
};

/**
 * What the trail leaves out of a change: a row's version moves with every change and says nothing to people, and a
 * look-up's query key is a keyed hash (found by the "Looked up" filter, never read).
 */
const UNSAID = new Set(['version', 'queryKey']);

export const fieldWords = (key: string) =>
  FIELD_WORDS[key] ??
  sentenceCase(
    key
      .replace(/Paise$/, '')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/_/g, ' ')
      .toLowerCase(),
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A recorded value in the shop's units: money in rupees, yes or no, lists with commas, ids short, long texts cut. */
export function valueWords(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (/paise$/i.test(key)) return paise(value);
    if (/price|amount/i.test(key)) return rupees(value);
    return value.toLocaleString('en-IN');
  }
  if (typeof value === 'string') {
    if (UUID.test(value)) return value.slice(0, 8).toUpperCase();
    return value.length > 80 ? `${value.slice(0, 77)}…` : value;
  }
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map((v) => valueWords(key, v)).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${fieldWords(k)} ${valueWords(k, v)}`)
    .join(', ');
}

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * A row's change, field by field: "Price: Rs. 4,999 → Rs. 5,499" where both sides were recorded and differ, the
 * new value alone where only it was ("Reason: Damaged"), and "before:" for what only the state before tells
 * ("Refunded before: Rs. 0").
 */
export function changeWords(before: unknown, after: unknown): string[] {
  const was = record(before);
  const now = record(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter((k) => !UNSAID.has(k));
  const lines: string[] = [];
  for (const key of keys) {
    const hadIt = Object.hasOwn(was, key);
    const hasIt = Object.hasOwn(now, key);
    if (hadIt && hasIt) {
      if (JSON.stringify(was[key]) === JSON.stringify(now[key])) continue;
      lines.push(`${fieldWords(key)}: ${valueWords(key, was[key])} → ${valueWords(key, now[key])}`);
    } else if (hasIt) lines.push(`${fieldWords(key)}: ${valueWords(key, now[key])}`);
    else lines.push(`${fieldWords(key)} before: ${valueWords(key, was[key])}`);
  }
  return lines;
}
