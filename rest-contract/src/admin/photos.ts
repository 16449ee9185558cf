// Photos uploaded from the desks: the file is the request's body, the answer this record.

/** An uploaded photo (POST /api/admin/catalogue/photos or /api/admin/content/photos). */
export interface PhotoRecord {
  id: string;
  /** What a product's or a post's images name: /api/photos/{id}. */
  url: string;
  width: number;
  height: number;
  widths: number[];
  /** Bytes stored, every width and format together. */
  bytesStored: number;
}
