import { useEffect, useId, useRef } from 'react';
import type { GalleryImage } from '../../../content/gallery';
import { wrapIndex } from '../../ui/carousel/carouselIndex';
import { Dialog } from '../../ui/dialog/Dialog';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../ui/icons';

type LightboxProps = {
  images: readonly GalleryImage[];
  /** Position of the image on show, or null when the lightbox is closed. */
  position: number | null;
  onShow: (position: number) => void;
  onClose: () => void;
};

/**
 * A full-screen view of one picture in a modal dialog: the close button, Escape and a click on
 * the dark backdrop close it; the previous and next buttons and the Left and Right arrow keys
 * step through the pictures of the current filter, wrapping at the ends.
 */
export function Lightbox({ images, position, onShow, onClose }: LightboxProps) {
  const titleId = useId();
  const closeButton = useRef<HTMLButtonElement>(null);
  const image = position === null ? undefined : images[position];
  const count = images.length;

  useEffect(() => {
    if (position === null || count < 2) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') onShow(wrapIndex(position - 1, count));
      else if (event.key === 'ArrowRight') onShow(wrapIndex(position + 1, count));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [position, count, onShow]);

  return (
    <Dialog open={image !== undefined} onClose={onClose} labelledBy={titleId} initialFocus={closeButton} className="lightbox">
      {image && position !== null && (
        <>
          <figure className="lightbox__figure">
            <img className="lightbox__image" src={image.image.src} alt={image.image.alt} width={image.image.width} height={image.image.height} />
            <figcaption className="lightbox__caption">
              <span id={titleId} className="lightbox__title">
                {image.title}
              </span>
              <span className="lightbox__count">
                {position + 1} of {count}
              </span>
            </figcaption>
          </figure>
          <button ref={closeButton} type="button" className="lightbox__button lightbox__close" aria-label="Close" onClick={onClose}>
            <CloseIcon size={24} />
          </button>
          {count > 1 && (
            <>
              <button type="button" className="lightbox__button lightbox__previous" aria-label="Previous photo" onClick={() => onShow(wrapIndex(position - 1, count))}>
                <ChevronLeftIcon size={28} />
              </button>
              <button type="button" className="lightbox__button lightbox__next" aria-label="Next photo" onClick={() => onShow(wrapIndex(position + 1, count))}>
                <ChevronRightIcon size={28} />
              </button>
            </>
          )}
        </>
      )}
    </Dialog>
  );
}
