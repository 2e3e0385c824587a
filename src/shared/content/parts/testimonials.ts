/** The testimonials as a part: the form holds them as they are. */
import { startingTestimonials, testimonialsSchema, type Testimonial } from '../testimonials';
import { contentPart, withKey, withoutKey, type Keyed } from './part';

export const testimonialsPart = contentPart({
  label: 'Testimonials',
  schema: testimonialsSchema.default(startingTestimonials),
  starting: startingTestimonials,
  formOf: (testimonials: Testimonial[]) => testimonials.map((testimonial) => withKey(testimonial)),
  contentOf: (entries: Keyed<Testimonial>[]) => entries.map(withoutKey),
});
