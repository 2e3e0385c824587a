import {
  isPhoto,
  photoFormats,
  photoHeightAt,
  photoSrc,
  photoWidths,
  type PhotoFormat,
} from '#shared/content/photoCopies.ts';
import type { SiteImage } from '#shared/content/photos.ts';

type PictureProps = {
  image: SiteImage;
  /** How wide the image shows, as the sizes attribute says it (e.g. '(min-width: 60rem) 33vw, 100vw'). */
  sizes: string;
  className?: string;
  loading?: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'low' | 'auto';
};

/**
 * An image of the site content: an illustration as a plain img, an uploaded photo as a picture
 * with AVIF and WebP sources and a JPEG img, each with every width in srcset. Width and height are
 * always set, so nothing moves when it loads.
 */
export function Picture({ image, sizes, className, loading = 'lazy', fetchPriority }: PictureProps) {
  if (!isPhoto(image)) {
    return (
      <img
        className={className}
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
      />
    );
  }
  const widths = photoWidths(image.width);
  const largest = widths.at(-1) ?? image.width;
  const srcSet = (format: PhotoFormat) =>
    widths.map((width) => `${photoSrc(image.photoId, width, format)} ${width}w`).join(', ');
  return (
    <picture>
      <source type={photoFormats.avif} srcSet={srcSet('avif')} sizes={sizes} />
      <source type={photoFormats.webp} srcSet={srcSet('webp')} sizes={sizes} />
      <img
        className={className}
        src={photoSrc(image.photoId, largest, 'jpeg')}
        srcSet={srcSet('jpeg')}
        sizes={sizes}
        alt={image.alt}
        width={largest}
        height={photoHeightAt(image, largest)}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
      />
    </picture>
  );
}
