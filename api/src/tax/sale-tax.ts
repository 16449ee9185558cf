import { gstState, shareDiscount, SHIPPING_SAC, taxSale, toPaise } from '@digitic/shop-rules';
import type { Kysely } from 'kysely';
import type { Seller } from '../config/env.js';
import type { CheckoutLine, Database, SaleTax } from '../db/schema.js';

// A checkout's GST, priced with it: each line's HSN code and rate as the product has them when the checkout
// starts, its share of the coupon taken off before its tax (CGST Act, section 15(3)(a): a discount shown on the
// invoice is not part of the value), the shipping fee taxed with the goods, and the split by where the parcel
// goes against where the seller is registered. The order and its tax invoice keep what is priced here.

/** An order line's tax as the order keeps it (`order_items as i`): what its invoice and its record read. */
export const ORDER_LINE_TAX = [
  'i.discount_paise',
  'i.hsn_code',
  'i.gst_rate_bp',
  'i.taxable_paise',
  'i.cgst_paise',
  'i.sgst_paise',
  'i.igst_paise',
] as const;

/** Each named product's HSN code and GST rate (percent), now. */
export async function taxFacts(db: Kysely<Database>, productIds: readonly string[]) {
  const rows = productIds.length
    ? await db
        .selectFrom('products')
        .select(['id', 'hsn_code', 'gst_rate_bp'])
        .where('id', 'in', [...new Set(productIds)])
        .execute()
    : [];
  return new Map(rows.map((r) => [r.id, { hsnCode: r.hsn_code, gstRate: r.gst_rate_bp / 100 }]));
}

/** Whether a sale to this state is inside the seller's (CGST + SGST) or not (IGST), and the state's name as GST spells it. */
export function supply(seller: Pick<Seller, 'state'>, deliveryState: string) {
  const to = gstState(deliveryState);
  const from = gstState(seller.state);
  const placeOfSupply = to?.name ?? deliveryState.trim();
  return { placeOfSupply, intraState: placeOfSupply === seller.state, stateTaxName: from?.ut ? ('UTGST' as const) : ('SGST' as const) };
}

/**
 * The checkout's lines with their products' HSN codes, rates and GST, and the sale's GST as a whole. `discount`
 * (rupees) is shared among the lines as the order's lines will share it (shop-rules' shareDiscount).
 */
export function taxCheckout(
  lines: readonly CheckoutLine[],
  facts: Map<string, { hsnCode: string | null; gstRate: number }>,
  opts: { discount: number; shipping: number; seller: Seller; deliveryState: string; buyerGstin: string | null },
): { lines: CheckoutLine[]; tax: SaleTax } {
  const where = supply(opts.seller, opts.deliveryState);
  const withFacts = lines.map((l) => {
    const f = facts.get(l.productId);
    if (!f) throw new Error(`product ${l.productId} of a checkout line is not in the catalogue`);
    return { ...l, hsnCode: f.hsnCode, gstRate: f.gstRate };
  });
  const sale = taxSale(withFacts, {
    discountPaises: shareDiscount(withFacts, toPaise(opts.discount)),
    shipping: opts.shipping,
    intraState: where.intraState,
  });
  return {
    lines: withFacts.map((l, i) => ({ ...l, tax: sale.lines[i] })),
    tax: {
      sellerState: opts.seller.state,
      sellerGstin: opts.seller.gstin,
      ...where,
      buyerGstin: opts.buyerGstin,
      shipping: { ...sale.shipping, sac: SHIPPING_SAC },
      total: sale.total,
    },
  };
}
