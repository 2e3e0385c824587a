import { describe, expect, it } from 'vitest';
import { testimonials } from '#content/testimonials.ts';
import { TESTIMONIALS_PER_SLIDE } from '#client/features/testimonials/carouselSettings.ts';
import { chunk, wrapIndex } from './carouselIndex';

describe('carousel index', () => {
  it('wraps next past the last slide to the first', () => {
    expect(wrapIndex(2, 2)).toBe(0);
    expect(wrapIndex(1, 2)).toBe(1);
  });

  it('wraps previous before the first slide to the last', () => {
    expect(wrapIndex(-1, 2)).toBe(1);
    expect(wrapIndex(-1, 5)).toBe(4);
  });

  it('stays at 0 for a single slide', () => {
    expect(wrapIndex(1, 1)).toBe(0);
    expect(wrapIndex(-1, 1)).toBe(0);
  });
});

describe('slides of testimonials', () => {
  it('groups items by the slide size, the last group holding the remainder', () => {
    expect(chunk([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(chunk([], 5)).toEqual([]);
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });

  it('puts the 6 testimonials on 2 slides of 5 and 1', () => {
    const slides = chunk(testimonials, TESTIMONIALS_PER_SLIDE);
    expect(slides.map((slide) => slide.length)).toEqual([5, 1]);
  });
});
