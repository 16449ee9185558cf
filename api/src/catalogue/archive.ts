import type { Kysely } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database } from '../db/schema.js';
import { conflict } from '../domain/errors.js';
import { productTag, recordChange } from './changes.js';
import { bumpVersion, type DeskProduct, productDetail, readProduct } from './desk-product.js';

// A product out of the store and back: archived, its page answers 404 and lists and the sitemap drop it
// (orders and carts keep it); restored, it is in the store again. Versioned, audited, announced.

export function productArchive(db: Kysely<Database>) {
  /** Archives a product (out of the store) or restores it: versioned, audited, announced. */
  async function setArchived(id: string, read: number, archived: boolean, actor: Actor): Promise<DeskProduct> {
    await db.transaction().execute(async (trx) => {
      const p = await readProduct(trx, id, true);
      if (Boolean(p.archived_at) === archived) {
        throw conflict(archived ? 'This product is archived already' : 'This product is in the store already', 'status');
      }
      await bumpVersion(trx, id, read, { archived_at: archived ? new Date() : null });
      await recordAudit(trx, actor, {
        action: archived ? 'product.archived' : 'product.restored',
        subject: { kind: 'product', id },
        before: { archived: !archived },
        after: { archived },
      });
      await recordChange(trx, [productTag(id), 'products']);
    });
    return productDetail(db, id);
  }

  return {
    /** Withdraws a product from the store: its page answers 404, lists and the sitemap drop it; orders and carts keep it. */
    archive: (id: string, read: number, actor: Actor) => setArchived(id, read, true, actor),
    restore: (id: string, read: number, actor: Actor) => setArchived(id, read, false, actor),
  };
}
