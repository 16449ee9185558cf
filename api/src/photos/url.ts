/** An uploaded photo's address, as products and posts name it: /api/photos/{id}. */
export const PHOTO_URL = /^\/api\/photos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
