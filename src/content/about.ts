/** About Us (/about), Who We Are and Our Approach (/about/our-approach). */
import { school } from './school';

export type TextSection = { title: string; text: string };

const [banyan, neemTree] = school.foundingSchools;

export const aboutPage = {
  heading: 'About Us',
  intro: `${school.name} is a community of children, families and guides in Perungudi, south Chennai, who believe that children learn best when they are trusted, respected and free to follow their curiosity.`,
  locationHeading: 'Visit Us',
  mapsLinkLabel: 'Open in Google Maps',
  subPageLinks: [
    { label: 'Our Approach', path: '/about/our-approach', text: 'How Montessori works in our classrooms.' },
    { label: 'Our Team', path: '/about/our-team', text: 'Meet the guides and staff who know your child by name.' },
    {
      label: 'Awards & Recognition',
      path: '/about/awards-recognition',
      text: 'What others have noticed about our school.',
    },
  ],
};

export const whoWeAre: { title: string; paragraphs: string[] } = {
  title: 'Who We Are',
  paragraphs: [
    `Our story began in ${banyan.year}, when ${banyan.name} opened in ${banyan.place} with a handful of three-year-olds, a small garden and shelves of handmade Montessori materials. Families came for the calm classrooms and stayed for the sense of community, and over the years the school grew to include a toddler room.`,
    `In ${neemTree.year}, ${neemTree.name} opened in nearby ${neemTree.place} to give Montessori children a place to continue into the elementary years. The two schools shared families, ideas and teacher training for a decade, and in ${school.mergerYear} they came together as ${school.name} on a single campus in Perungudi.`,
    `In ${school.cambridgeFromYear} we opened our Adolescent Pathway, following the Cambridge curriculum, so that children can now grow with us from their toddler years through Class 8. We remain a close community, small enough for every child to be known and rooted in the same values we started with: respect for the child, for one another and for the natural world.`,
  ],
};

export const ourApproach: { title: string; intro: string; sections: TextSection[] } = {
  title: 'Our Approach',
  intro:
    "Montessori education rests on a simple idea: children are eager, capable learners, and the adult's task is to prepare the conditions in which that eagerness can flourish. Here is how that idea shapes our classrooms.",
  sections: [
    {
      title: 'The Prepared Environment',
      text: 'Each classroom is arranged with care: low, open shelves, materials in their place, natural light and plants. Everything is sized for the child and has a purpose, so children can find, use and return their work independently.',
    },
    {
      title: 'Mixed-Age Communities',
      text: 'Children share a classroom across a three-year age span. Younger children learn by watching older ones, older children consolidate their learning by helping, and everyone grows in patience and kindness.',
    },
    {
      title: 'Freedom Within Limits',
      text: 'Children choose their work, how long to spend on it and whether to work alone or with a friend, within clear limits of respect for others, for the materials and for themselves. Freedom and responsibility grow together.',
    },
    {
      title: "The Guide's Role",
      text: 'Our teachers are called guides. Rather than lecturing the whole class, they observe each child closely, give short individual lessons at the right moment and then step back so the child can discover for themselves.',
    },
    {
      title: 'Practical Life',
      text: 'Pouring, cooking, cleaning, gardening and caring for others are not extras but the foundation of learning. These real tasks build concentration, coordination, independence and a sense of belonging.',
    },
    {
      title: 'Assessment by Observation',
      text: "Guides keep detailed records of each child's progress, based on daily observation rather than tests. Families receive written reports and meet guides at regular parent-teacher conferences, and older students add formal assessments as they approach IGCSE.",
    },
  ],
};
