/** Awards and recognition, shown on /about/awards-recognition. */
import { illustration, type Image } from './images';

export type Award = {
  /** Also the image file name */
  slug: string;
  title: string;
  awardedBy: string;
  year: number;
  description: string;
  image: Image;
};

export const awards: Award[] = [
  {
    slug: 'best-montessori-school-omr-2023',
    title: 'Best Montessori School, OMR',
    awardedBy: 'Chennai Parenting Awards',
    year: 2023,
    description:
      'Chosen through nominations and reviews by parents across south Chennai, this award recognized our authentic Montessori classrooms, our trained guides and the close partnership we build with families.',
    image: illustration(
      'awards',
      'best-montessori-school-omr-2023',
      'Our Director holding a gold trophy on stage, with two guides beside her at the award ceremony',
    ),
  },
  {
    slug: 'green-campus-recognition-2024',
    title: 'Green Campus Recognition',
    awardedBy: 'Tamil Nadu Eco-Schools Forum',
    year: 2024,
    description:
      'Awarded for our organic kitchen garden, composting of all food waste, rainwater harvesting and a plastic-free campus, work that children of every age help to run.',
    image: illustration(
      'awards',
      'green-campus-recognition-2024',
      'A framed certificate with a green ribbon rosette, displayed on a shelf beside potted plants',
    ),
  },
];

export const awardsPage = {
  heading: 'Awards & Recognition',
  intro:
    'We do not work for awards, but we are grateful when others notice what our children, families and staff build together. Select an award to see its picture in full.',
};
