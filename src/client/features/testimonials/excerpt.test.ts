import { describe, expect, it } from 'vitest';
import { testimonials } from '#content/testimonials.ts';
import { TESTIMONIAL_EXCERPT_CHARS } from './carouselSettings';
import { splitExcerpt } from './excerpt';

describe('testimonial excerpt', () => {
  it('keeps a short text whole', () => {
    expect(splitExcerpt('Lovely school.', 50)).toEqual({ opening: 'Lovely school.', rest: '' });
  });

  it('cuts a long text at a sentence end and loses nothing', () => {
    const text = 'First sentence is here. Second sentence goes on and on and on.';
    const { opening, rest } = splitExcerpt(text, 40);
    expect(opening).toBe('First sentence is here.');
    expect(opening + rest).toBe(text);
  });

  it('cuts at a word when no sentence ends late enough', () => {
    const { opening, rest } = splitExcerpt('alpha beta gamma delta epsilon', 13);
    expect(opening).toBe('alpha beta');
    expect(rest).toBe(' gamma delta epsilon');
  });

  it('shortens the very long testimonials and leaves the short ones whole', () => {
    const split = testimonials.map((testimonial) => splitExcerpt(testimonial.text, TESTIMONIAL_EXCERPT_CHARS));
    expect(split.filter((part) => part.rest !== '').length).toBeGreaterThanOrEqual(2);
    for (const [position, part] of split.entries()) {
      expect(part.opening.length).toBeLessThanOrEqual(TESTIMONIAL_EXCERPT_CHARS);
      expect(part.opening + part.rest).toBe(testimonials[position]?.text);
    }
  });
});
