import { useEffect, useState, type FocusEvent } from 'react';
import { Link } from 'wouter';
import type { HeroSlide } from '#content/hero.ts';
import type { homePage } from '#content/home.ts';
import { prefersReducedMotion } from '#client/ui/motion.ts';
import { PauseIcon, PlayIcon } from '#client/ui/icons/index.tsx';
import { homeText } from './homeText';

/** docs/spec.md §9: the hero moves to the next slide every 5 seconds. */
export const HERO_INTERVAL_MS = 5000;

const SLIDES_ID = 'hero-slides';

/** Said when a person picks a slide: 'Slide 3 of 3: Come and see a Montessori morning'. */
const pickedSlideText = (slides: readonly HeroSlide[], index: number) =>
  `Slide ${index + 1} of ${slides.length}: ${slides[index]?.heading ?? ''}`;

type HeroCarouselProps = {
  slides: readonly HeroSlide[];
  labels: Pick<typeof homePage, 'slideDotLabel' | 'heroButtons'>;
};

/**
 * The rotating welcome at the top of the home page, following the WAI-ARIA carousel pattern:
 * a rotation control and slide picker first, rotation paused while the pointer or keyboard
 * focus is inside, and no rotation at all for visitors who prefer reduced motion until they
 * start it. The first slide's picture is the page's largest paint, so it loads first.
 *
 * A slide picked with its dot stops the rotation for good (WCAG 2.2.2; the rotation button
 * starts it again) and is announced politely. A screen reader's browse mode presses the dot
 * without focus or hover, so the pick is said by a status message of its own rather than by
 * making the slides a live region, which only focus and hover made polite in time.
 */
export function HeroCarousel({ slides: heroSlides, labels: homePage }: HeroCarouselProps) {
  const [active, setActive] = useState(0);
  const [picked, setPicked] = useState('');
  const [isPlaying, setIsPlaying] = useState(true);
  const [isHovered, setIsHovered] = useState(false);
  const [hasKeyboardFocus, setHasKeyboardFocus] = useState(false);
  const isRotating = isPlaying && !isHovered && !hasKeyboardFocus;

  useEffect(() => {
    if (prefersReducedMotion()) setIsPlaying(false);
  }, []);

  useEffect(() => {
    if (!isRotating) return;
    const timer = setInterval(() => setActive((index) => (index + 1) % heroSlides.length), HERO_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [isRotating, active]);

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    // Focus from a click comes with the pointer, which already pauses; only keyboard focus counts here.
    if (event.target.matches(':focus-visible')) setHasKeyboardFocus(true);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHasKeyboardFocus(false);
  };

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label={homeText.carouselLabel}
      onPointerEnter={(event) => event.pointerType === 'mouse' && setIsHovered(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setIsHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className="hero__controls">
        <button
          type="button"
          className="hero__rotation"
          aria-controls={SLIDES_ID}
          onClick={() => setIsPlaying((playing) => !playing)}
        >
          {isPlaying ? <PauseIcon size={16} /> : <PlayIcon size={16} />}
          <span className="visually-hidden">{isPlaying ? homeText.stopRotation : homeText.startRotation}</span>
        </button>
        <div className="hero__dots">
          {heroSlides.map((slide, index) => (
            <button
              key={slide.heading}
              type="button"
              className="hero__dot"
              aria-controls={SLIDES_ID}
              aria-current={index === active ? 'true' : undefined}
              aria-label={`${homePage.slideDotLabel} ${index + 1}`}
              onClick={() => {
                setActive(index);
                setIsPlaying(false);
                setPicked(pickedSlideText(heroSlides, index));
              }}
            />
          ))}
        </div>
        <p className="visually-hidden" role="status">
          {picked}
        </p>
      </div>

      <div id={SLIDES_ID} className="hero__slides">
        {heroSlides.map((slide, index) => {
          const isActive = index === active;
          return (
            <div
              key={slide.heading}
              className={`hero__slide${isActive ? ' is-active' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${heroSlides.length}`}
              aria-hidden={!isActive}
              inert={!isActive}
            >
              <img
                className="hero__image"
                src={slide.image.src}
                alt={slide.image.alt}
                width={slide.image.width}
                height={slide.image.height}
                {...(index === 0 ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy' })}
              />
              <div className="container hero__content">
                <p className="hero__welcome">{slide.welcomeText}</p>
                <h2 className="hero__heading">{slide.heading}</h2>
                <p className="hero__description">{slide.description}</p>
                <div className="button-row">
                  <Link href={homePage.heroButtons.learnMore.path} className="button button--light">
                    {homePage.heroButtons.learnMore.label}
                    <span className="visually-hidden">{homePage.heroButtons.learnMore.hiddenLabel}</span>
                  </Link>
                  <Link href={homePage.heroButtons.admissionEnquiry.path} className="button button--accent">
                    {homePage.heroButtons.admissionEnquiry.label}
                  </Link>
                </div>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
