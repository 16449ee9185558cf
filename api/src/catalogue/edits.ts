import type { CatalogueTag } from '@digitic/rest-contract';
import type { Transaction } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database, Product } from '../db/schema.js';
import { productTag, recordChange } from './changes.js';
import type { DeskVariant } from './desk-product.js';

// An edit of a product as the desk records it: the fields that moved, before and after, in the audit trail,
// and the change announced to the gateways (the product, and its lists when a listed field moved).

/** The fields an audit row and a change compare: what the product was and is. */
export function snapshot(p: Product, variants: DeskVariant[]) {
  return {
    title: p.title,
    slug: p.slug,
    price: p.price,
    category: p.category,
    brand: p.brand,
    tags: p.tags,
    images: p.images.map((i) => i.url),
    altTexts: p.images.map((i) => i.alt ?? ''),
    colors: variants.filter((v) => v.offered).map((v) => v.color),
    description: p.description,
    // What the law asks it to carry: its tax invoice's HSN code and rate, and where and by whom it was made.
    hsnCode: p.hsn_code,
    gstRate: p.gst_rate_bp / 100,
    countryOfOrigin: p.country_of_origin,
    manufacturer: p.manufacturer,
    importer: p.importer,
  };
}

type Snapshot = ReturnType<typeof snapshot>;

/** What a shopper's lists show or sort by: a change to any of these moves the product in a list, a filter or the facets. */
const LISTED: (keyof Snapshot)[] = ['title', 'price', 'category', 'brand', 'tags', 'images', 'altTexts', 'colors', 'countryOfOrigin'];

/** An edit's audit row (each field that moved, before and after) and its announcement to the gateways. */
export async function recordEdit(trx: Transaction<Database>, actor: Actor, id: string, was: Snapshot, now: Snapshot) {
  const changed = (Object.keys(now) as (keyof Snapshot)[]).filter((k) => JSON.stringify(was[k]) !== JSON.stringify(now[k]));
  await recordAudit(trx, actor, {
    action: 'product.updated',
    subject: { kind: 'product', id },
    before: Object.fromEntries(changed.map((k) => [k, was[k]])),
    after: Object.fromEntries(changed.map((k) => [k, now[k]])),
  });
  const tags: CatalogueTag[] = [productTag(id)];
  if (changed.some((k) => LISTED.includes(k))) tags.push('products');
  await recordChange(trx, tags);
}
