/** Words of the Read more / Read less toggles on team profiles and blog posts. */
export const readMoreLabels = {
  readMore: 'Read more',
  readLess: 'Read less',
};

export type ReadMoreLabels = typeof readMoreLabels;
