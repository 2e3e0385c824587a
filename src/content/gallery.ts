/** Photo gallery: the 28 images and the page's texts (categories: galleryCategories.ts). */
import type { GalleryCategory } from './galleryCategories';
import { illustration, type Image } from './images';

export type GalleryImage = {
  /** Unique, kebab-case; also the image file name */
  id: string;
  title: string;
  category: GalleryCategory;
  image: Image;
};

function item(id: string, category: GalleryCategory, title: string, alt: string): GalleryImage {
  return { id, title, category, image: illustration('gallery', id, alt) };
}

export const galleryImages: GalleryImage[] = [
  // Toddler Program
  item(
    'toddler-pouring-water',
    'Toddler Program',
    'Pouring Practice',
    'A toddler carefully pouring water from a small glass jug into a cup at a low practical-life shelf',
  ),
  item(
    'toddler-stacking-blocks',
    'Toddler Program',
    'Stacking Blocks',
    'Two toddlers sitting on a rug stacking large wooden blocks into a tower',
  ),
  item(
    'toddler-snack-time',
    'Toddler Program',
    'Snack Time',
    'Toddlers at a child-sized table peeling bananas and serving themselves snack',
  ),
  item(
    'toddler-story-corner',
    'Toddler Program',
    'Story Corner',
    'A guide reading a picture book to three toddlers on floor cushions',
  ),
  item(
    'toddler-garden-walk',
    'Toddler Program',
    'Morning Walk',
    'A toddler pushing a wooden walker along the garden path under a neem tree',
  ),
  // Primary Program
  item(
    'primary-pink-tower',
    'Primary Program',
    'The Pink Tower',
    'A four-year-old building the Pink Tower of wooden cubes on a floor mat',
  ),
  item(
    'primary-sandpaper-letters',
    'Primary Program',
    'Sandpaper Letters',
    'A child tracing a sandpaper letter with two fingers while a guide watches',
  ),
  item(
    'primary-golden-beads',
    'Primary Program',
    'Golden Beads',
    'Children laying out golden bead units, tens and hundreds on a large mat',
  ),
  item(
    'primary-puzzle-map',
    'Primary Program',
    'Puzzle Map of Asia',
    'A child fitting the pieces of a wooden puzzle map of Asia on a table',
  ),
  item(
    'primary-flower-arranging',
    'Primary Program',
    'Flower Arranging',
    'A girl arranging marigolds and leaves in small vases for the classroom tables',
  ),
  // Elementary Program
  item(
    'elementary-bead-chains',
    'Elementary Program',
    'Bead Chains',
    'Elementary children counting along a long bead chain stretched across the classroom floor',
  ),
  item(
    'elementary-timeline-of-life',
    'Elementary Program',
    'Timeline of Life',
    'Two children studying a long illustrated timeline of life unrolled on the floor',
  ),
  item(
    'elementary-globe-work',
    'Elementary Program',
    'Exploring the Globe',
    'A small group of children gathered round a globe, pointing out continents and oceans',
  ),
  item(
    'elementary-leaf-study',
    'Elementary Program',
    'Botany Study',
    'A child examining leaves through a magnifying glass and sketching them in a notebook',
  ),
  item(
    'elementary-marsh-visit',
    'Elementary Program',
    'Going Out to the Marsh',
    'Elementary children with binoculars watching birds at the Pallikaranai marsh',
  ),
  // Adolescent Program
  item(
    'adolescent-science-lab',
    'Adolescent Program',
    'Science Lab',
    'Adolescent students in lab coats measuring liquids with flasks and test tubes',
  ),
  item(
    'adolescent-seminar',
    'Adolescent Program',
    'Seminar Discussion',
    'Students seated in a circle discussing a text during a humanities seminar',
  ),
  item(
    'adolescent-market-stall',
    'Adolescent Program',
    'Micro-Economy Market',
    'Students selling vegetables and handmade notebooks at their school market stall',
  ),
  item(
    'adolescent-math-workshop',
    'Adolescent Program',
    'Mathematics Workshop',
    'Two students working through geometry problems together at a whiteboard',
  ),
  item(
    'adolescent-mentoring',
    'Adolescent Program',
    'Mentoring Younger Children',
    'An adolescent student helping a younger child with a reading book in the library',
  ),
  // Garden
  item(
    'garden-vegetable-beds',
    'Garden',
    'Vegetable Beds',
    'Raised vegetable beds with tomato, brinjal and spinach plants in the school garden',
  ),
  item(
    'garden-watering',
    'Garden',
    'Watering Round',
    'Children with small watering cans watering seedlings in the morning',
  ),
  item(
    'garden-compost',
    'Garden',
    'Composting',
    'Children adding vegetable peels from the kitchen to the school compost bins',
  ),
  item(
    'garden-harvest',
    'Garden',
    'Harvest Day',
    'A basket of freshly harvested greens, beans and tomatoes held up by smiling children',
  ),
  // Workshops
  item(
    'workshop-woodwork',
    'Workshops',
    'Woodwork',
    'Children sanding and hammering a wooden bird box at the workshop bench',
  ),
  item(
    'workshop-clay',
    'Workshops',
    'Clay Modeling',
    'Children shaping small clay pots at a table covered with newspaper',
  ),
  item(
    'workshop-parent-evening',
    'Workshops',
    'Parent Education Evening',
    'Parents seated in a classroom listening to a guide explain the Montessori materials',
  ),
  item('workshop-weaving', 'Workshops', 'Weaving', 'A child weaving colorful threads on a simple wooden frame loom'),
];

export const galleryPage = {
  heading: 'Gallery',
  intro:
    'A glimpse of everyday life at our school, from pouring practice in the toddler room to harvest day in the garden.',
  allLabel: 'All',
  emptyText: 'No images found for the selected category.',
  cta: {
    title: 'Would you like to see it in person?',
    buttonLabel: 'Admission Enquiry',
    path: '/admission-enquiry',
  },
};
