/** The spec's testimonial carousel constants. */
export const TESTIMONIALS_PER_SLIDE = 5;
export const TESTIMONIAL_TRANSITION_MS = 500;
/** Longer testimonials show their opening and a Read more button. */
export const TESTIMONIAL_EXCERPT_CHARS = 320;
