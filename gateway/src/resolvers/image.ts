import type { ImageResolvers } from '../__generated__/resolvers-types.js';

// An uploaded photo (/api/photos/{id}) is made at several widths in AVIF, WebP and JPEG; the api keeps its
// size and widths with the product or post. An illustration or another address has one picture only.
const srcsetOf = (url: string, widths: number[], ext: 'avif' | 'webp' | 'jpg') => widths.map((w) => `${url}/${w}.${ext} ${w}w`).join(', ');
const photo = (i: { url: string; widths?: number[] }) =>
  i.url.startsWith('/api/photos/') && i.widths && i.widths.length > 0 ? i.widths : null;

export const Image: ImageResolvers = {
  width: (i) => (photo(i) ? (i.width ?? null) : null),
  height: (i) => (photo(i) ? (i.height ?? null) : null),
  srcset: (i) => {
    const widths = photo(i);
    return widths ? srcsetOf(i.url, widths, 'jpg') : null;
  },
  avifSrcset: (i) => {
    const widths = photo(i);
    return widths ? srcsetOf(i.url, widths, 'avif') : null;
  },
  webpSrcset: (i) => {
    const widths = photo(i);
    return widths ? srcsetOf(i.url, widths, 'webp') : null;
  },
};
