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
 * such photo was uploaded), any other address as it is; each with the words that say what it shows, if any.
 */
export async function describePictures(
  db: Kysely<Database> | Transaction<Database>,
  pictures: { url: string; alt?: string }[],
  before: ProductImage[] = [],
): Promise<ProductImage[]> {
  const ids = [...new Set(pictures.flatMap((p) => PHOTO_URL.exec(p.url)?.[1] ?? []))];
  const rows = ids.length ? await db.selectFrom('photos').select(['id', 'width', 'height', 'widths']).where('id', 'in', ids).execute() : [];
  return pictures.map(({ url, alt: given }) => {
    // Words not given are the ones the picture had at that address; empty words are none.
    const alt = given ?? before.find((b) => b.url === url)?.alt;
    const words = alt ? { alt } : {};
    const id = PHOTO_URL.exec(url)?.[1];
    if (!id) return { url, ...words };
    const row = rows.find((r) => r.id === id);
    if (!row) throw badRequest(`images: no photo was uploaded at ${url}`, 'images');
    return { url, width: row.width, height: row.height, widths: row.widths, ...words };
  });
}

export interface PhotosDeps {
  db: Kysely<Database>;
  store: PhotoStore;
  limits: PhotoLimits;
  log: (line: string, detail?: unknown) => void;
}

/** A photo checked and remade, not yet stored. */
export type CheckedPhoto = Awaited<ReturnType<typeof processPhoto>> & { bytesUploaded: number };

// Decoding and encoding a photo takes a few hundred megabytes and the thread pool at most: one at a time
// per process, a few more waiting, and the rest told to try again (sign-ins share that pool).
const MAX_WAITING = 4;

export function photosService(deps: PhotosDeps) {
  const { db, store } = deps;
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  const service = {
    /** Checks and remakes an upload (one at a time in this process; a few wait, more are told to try again). */
    async check(bytes: Buffer): Promise<CheckedPhoto> {
      if (waiting >= MAX_WAITING) throw unavailable('Other photos are being processed right now. Try again in a moment.');
      waiting += 1;
      const turn = queue.then(() => processPhoto(bytes, deps.limits));
      queue = turn.then(
        () => undefined,
        () => undefined,
      );
      try {
        return { ...(await turn), bytesUploaded: bytes.length };
      } finally {
        waiting -= 1;
      }
    },

    /** Stores a checked photo's files, then records it (audited): answers what a product or a post names. */
    async save(photo: CheckedPhoto, actor: Actor): Promise<PhotoRecord> {
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
            bytes_uploaded: photo.bytesUploaded,
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
            bytes: photo.bytesUploaded,
            storage: store.kind,
          },
        });
      });
      return { id, url: `/api/photos/${id}`, width: photo.width, height: photo.height, widths: photo.widths, bytesStored };
    },

    async upload(bytes: Buffer, actor: Actor): Promise<PhotoRecord> {
      return service.save(await service.check(bytes), actor);
    },

    /**
     * One file of a photo: `name` is `{width}.{avif|webp|jpg}`, or none for the largest JPEG. Not found when
     * there is no such photo or width (or its file is missing from the store); unavailable when the store
     * cannot be reached.
     */
    async file(id: string, name?: string): Promise<StoredFile> {
      if (!isUuid(id)) throw notFound('There is no such photo');
      const m = name ? /^([1-9]\d{0,4})\.(avif|webp|jpg)$/.exec(name) : null;
      if (name && !m) throw notFound('There is no such photo size: ask for {width}.avif, .webp or .jpg');
      const photo = await db.selectFrom('photos').select(['widths', 'storage']).where('id', '=', id).executeTakeFirst();
      if (!photo) throw notFound('There is no such photo');
      if (photo.storage !== store.kind) {
        deps.log(`photo ${id}: kept in the ${photo.storage} store, but PHOTO_STORAGE is ${store.kind}`);
        throw unavailable(`This photo is kept in the ${photo.storage} store, which the shop is not set to read (PHOTO_STORAGE)`);
      }
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
  return service;
}

export type PhotosService = ReturnType<typeof photosService>;
