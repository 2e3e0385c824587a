import { describe, expect, it } from 'vitest';
import { testimonials } from '#content/testimonials.ts';
import { featuredTestimonial, startingTestimonials, testimonialMessages, testimonialsSchema } from './testimonials';

const quote = { name: 'Revathi Kumar', role: 'Parent', text: 'Our son runs to school.' };

function messages(list: unknown): Record<string, string> {
  const parsed = testimonialsSchema.safeParse(list);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('testimonials as site content', () => {
  it('start as the ones that ship with the site', () => {
    expect(testimonialsSchema.parse(startingTestimonials())).toEqual(testimonials);
  });

  it('the home page quotes the shortest, the first of equals, as it did before', () => {
    expect(featuredTestimonial(startingTestimonials())?.name).toBe('Vikram Reddy');
    const short = { ...quote, name: 'Short', text: 'Calm.' };
    expect(featuredTestimonial([...startingTestimonials(), short, { ...short, name: 'Also short' }])).toBe(short);
    expect(featuredTestimonial([])).toBeUndefined();
  });

  it('says in plain words what is wrong, beside the field', () => {
    expect(messages([{ ...quote, name: ' ' }])).toEqual({ '0.name': testimonialMessages.nameMissing });
    expect(messages([{ ...quote, role: '' }])).toEqual({ '0.role': testimonialMessages.roleMissing });
    expect(messages([{ ...quote, text: '' }])).toEqual({ '0.text': testimonialMessages.textMissing });
    expect(messages([{ ...quote, text: 'x'.repeat(2001) }])).toEqual({ '0.text': testimonialMessages.textTooLong });
    expect(messages([])).toEqual({ '': testimonialMessages.empty });
    expect(messages(Array.from({ length: 21 }, () => quote))).toEqual({ '': testimonialMessages.tooMany });
  });
});
