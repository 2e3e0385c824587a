/**
 * What parents say, as the office edits it (issue 11): the Testimonials page shows every one in
 * the office's order; the home page quotes one of them, the shortest. The starting testimonials
 * are the ones that ship in src/content.
 */
import { testimonials, type Testimonial } from '#content/testimonials.ts';
import { z } from '#shared/zod.ts';

export const TESTIMONIALS_MAX = 20;

export const testimonialLabels = { name: 'Name', role: 'Who they are', text: 'What they said' } as const;

/** The list in the dashboard; its hint says how the home page's quote is picked. */
export const testimonialsList = {
  item: 'testimonial',
  add: 'Add a testimonial',
  hint: 'The Testimonials page shows them all, in this order. The home page quotes the shortest one, so that it reads at a glance.',
  newRole: 'Parent',
} as const;

export const testimonialMessages = {
  nameMissing: 'Please give the name of the person quoted.',
  nameTooLong: 'Please keep the name under 80 characters.',
  roleMissing: 'Please say who they are, such as Parent.',
  roleTooLong: 'Please keep who they are under 60 characters.',
  textMissing: 'Please write what they said.',
  textTooLong: 'Please keep the testimonial under 2,000 characters.',
  tooMany: `Please keep at most ${TESTIMONIALS_MAX} testimonials.`,
  empty: 'Please keep at least one testimonial: the home page quotes one.',
} as const;

export const testimonialSchema = z.object({
  name: z.string().trim().min(1, testimonialMessages.nameMissing).max(80, testimonialMessages.nameTooLong),
  role: z.string().trim().min(1, testimonialMessages.roleMissing).max(60, testimonialMessages.roleTooLong),
  text: z.string().trim().min(1, testimonialMessages.textMissing).max(2000, testimonialMessages.textTooLong),
}) satisfies z.ZodType<Testimonial>;

export type { Testimonial };

export const testimonialsSchema = z
  .array(testimonialSchema)
  .min(1, testimonialMessages.empty)
  .max(TESTIMONIALS_MAX, testimonialMessages.tooMany);

/** The one the home page quotes: the shortest, so it reads at a glance (the first of equals). The list is never empty (the schema). */
export function featuredTestimonial(all: readonly Testimonial[]): Testimonial | undefined {
  return all.reduce<Testimonial | undefined>(
    (shortest, testimonial) => (!shortest || testimonial.text.length < shortest.text.length ? testimonial : shortest),
    undefined,
  );
}

/** The testimonials that ship in src/content, as the schema reads them (its keys in the schema's order: changedParts compares JSON). */
export const startingTestimonials = (): Testimonial[] => testimonialsSchema.parse(testimonials);
