/** The founder's blog: the list on /blog and the pages at /blog/<slug>. Newest first. */
import { illustration } from './images';
import { readMoreLabels } from './labels';
import { school } from './school';

const author = school.founder.name;

const [banyan, neemTree] = school.foundingSchools;

/**
 * Each post's slug (its address, /blog/<slug>, and its image's name), title, date (YYYY-MM-DD),
 * author, image and excerpt: read by the blog post schema (shared/content/blogPosts.ts), which is
 * the one declaration of a post.
 */
export const blogPosts = [
  {
    slug: 'why-mixed-age-classrooms-work',
    title: 'Why Mixed-Age Classrooms Work',
    date: '2025-03-18',
    author,
    image: illustration(
      'blog',
      'why-mixed-age-classrooms-work',
      'An older child showing a younger child how to use a bead frame at a classroom table',
    ),
    excerpt:
      'Parents sometimes worry that a five-year-old will be held back by sharing a room with three-year-olds. After more than twenty years of watching mixed-age classrooms, I believe the opposite is true.',
  },
  {
    slug: 'our-first-cambridge-term',
    title: 'Our First Term with the Cambridge Curriculum',
    date: '2024-11-05',
    author,
    image: illustration(
      'blog',
      'our-first-cambridge-term',
      'Adolescent students working together around a table covered with notebooks and a laptop',
    ),
    excerpt: `In June ${school.cambridgeFromYear} our first adolescent students began the Cambridge curriculum. Many parents have asked how it is going, so here is an honest report from our first term.`,
  },
  {
    slug: 'farm-trip',
    title: 'A Day on the Farm',
    date: '2024-02-14',
    author,
    image: illustration(
      'blog',
      'farm-trip',
      'Children in sun hats walking between rows of green paddy on an organic farm',
    ),
    excerpt:
      'Last week our Elementary children spent a day on an organic farm near Chengalpattu. They came back muddy, tired and full of questions, which is exactly how a good field trip should end.',
  },
  {
    slug: 'help-me-to-do-it-myself',
    title: '"Help Me to Do It Myself": Independence in the Toddler Years',
    date: '2023-09-12',
    author,
    image: illustration(
      'blog',
      'help-me-to-do-it-myself',
      'A toddler sitting on a low bench putting on her own sandals',
    ),
    excerpt:
      'Every toddler I have known has said it in one way or another: "Me do it!" It can be the most exhausting phrase in a busy morning, but it is also one of the most important things a child will ever tell us.',
  },
  {
    slug: 'grace-and-courtesy',
    title: 'Grace and Courtesy: Teaching Kindness Without Lectures',
    date: '2023-01-20',
    author,
    image: illustration(
      'blog',
      'grace-and-courtesy',
      'Two young children shaking hands and greeting each other at the classroom door',
    ),
    excerpt:
      'How do you teach a three-year-old to say "excuse me" or to offer a guest a glass of water? In Montessori classrooms, the answer is not a lecture but a little bit of play-acting.',
  },
  {
    slug: 'two-schools-one-family',
    title: 'Two Schools, One Family',
    date: '2022-07-04',
    author,
    image: illustration(
      'blog',
      'two-schools-one-family',
      'Children and teachers from two schools planting a sapling together in a garden',
    ),
    excerpt: `This June, ${banyan.name} and ${neemTree.name} came together as ${school.name}. I want to share why we took this step and what it means for your children.`,
  },
  {
    slug: 'screens-and-young-children',
    title: 'Screens and Young Children: Where We Stand',
    date: '2021-10-08',
    author,
    image: illustration(
      'blog',
      'screens-and-young-children',
      'A parent and child building with wooden blocks on the floor, a closed tablet set aside on a shelf',
    ),
    excerpt:
      'After a year and a half of online classes, many families have asked us how to bring screen time back under control. There is no perfect rule, but there are some helpful principles.',
  },
  {
    slug: 'returning-to-the-classroom',
    title: 'Returning to the Classroom',
    date: '2021-03-15',
    author,
    image: illustration(
      'blog',
      'returning-to-the-classroom',
      'Children washing their hands at a row of outdoor taps before entering the classroom',
    ),
    excerpt:
      'After almost a year away, our classrooms are full of children again. The rooms look a little different, but the sound of busy, happy work is exactly the same.',
  },
  {
    slug: 'montessori-during-lockdown',
    title: 'Montessori During Lockdown',
    date: '2020-05-12',
    author,
    image: illustration(
      'blog',
      'montessori-during-lockdown',
      'A child helping a parent roll chapatis at a low kitchen table at home',
    ),
    excerpt:
      'With our classrooms closed, many parents have asked how they can keep the Montessori spirit alive at home. The good news is that you do not need special materials: your home is already full of them.',
  },
  {
    slug: 'the-power-of-practical-life',
    title: 'The Power of Practical Life',
    date: '2019-12-10',
    author,
    image: illustration(
      'blog',
      'the-power-of-practical-life',
      'A child polishing a small brass bowl with a cloth at a low table',
    ),
    excerpt:
      'Visitors are sometimes surprised to see three-year-olds polishing brass, scrubbing tables and arranging flowers. Where, they ask, are the lessons? These are the lessons.',
  },
  {
    slug: 'writing-before-reading',
    title: 'Why Children Write Before They Read',
    date: '2019-08-20',
    author,
    image: illustration(
      'blog',
      'writing-before-reading',
      'A child building a word with wooden moveable alphabet letters on a mat',
    ),
    excerpt:
      'In a Montessori classroom, many children write words before they can read them. It sounds backwards, but it follows the way young children naturally learn language.',
  },
];

export const blogPage = {
  heading: 'Blog',
  intro: `Reflections on childhood, learning and life at our school from our founder, ${school.founder.name}.`,
  ...readMoreLabels,
  notFound: 'Post not found.',
};
