import { useEffect, useId, useRef, useState } from 'react';
import type { GalleryItem } from '#shared/content/gallery.ts';
import { Picture } from '#client/ui/Picture.tsx';
import { wrapIndex } from '#client/ui/carousel/carouselIndex.ts';
import { Dialog } from '#client/ui/dialog/Dialog.tsx';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '#client/ui/icons/index.tsx';

type LightboxProps = {
  images: readonly GalleryItem[];
  /** Position of the image on show, or null when the lightbox is closed. */
  position: number | null;
  onShow: (position: number) => void;
  onClose: () => void;
};

/** The lightbox shows a picture at up to 90% of the screen's width (gallery.css). */
const LIGHTBOX_IMAGE_SIZES = '90vw';

/** What is said when the lightbox moves to another photo: 'Photo 3 of 12: Stacking Blocks. Two toddlers …'. */
function photoAnnouncement(image: GalleryItem, position: number, count: number): string {
  return `Photo ${position + 1} of ${count}: ${image.title}. ${image.image.alt}`;
}

/**
 * A full-screen view of one picture in a modal dialog: the close button, Escape and a click on
 * the dark backdrop close it; the previous and next buttons and the Left and Right arrow keys
 * step through the pictures of the current filter, wrapping at the ends. Each new photo is
 * announced politely: focus stays on the button pressed, so nothing else would say it.
 */
export function Lightbox({ images, position, onShow, onClose }: LightboxProps) {
  const titleId = useId();
  const closeButton = useRef<HTMLButtonElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const image = position === null ? undefined : images[position];
  const count = images.length;

  const step = (by: -1 | 1) => {
    if (position === null) return;
    const next = wrapIndex(position + by, count);
    const nextImage = images[next];
    if (nextImage) setAnnouncement(photoAnnouncement(nextImage, next, count));
    onShow(next);
  };
  const close = () => {
    setAnnouncement('');
    onClose();
  };

  useEffect(() => {
    if (position === null || count < 2) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') step(-1);
      else if (event.key === 'ArrowRight') step(1);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [position, count, images, onShow]);

  return (
    <Dialog
      open={image !== undefined}
      onClose={close}
      labelledBy={titleId}
      initialFocus={closeButton}
      className="lightbox"
    >
      {image && position !== null && (
        <>
          <figure className="lightbox__figure">
            <Picture className="lightbox__image" image={image.image} sizes={LIGHTBOX_IMAGE_SIZES} loading="eager" />
            <figcaption className="lightbox__caption">
              <span id={titleId} className="lightbox__title">
                {image.title}
              </span>
              <span className="lightbox__count">
                {position + 1} of {count}
              </span>
            </figcaption>
          </figure>
          <p className="visually-hidden" role="status">
            {announcement}
          </p>
          <button
            ref={closeButton}
            type="button"
            className="lightbox__button lightbox__close"
            aria-label="Close"
            onClick={close}
          >
            <CloseIcon size={24} />
          </button>
          {count > 1 && (
            <>
              <button
                type="button"
                className="lightbox__button lightbox__previous"
                aria-label="Previous photo"
                onClick={() => step(-1)}
              >
                <ChevronLeftIcon size={28} />
              </button>
              <button
                type="button"
                className="lightbox__button lightbox__next"
                aria-label="Next photo"
                onClick={() => step(1)}
              >
                <ChevronRightIcon size={28} />
              </button>
            </>
          )}
        </>
      )}
    </Dialog>
  );
}
