import type * as S3 from '@aws-sdk/client-s3';
import type { Kysely } from 'kysely';

type S3Sdk = typeof S3;
import type { Database } from '../db/schema.js';

// Where photo files live, chosen by PHOTO_STORAGE: the shop's database (the default: nothing more to run,
// and every api instance sees every file) or an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …).
// Files are written once under a key that names the photo and its size, and never changed.

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

export interface PhotoStore {
  readonly kind: 'database' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under the key. Fails when the store cannot be reached. */
  get(key: string): Promise<StoredFile | null>;
}

export function databaseStore(db: Kysely<Database>): PhotoStore {
  return {
    kind: 'database',
    async put(key, bytes, contentType) {
      await db
        .insertInto('photo_files')
        .values({ key, bytes, content_type: contentType })
        .onConflict((oc) => oc.column('key').doUpdateSet({ bytes, content_type: contentType }))
        .execute();
    },
    async get(key) {
      const row = await db.selectFrom('photo_files').select(['bytes', 'content_type']).where('key', '=', key).executeTakeFirst();
      return row ? { bytes: Buffer.from(row.bytes), contentType: row.content_type } : null;
    },
  };
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** For an S3-compatible service other than AWS (MinIO, R2, s3rver): its URL; path-style addressing. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

export function s3Store(settings: S3Settings): PhotoStore {
  // The SDK is loaded when the bucket is first used, not with the api.
  let ready: Promise<{ client: S3.S3Client; sdk: S3Sdk }> | null = null;
  const s3 = () =>
    (ready ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
        ...(settings.accessKeyId && settings.secretAccessKey
          ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
          : {}),
        maxAttempts: 3,
        // A bucket that does not answer fails the request in seconds, never hangs an upload or a page's photo.
        requestHandler: { connectionTimeout: 3_000, requestTimeout: 20_000 },
      }),
    })));
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const { client, sdk } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: settings.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      const { client, sdk } = await s3();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        if (!answer.Body) return null;
        return {
          bytes: Buffer.from(await answer.Body.transformToByteArray()),
          contentType: answer.ContentType ?? 'application/octet-stream',
        };
      } catch (err) {
        if (err instanceof sdk.NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
  };
}
