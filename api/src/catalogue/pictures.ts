import type { Kysely } from 'kysely';
import type { Actor } from '../audit/actor.js';
import type { Database } from '../db/schema.js';
import { versionConflict } from '../domain/errors.js';
import { describePictures } from '../photos/photos.js';
import { recordEdit, snapshot } from './edits.js';
import { type DeskProduct, productDetail, readProduct, variantsOf } from './desk-product.js';
import type { PicturesInput } from './desk-schemas.js';

// A product's pictures, kept the moment the editor's library changes them (an upload, a new order, a main
// picture, a removal, the words that say what one shows), apart from the rest of the product's form, so an
// unsaved title is never saved with them and a picture is never lost to a form left unsaved.

const same = (a: { url: string; alt: string }[], b: { url: string; alt: string }[]) =>
  a.length === b.length && a.every((p, i) => p.url === b[i]?.url && p.alt === b[i]?.alt);

export function productPictures(db: Kysely<Database>) {
  return {
    /**
     * Sets the pictures, in the order given, the main one first. `expected` is the list the editor had: when
     * someone changed the pictures meanwhile, the change is refused (and theirs kept) rather than overwritten.
     * The product's version moves on, as with any edit; audited as an edit of its pictures.
     */
    async setPictures(id: string, input: PicturesInput, actor: Actor): Promise<DeskProduct> {
      await db.transaction().execute(async (trx) => {
        const before = await readProduct(trx, id, true);
        const had = before.images.map((i) => ({ url: i.url, alt: i.alt ?? '' }));
        if (!same(had, input.expected))
          throw versionConflict(
            'The pictures were changed by someone else since you opened the product. Reload it to see theirs, then make your change again.',
          );
        const images = await describePictures(trx, input.pictures, before.images);
        // Nothing moved (words left as they were): nothing written, audited or announced.
        if (
          same(
            had,
            images.map((i) => ({ url: i.url, alt: i.alt ?? '' })),
          )
        )
          return;
        await trx
          .updateTable('products')
          .set((eb) => ({ images: JSON.stringify(images), version: eb('version', '+', 1), updated_at: new Date() }))
          .where('id', '=', id)
          .execute();
        const variants = (await variantsOf(trx, [id])).get(id) ?? [];
        const after = await readProduct(trx, id);
        await recordEdit(trx, actor, id, snapshot(before, variants), snapshot(after, variants));
      });
      return productDetail(db, id);
    },
  };
}
