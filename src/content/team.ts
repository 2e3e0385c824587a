/** The people of the school, shown on the Our Team page. */
import { illustration, type Image } from './images';
import { school } from './school';

const [banyan, neemTree] = school.foundingSchools;

function photo(fileName: string, alt: string): Image {
  return illustration('team', fileName, alt);
}

/** The founder, also the author of the blog */
export const founder = {
  ...school.founder,
  photo: photo(
    'meenakshi-raghavan',
    'Portrait of Meenakshi Raghavan, smiling, in a green cotton saree in the school garden',
  ),
  shortBio: `Meenakshi opened the doors of ${banyan.name} in ${banyan.year} with a handful of children and a room full of handmade materials. She still spends every morning in the classrooms.`,
  fullBio: [
    'Meenakshi trained as a Montessori guide for the three-to-six age group after a decade of teaching in conventional schools, where she grew uneasy with how little room children had to move, choose and think for themselves. Watching a four-year-old spend forty minutes happily polishing a brass bowl convinced her that children, given the right environment, will choose to work hard.',
    `She founded ${banyan.name} in ${banyan.year} and guided its growth for ${school.mergerYear - banyan.year} years before leading the merger with ${neemTree.name} in ${school.mergerYear}. As Director she mentors young guides, leads parent education evenings and writes regularly for our blog.`,
    'Outside school, Meenakshi is a keen birdwatcher and can often be found at the Pallikaranai marsh at dawn with a pair of binoculars and a flask of filter coffee.',
  ],
};

/**
 * Each person as the team schema (shared/content/team.ts, the one declaration of a team member)
 * reads them: a short biography always shown, a full one of a few paragraphs behind "Read more".
 */
