import type { Kysely } from 'kysely';
import { sanitizeRichText } from '@digitic/server-kit/sanitize';
import type { Database } from './schema.js';
import { BLOGS, CATEGORIES, COLOR_NAMES } from './seed-data.js';

const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/["']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const DAY = 24 * 60 * 60 * 1000;

export interface DemoProduct {
  title: string;
  slug: string;
  description: string;
  price: number;
  category: string;
  brand: string;
  tags: string[];
  images: { url: string }[];
  colors: string[];
  createdAt: Date;
}

/** The demo catalogue, the same on every run (slugs make the seed idempotent). */
export function demoProducts(now = Date.now()): DemoProduct[] {
  const products: DemoProduct[] = [];
  CATEGORIES.forEach((cat, c) => {
    cat.models.forEach((model, i) => {
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
      const price = Math.round((cat.priceFrom + i * cat.priceStep + (n % 7) * 1_000) / 100) * 100 - 1;
      const features = cat.features.map((f) => `<li>${f}</li>`).join('');
      products.push({
        title,
        slug: slugify(title),
        description: sanitizeRichText(
          `<p>The <strong>${title}</strong> brings ${brand}'s latest to your ${cat.category.toLowerCase().replace(/s$/, '')} line-up.</p><ul>${features}</ul><p>Ships across India in 5-10 business days, with free returns within 14 days.</p>`,
        ),
        price,
        category: cat.category,
        brand,
        tags: tags.length > 0 ? tags : ['new'],
        images: [
          { url: `/api/images/product/${cat.kind}-${colors[0]}-1.svg` },
          { url: `/api/images/product/${cat.kind}-${colors[0]}-2.svg` },
          { url: `/api/images/product/${cat.kind}-${colors[1] ?? colors[0]}-3.svg` },
        ],
        colors,
        createdAt: new Date(now - (n + 1) * DAY),
      });
    });
  });
  return products;
}

/** Seeds colours, the demo catalogue and blogs; safe to run on every start. */
export async function seedDemo(db: Kysely<Database>): Promise<{ products: number; blogs: number }> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('colors')
      .values(COLOR_NAMES.map((title) => ({ title })))
      .onConflict((oc) => oc.column('title').doNothing())
      .execute();
    const colorIds = new Map((await trx.selectFrom('colors').select(['id', 'title']).execute()).map((c) => [c.title, c.id]));
    let products = 0;
    for (const p of demoProducts()) {
      const row = await trx
        .insertInto('products')
        .values({
          title: p.title,
          slug: p.slug,
          description: p.description,
          price: p.price,
          category: p.category,
          brand: p.brand,
          tags: p.tags,
          images: JSON.stringify(p.images),
          quantity: 100,
          created_at: p.createdAt,
          updated_at: p.createdAt,
        })
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) continue;
      products += 1;
      await trx
        .insertInto('product_colors')
        .values(p.colors.map((title, position) => ({ product_id: row.id, color_id: colorIds.get(title) as string, position })))
        .execute();
    }
    let blogs = 0;
    for (const [i, b] of BLOGS.entries()) {
      const created = new Date(Date.now() - (i * 3 + 1) * DAY - i * 3_600_000);
      const result = await trx
        .insertInto('blogs')
        .values({
          title: b.title,
          slug: slugify(b.title),
          description: sanitizeRichText(b.body.map((para) => `<p>${para}</p>`).join('')),
          category: b.category,
          author: 'Digitic Editorial',
          images: JSON.stringify([{ url: `/api/images/blog/${b.kind}-${(i % 3) + 1}.svg` }]),
          created_at: created,
          updated_at: created,
        })
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (result) blogs += 1;
    }
    return { products, blogs };
  });
}
