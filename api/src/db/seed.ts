import { DEFAULT_GST_RATE, HSN_BY_CATEGORY } from '@digitic/shop-rules';
import type { Kysely } from 'kysely';
import { slugify } from '../catalogue/rows.js';
import { type CatalogueBlog, type CatalogueProduct, ensureColors, writeCatalogue } from '../catalogue/write.js';
import type { Database } from './schema.js';
import { BLOGS, CATEGORIES, COLOR_NAMES } from './seed-data.js';
import { DEMO_IMPORTER, MAKERS } from './demo-catalogue/makers.js';
import { DEMO_POLICIES } from './demo-policies.js';

const DAY = 24 * 60 * 60 * 1000;

/** The demo catalogue, the same on every run (slugs make the seed idempotent), in the import's shape. */
export function demoProducts(now = Date.now()): CatalogueProduct[] {
  const products: CatalogueProduct[] = [];
  CATEGORIES.forEach((cat, c) => {
    cat.models.forEach(({ name: model, price, summary, features }, i) => {
      const brand = cat.brands[i % cat.brands.length] as string;
      const n = c * cat.models.length + i;
      const tags = [
        ...(n % 3 === 0 ? ['popular'] : []),
        ...(n % 4 === 1 ? ['featured'] : []),
        ...(n % 5 === 2 ? ['special'] : []),
        ...(i >= 6 ? ['new'] : []),
      ];
      const colorCount = Math.min(cat.colors.length, 2 + (n % 4));
      const colors = Array.from({ length: colorCount }, (_, k) => cat.colors[(i + k) % cat.colors.length] as string);
      const title = `${brand} ${model}`;
      const maker = MAKERS[brand];
      // The model's own words (plain text, no markup: seed-data.ts), never its category's.
      const bullets = features.map((f) => `<li>${f}</li>`).join('');
      products.push({
        title,
        slug: slugify(title),
        description: `<p>The <strong>${title}</strong>: ${summary}</p><ul>${bullets}</ul><p>Ships across India in 5-10 business days, with free returns within 14 days.</p>`,
        price,
        category: cat.category,
        brand,
        tags: tags.length > 0 ? tags : ['new'],
        // Electronics at 18 %, under their category's customs heading.
        hsnCode: HSN_BY_CATEGORY[cat.category] ?? null,
        gstRate: DEFAULT_GST_RATE,
        // Where it is made, who made it and, made abroad, who imported it (the Legal Metrology rules).
        countryOfOrigin: maker?.madeIn ?? null,
        manufacturer: maker?.manufacturer ?? null,
        importer: maker && maker.madeIn !== 'IN' ? DEMO_IMPORTER : null,
        // Each drawing says what it shows: the product, its colour and how it is turned.
        images: [
          { url: `/api/images/product/${cat.kind}-${colors[0]}-1.svg`, alt: `${title} in ${colors[0]}` },
          { url: `/api/images/product/${cat.kind}-${colors[0]}-2.svg`, alt: `${title} in ${colors[0]}, tilted to the left` },
          {
            url: `/api/images/product/${cat.kind}-${colors[1] ?? colors[0]}-3.svg`,
            alt: `${title} in ${colors[1] ?? colors[0]}, tilted to the right`,
          },
        ],
        colors,
        // 100 of each colour; a few products of three colours or more show their last one sold out or running low.
        stock: Object.fromEntries(
          colors.map((color, k) => [color, k < 2 || k < colors.length - 1 ? 100 : n % 9 === 4 ? 0 : n % 9 === 7 ? 3 : 100]),
        ),
        createdAt: new Date(now - (n + 1) * DAY),
      });
    });
  });
  return products;
}

/** The demo blog posts, newest first a few days apart. */
export function demoBlogs(now = Date.now()): CatalogueBlog[] {
  return BLOGS.map((b, i) => ({
    title: b.title,
    slug: slugify(b.title),
    description: b.body.map((para) => `<p>${para}</p>`).join(''),
    category: b.category,
    author: 'Digitic Editorial',
    images: [{ url: `/api/images/blog/${b.kind}-${(i % 3) + 1}.svg` }],
    createdAt: new Date(now - (i * 3 + 1) * DAY - i * 3_600_000),
  }));
}

/** Seeds colours, the demo catalogue, blogs and policy texts; safe to run on every start (what is there is kept). */
export async function seedDemo(db: Kysely<Database>): Promise<{ products: number; blogs: number }> {
  return db.transaction().execute(async (trx) => {
    await ensureColors(trx, [...COLOR_NAMES]);
    // A policy page the owner has written keeps its text: the demo's is its first version only where there is none.
    await trx
      .insertInto('policy_versions')
      .values(Object.entries(DEMO_POLICIES).map(([slug, html]) => ({ slug: slug as keyof typeof DEMO_POLICIES, version: 1, html })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    const written = await writeCatalogue(trx, { products: demoProducts(), blogs: demoBlogs() }, { existing: 'keep' });
    return { products: written.products.created, blogs: written.blogs.created };
  });
}
