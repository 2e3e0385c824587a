import { useId, useState } from 'react';
import type { Testimonial } from '#shared/content/testimonials.ts';
import { ChevronDownIcon } from '#client/ui/icons/index.tsx';
import { TESTIMONIAL_EXCERPT_CHARS } from './carouselSettings';
import { splitExcerpt } from './excerpt';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/**
 * One parent's words. A long testimonial shows its opening and a Read more button (disclosure
 * pattern); the rest stays in the markup, hidden, so it is prerendered and findable.
 */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const [expanded, setExpanded] = useState(false);
  const restId = useId();
  const { opening, rest } = splitExcerpt(testimonial.text, TESTIMONIAL_EXCERPT_CHARS);
  const endsSentence = /[.!?]$/.test(opening);
  return (
    <figure className="testimonial">
      <blockquote className="testimonial__quote">
        <p>
          {opening}
          {rest && (
            <>
              <span id={restId} hidden={!expanded}>
                {rest}
              </span>
              {!expanded && !endsSentence && <span aria-hidden="true">…</span>}
            </>
          )}
        </p>
      </blockquote>
      {rest && (
        <button
          type="button"
          className="testimonial__toggle"
          aria-expanded={expanded}
          aria-controls={restId}
          onClick={() => setExpanded((was) => !was)}
        >
          {expanded ? 'Read less' : 'Read more'}
          <span className="visually-hidden">{`: ${testimonial.name}`}</span>
          <ChevronDownIcon className="testimonial__toggle-icon" size={18} />
        </button>
      )}
      <figcaption className="testimonial__author">
        <span className="testimonial__avatar" aria-hidden="true">
          {initials(testimonial.name)}
        </span>
        <span>
          <span className="testimonial__name">{testimonial.name}</span>
          <span className="testimonial__role">{testimonial.role}</span>
        </span>
      </figcaption>
    </figure>
  );
}
