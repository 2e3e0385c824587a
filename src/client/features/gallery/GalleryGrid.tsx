import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { GalleryItem } from '#shared/content/gallery.ts';
import { imageIdentity } from '#shared/content/imageIdentity.ts';
import { Picture } from '#client/ui/Picture.tsx';
import { EAGER_IMAGE_COUNT, GRID_IMAGE_SIZES } from './galleryFilter';

type GalleryGridProps = {
  id: string;
  images: readonly GalleryItem[];
  onOpen: (position: number) => void;
  /** Said when a filter leaves no photo. */
  emptyText: string;
};

/**
 * The image grid. With a mouse or keyboard, activating a picture opens the lightbox and the
 * caption shows on hover or focus. A touch has no hover, so a tap toggles the caption (with a
 * 'View larger' button for the lightbox) and a tap outside every picture hides the captions.
 */
export function GalleryGrid({ id, images, onOpen, emptyText }: GalleryGridProps) {
  const [touchCaptions, setTouchCaptions] = useState<ReadonlySet<string>>(new Set());
  const lastPointer = useRef('');

  useEffect(() => {
    if (touchCaptions.size === 0) return;
    const hideOnOutsidePointer = (event: PointerEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest('.gallery-item')) setTouchCaptions(new Set());
    };
    document.addEventListener('pointerdown', hideOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', hideOnOutsidePointer);
  }, [touchCaptions]);

  function toggleCaption(identity: string) {
    setTouchCaptions((shown) => {
      const next = new Set(shown);
      if (!next.delete(identity)) next.add(identity);
      return next;
    });
  }

  function onActivate(event: MouseEvent<HTMLButtonElement>, identity: string, position: number) {
    // detail is 0 for a click made with the keyboard.
    const byTouch = event.detail > 0 && lastPointer.current === 'touch';
    lastPointer.current = '';
    if (byTouch) toggleCaption(identity);
    else onOpen(position);
  }

  return (
    <div id={id} className="gallery-grid">
      <div role="status" className="gallery-grid__status">
        {images.length === 0 ? (
          <p className="gallery-grid__empty">{emptyText}</p>
        ) : (
          <span className="visually-hidden">{`${images.length} photos shown`}</span>
        )}
      </div>
      {images.length > 0 && (
        <ul className="gallery-grid__list" role="list">
          {images.map((item, position) => {
            // The schema keeps a photo from being in the gallery twice, so its identity is a key.
            const identity = imageIdentity(item.image);
            const captionShown = touchCaptions.has(identity);
            return (
              <li key={identity} className={captionShown ? 'gallery-item gallery-item--caption-shown' : 'gallery-item'}>
                <button
                  type="button"
                  className="gallery-item__button"
                  aria-haspopup="dialog"
                  onPointerDown={(event) => {
                    lastPointer.current = event.pointerType;
                  }}
                  onClick={(event) => onActivate(event, identity, position)}
                >
                  <Picture
                    className="gallery-item__image"
                    image={item.image}
                    sizes={GRID_IMAGE_SIZES}
                    loading={position < EAGER_IMAGE_COUNT ? 'eager' : 'lazy'}
                  />
                </button>
                <div className="gallery-item__caption">
                  <span className="gallery-item__title">{item.title}</span>
                  <span className="gallery-item__category">{item.category}</span>
                  {captionShown && (
                    <button
                      type="button"
                      className="gallery-item__view"
                      aria-haspopup="dialog"
                      onClick={() => onOpen(position)}
                    >
                      View larger<span className="visually-hidden">{`: ${item.title}`}</span>
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
