import type { ImgHTMLAttributes } from 'react';

/** What a picture needs of the schema's Image (queried inline: a fragment would be one level deeper than the depth limit allows). */
export interface PictureImage {
  url: string;
  srcset?: string | null;
  avifSrcset?: string | null;
  webpSrcset?: string | null;
}

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height' | 'sizes' | 'alt'>;

/**
 * A picture in a box of known size (width and height set, so nothing moves as it loads). An uploaded photo
 * comes in several widths and formats: the browser picks AVIF or WebP when it can, JPEG otherwise, at the
 * width `sizes` asks for. An illustration is one file.
 */
export function Picture({
  image,
  alt,
  width,
  height,
  sizes,
  ...img
}: { image: PictureImage; alt: string; width: number; height: number; sizes: string } & ImgProps) {
  if (!image.srcset) return <img src={image.url} alt={alt} width={width} height={height} {...img} />;
  return (
    <picture>
      {image.avifSrcset && <source type="image/avif" srcSet={image.avifSrcset} sizes={sizes} />}
      {image.webpSrcset && <source type="image/webp" srcSet={image.webpSrcset} sizes={sizes} />}
      <img src={image.url} srcSet={image.srcset} sizes={sizes} alt={alt} width={width} height={height} {...img} />
    </picture>
  );
}
