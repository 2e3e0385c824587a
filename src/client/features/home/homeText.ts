/** Control names and link texts of the home page that are not in src/content/home.ts. Tests read them from here too. */
export const homeText = {
  carouselLabel: 'Welcome',
  stopRotation: 'Stop automatic slide show',
  startRotation: 'Start automatic slide show',
  programLink: 'Find out more',
  /** Read only by screen readers after the link text: 'about the Toddler Community'. */
  programLinkContext: 'about the',
  testimonialsLink: 'Read more from our parents',
} as const;