export const team = [
  founder,
  {
    name: 'Arun Venkatesh',
    role: 'Co-Founder & Head of Elementary',
    photo: photo(
      'arun-venkatesh',
      'Portrait of Arun Venkatesh in a blue kurta, holding a wooden bead chain in a classroom',
    ),
    shortBio: `Arun left a career in software to found ${neemTree.name} in ${neemTree.year}. He leads our Elementary Community and loves telling the Great Lessons.`,
    fullBio: [
      `Arun spent eight years as a software engineer on OMR before a visit to his niece's Montessori classroom changed his direction. He completed his Montessori elementary training and, with a small group of parents, opened ${neemTree.name} in a rented bungalow in ${neemTree.place}.`,
      `Since the two schools came together in ${school.mergerYear}, Arun has led the Elementary Community, shaped our Going Out program and worked closely with the adolescent team on the move into the Cambridge curriculum.`,
      'He is happiest with a group of nine-year-olds, a long roll of paper and a question nobody yet knows the answer to.',
    ],
  },
  {
    name: 'Shalini Iyer',
    role: 'Head of Adolescent Pathway',
    photo: photo(
      'shalini-iyer',
      'Portrait of Shalini Iyer with short hair and glasses, standing beside a science lab bench',
    ),
    shortBio:
      'Shalini leads our Adolescent Pathway and coordinates the Cambridge curriculum. She believes teenagers rise to meet real responsibility.',
    fullBio: [
      'Shalini taught science in Cambridge schools in Chennai and Bengaluru for twelve years before completing Montessori adolescent orientation. She was drawn by the idea that secondary school could be rigorous and humane at the same time.',
      `She designed our Adolescent Pathway, launched in ${school.cambridgeFromYear}, bringing together Cambridge Lower Secondary goals, seminars, the student micro-economy and a strong mentoring system.`,
    ],
  },
  {
    name: 'Priya Sundaram',
    role: 'Lead Guide, Toddler Community',
    photo: photo(
      'priya-sundaram',
      'Portrait of Priya Sundaram with a long braid, sitting on a low chair in the toddler room',
    ),
    shortBio:
      'Priya has guided toddlers for over ten years. Parents know her for her calm voice and her endless patience at the shoe rack.',
    fullBio: [
      'Priya holds a Montessori diploma for the birth-to-three age group and a degree in child development. Before joining us she worked in a parent-toddler program in Mylapore.',
      'In the Toddler Community she leads the readiness visits, supports families through settling-in and quietly makes sure every child leaves each day having done something all by themselves.',
    ],
  },
  {
    name: 'Farah Siddiqui',
    role: "Lead Guide, Primary Children's House",
    photo: photo(
      'farah-siddiqui',
      'Portrait of Farah Siddiqui in a lavender dupatta, holding a tray of sandpaper letters',
    ),
    shortBio:
      "Farah guides one of our Children's Houses and has a gift for making a room feel peaceful. She also leads our language curriculum for Primary.",
    fullBio: [
      `Farah trained as a primary Montessori guide after completing her master's degree in English literature. She has taught three-to-six-year-olds for nine years, first at ${banyan.name} and now at our Perungudi campus.`,
      "She runs our popular parent evenings on early reading and writing, and she is the person to ask for a good children's book in English, Tamil or Urdu.",
    ],
  },
  {
    name: 'Karthik Balasubramanian',
    role: 'Elementary Guide',
    photo: photo(
      'karthik-balasubramanian',
      'Portrait of Karthik Balasubramanian in a checked shirt, pointing at a hand-drawn timeline',
    ),
    shortBio: 'Karthik guides our upper elementary class and leads mathematics across the Elementary Community.',
    fullBio: [
      'Karthik studied mathematics at university and taught in a rural learning center near Tiruvannamalai before completing his Montessori elementary training.',
      'He is known for turning a simple question, such as how many grains of rice fill the classroom, into a week-long investigation, and for the chess club he runs on Friday afternoons.',
    ],
  },
  {
    name: 'Divya Ramesh',
    role: 'Learning Support Coordinator',
    photo: photo(
      'divya-ramesh',
      'Portrait of Divya Ramesh in a yellow top, seated at a small table with a child-sized chair',
    ),
    shortBio:
      'Divya works with guides and families so that every child, including those who learn differently, can thrive in the classroom.',
    fullBio: [
      'Divya is a special educator with a background in occupational therapy. She observes children across all our communities, plans individual support with guides and families, and connects parents with specialists when needed.',
      'She also leads staff training on sensory needs, early literacy difficulties and inclusive classroom practice.',
    ],
  },
  {
    name: 'Deepa Krishnan',
    role: 'Admissions & Parent Relations',
    photo: photo(
      'deepa-krishnan',
      'Portrait of Deepa Krishnan in a maroon saree, standing at the school reception desk',
    ),
    shortBio:
      'Deepa is usually the first person families meet. She handles enquiries, campus visits and everything in between.',
    fullBio: [
      `Deepa joined ${banyan.name} as a parent volunteer when her own son was in Primary, and has been part of the school office ever since. She knows the school, its families and its history better than anyone.`,
      `She answers admission enquiries, arranges visits and readiness checks, and helps new families settle in across our intake terms in ${school.termsLabel}.`,
    ],
  },
  {
    name: 'Joseph Antony',
    role: 'Garden & Workshop Mentor',
    photo: photo('joseph-antony', 'Portrait of Joseph Antony in a cap and work apron, holding a seedling tray'),
    shortBio:
      'Joseph looks after our garden and woodwork workshop, and teaches children of every age to use real tools safely.',
    fullBio: [
      'Joseph is a carpenter and lifelong gardener who grew up on a farm near Chengalpattu. He built many of the shelves and tables in our classrooms by hand.',
      'Toddlers water plants with him, elementary children build bird boxes in his workshop and adolescents run their micro-economy vegetable beds under his watchful eye.',
    ],
  },
];

export const teamPage = {
  heading: 'Our Team',
  intro:
    'Our guides are trained in Montessori education and chosen as much for their warmth and patience as for their qualifications. Together with our support and office staff, they form a close team that knows every child by name.',
  cta: {
    title: 'Meet us in person',
    text: 'The best way to know a school is to meet its people. Send us an enquiry and we will arrange a visit.',
    buttonLabel: 'Admission Enquiry',
    path: '/admission-enquiry',
  },
};
