import type { Testimonial } from '#shared/content/testimonials.ts';
import { Carousel } from '#client/ui/carousel/Carousel.tsx';
import { chunk } from '#client/ui/carousel/carouselIndex.ts';
import { TESTIMONIAL_TRANSITION_MS, TESTIMONIALS_PER_SLIDE } from './carouselSettings';
import { TestimonialCard } from './TestimonialCard';

const slidesOf = (testimonials: readonly Testimonial[]) =>
  chunk(testimonials, TESTIMONIALS_PER_SLIDE).map((group) => (
    <ul className="testimonial-slide" role="list">
      {/* A published page's list does not change while it is shown: the position is key enough. */}
      {group.map((testimonial, position) => (
        <li key={position} className="testimonial-slide__item">
          <TestimonialCard testimonial={testimonial} />
        </li>
      ))}
    </ul>
  ));

export function TestimonialsCarousel({ testimonials }: { testimonials: readonly Testimonial[] }) {
  return (
    <Carousel
      label="Parent testimonials"
      slides={slidesOf(testimonials)}
      transitionMs={TESTIMONIAL_TRANSITION_MS}
      className="testimonials-carousel"
    />
  );
}
