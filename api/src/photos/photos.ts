import { randomUUID } from 'node:crypto';
import type { PhotoRecord } from '@digitic/rest-contract';
import type { Kysely, Transaction } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database, ProductImage } from '../db/schema.js';
import { badRequest, notFound, unavailable } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';
import { PHOTO_FORMATS, type PhotoFormat, type PhotoLimits, processPhoto } from './process.js';
import type { PhotoStore, StoredFile } from './store.js';
import { PHOTO_URL } from './url.js';

const keyOf = (id: string, width: number, format: PhotoFormat) => `photos/${id}/${width}.${format}`;

/**
 * Pictures as a product or a post keeps them: an uploaded photo with its size and widths (refused when no
 * such photo was uploaded), any other address as it is.
 */
export async function describePictures(db: Kysely<Database> | Transaction<Database>, urls: string[]): Promise<ProductImage[]> {
  const ids = [...new Set(urls.flatMap((u) => PHOTO_URL.exec(u)?.[1] ?? []))];
  const rows = ids.length ? await db.selectFrom('photos').select(['id', 'width', 'height', 'widths']).where('id', 'in', ids).execute() : [];
  return urls.map((url) => {
    const id = PHOTO_URL.exec(url)?.[1];
    if (!id) return { url };
    const row = rows.find((r) => r.id === id);
    if (!row) throw badRequest(`images: no photo was uploaded at ${url}`, 'images');
    return { url, width: row.width, height: row.height, widths: row.widths };
  });
}

export interface PhotosDeps {
  db: Kysely<Database>;
  store: PhotoStore;
  limits: PhotoLimits;
  log: (line: string, detail?: unknown) => void;
}

export function photosService(deps: PhotosDeps) {
  const { db, store } = deps;

  return {
    /** Checks and remakes an upload, stores its files, then records it: answers what a product or a post names. */
    async upload(bytes: Buffer, actor: Actor): Promise<PhotoRecord> {
      const photo = await processPhoto(bytes, deps.limits);
      const id = randomUUID();
      try {
        for (const v of photo.variants) await store.put(keyOf(id, v.width, v.format), v.bytes, v.contentType);
      } catch (err) {
        deps.log(`photo ${id}: its files could not be stored`, err);
        throw unavailable('The photo could not be stored right now. Try again shortly.');
      }
      const bytesStored = photo.variants.reduce((s, v) => s + v.bytes.length, 0);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('photos')
          .values({
            id,
            width: photo.width,
            height: photo.height,
            widths: photo.widths,
            source: photo.source,
            bytes_uploaded: bytes.length,
            storage: store.kind,
            uploaded_by: actor.kind === 'staff' ? (actor.id ?? null) : null,
          })
          .execute();
        await recordAudit(trx, actor, {
          action: 'photo.uploaded',
          subject: { kind: 'photo', id },
          after: {
            width: photo.width,
            height: photo.height,
            widths: photo.widths,
            source: photo.source,
            bytes: bytes.length,
            storage: store.kind,
          },
        });
      });
      return { id, url: `/api/photos/${id}`, width: photo.width, height: photo.height, widths: photo.widths, bytesStored };
    },

    /**
     * One file of a photo: `name` is `{width}.{avif|webp|jpg}`, or none for the largest JPEG. Not found when
     * there is no such photo or width (or its file is missing from the store); unavailable when the store
     * cannot be reached.
     */
    async file(id: string, name?: string): Promise<StoredFile> {
      if (!isUuid(id)) throw notFound('There is no such photo');
      const m = name ? /^(\d{1,5})\.(avif|webp|jpg)$/.exec(name) : null;
      if (name && !m) throw notFound('There is no such photo size: ask for {width}.avif, .webp or .jpg');
      const photo = await db.selectFrom('photos').select(['widths']).where('id', '=', id).executeTakeFirst();
      if (!photo) throw notFound('There is no such photo');
      const width = m ? Number(m[1]) : (photo.widths[photo.widths.length - 1] as number);
      const format = (m?.[2] ?? 'jpg') as PhotoFormat;
      if (!photo.widths.includes(width)) throw notFound(`This photo is made at widths ${photo.widths.join(', ')}`);
      let found: StoredFile | null;
      try {
        found = await store.get(keyOf(id, width, format));
      } catch (err) {
        deps.log(`photo ${id}: the store could not be read`, err);
        throw unavailable('The photo cannot be read right now');
      }
      if (!found) {
        deps.log(`photo ${id}: its file ${width}.${format} is missing from the ${store.kind} store`);
        throw notFound('This photo’s file is missing');
      }
      return { bytes: found.bytes, contentType: PHOTO_FORMATS[format] };
    },
  };
}

export type PhotosService = ReturnType<typeof photosService>;
