import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons';
import { wrapIndex } from './carouselIndex';

type CarouselProps = {
  /** Accessible name of the carousel, e.g. 'Parent testimonials'. */
  label: string;
  slides: readonly ReactNode[];
  /** Length of the slide animation; the reduced-motion setting turns it off (base.css). */
  transitionMs: number;
  className?: string;
};

/**
 * A carousel without automatic rotation (WAI-ARIA carousel pattern): previous and next buttons
 * that wrap around, one button per slide, slides announced as 'slide' with their position,
 * hidden slides inert, and a polite live region so a change of slide is read out.
 * Slides are positioned from an effect (CSP allows no style attributes in the prerendered HTML).
 */
export function Carousel({ label, slides, transitionMs, className }: CarouselProps) {
  const [index, setIndex] = useState(0);
  const slidesId = useId();
  const viewport = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const count = slides.length;

  useEffect(() => {
    if (!track.current) return;
    track.current.style.transitionDuration = `${transitionMs}ms`;
    track.current.style.transform = `translateX(${-100 * index}%)`;
  }, [index, transitionMs]);

  // The viewport takes the height of the slide on show, also when its text grows or the window resizes.
  useEffect(() => {
    const active = track.current?.children[index];
    if (!viewport.current || !(active instanceof HTMLElement)) return;
    const frame = viewport.current;
    const fit = () => {
      frame.style.height = `${active.offsetHeight}px`;
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(active);
    return () => observer.disconnect();
  }, [index]);

  const show = (next: number) => setIndex(wrapIndex(next, count));

  return (
    <section
      className={className ? `carousel ${className}` : 'carousel'}
      aria-roledescription="carousel"
      aria-label={label}
    >
      <div className="carousel__controls">
        <button
          type="button"
          className="carousel__arrow"
          aria-controls={slidesId}
          aria-label="Previous slide"
          onClick={() => show(index - 1)}
        >
          <ChevronLeftIcon size={22} />
        </button>
        <div className="carousel__dots" role="group" aria-label="Choose a slide">
          {slides.map((_, position) => (
            <button
              key={position}
              type="button"
              className="carousel__dot"
              aria-controls={slidesId}
              aria-label={`Slide ${position + 1}`}
              aria-current={position === index ? 'true' : undefined}
              onClick={() => show(position)}
            />
          ))}
        </div>
        <button
          type="button"
          className="carousel__arrow"
          aria-controls={slidesId}
          aria-label="Next slide"
          onClick={() => show(index + 1)}
        >
          <ChevronRightIcon size={22} />
        </button>
      </div>
      <div ref={viewport} className="carousel__viewport">
        <div ref={track} id={slidesId} className="carousel__track" aria-live="polite">
          {slides.map((slide, position) => (
            <div
              key={position}
              role="group"
              aria-roledescription="slide"
              aria-label={`${position + 1} of ${count}`}
              className={position === index ? 'carousel__slide carousel__slide--current' : 'carousel__slide'}
              inert={position !== index}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
