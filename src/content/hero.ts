/** The three rotating slides at the top of the home page. */
import { ADMISSIONS_YEAR } from './format';
import { illustration, type Image } from './images';
import { school } from './school';

export type HeroSlide = {
  welcomeText: string;
  heading: string;
  description: string;
  image: Image;
};

export const heroSlides: HeroSlide[] = [
  {
    welcomeText: `Welcome to ${school.name}`,
    heading: 'A calm place to grow, learn and belong',
    description:
      'In our prepared classrooms in Perungudi, children choose purposeful work, follow their curiosity and discover how capable they are, one small success at a time.',
    image: illustration(
      'hero',
      'slide-1',
      'Sunlit Montessori classroom with low wooden shelves, a child working on a rug and a guide kneeling beside her',
    ),
  },
  {
    welcomeText: 'Learning that follows the child',
    heading: 'From first steps to Class 8, at their own pace',
    description:
      'Toddler, Primary, Elementary and Adolescent communities give every age the freedom, structure and respect it needs, with the same warm thread running through them all.',
    image: illustration(
      'hero',
      'slide-2',
      'Children of different ages gathered under a large tree in the school garden, one older child reading to two younger ones',
    ),
  },
  {
    welcomeText: `Admissions open for ${ADMISSIONS_YEAR}`,
    heading: 'Come and see a Montessori morning',
    description: `Visit our campus off OMR, watch the children at work and talk to our guides. We welcome new families in ${school.termsLabel}.`,
    image: illustration(
      'hero',
      'slide-3',
      'Parents and their young child walking through the school gate along a tree-lined path towards the classrooms',
    ),
  },
];
