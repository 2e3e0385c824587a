/** The Programs page: each program's description, curriculum boxes and About box, and the page's own texts. */
import {
  adolescentClasses,
  cambridgeFromClass,
  elementaryClasses,
  programs,
  type InfoBox,
  type Program,
  type ProgramName,
} from './programs';
import { school } from './school';

export type ProgramDetails = {
  /** Two paragraphs */
  description: string[];
  curriculum: InfoBox[];
  about: InfoBox;
};

/** What the Programs page shows of each program's facts in programs.ts (its tab and heading). */
export type ProgramFacts = Pick<Program, 'label' | 'title' | 'ageBand' | 'classes'>;

const factsOf = ({ label, title, ageBand, classes }: Program): ProgramFacts => ({ label, title, ageBand, classes });

/** The facts the Programs page receives with its details; the forms, which also name the programs, read programs.ts. */
export const programFacts: Record<ProgramName, ProgramFacts> = {
  toddler: factsOf(programs.toddler),
  primary: factsOf(programs.primary),
  elementary: factsOf(programs.elementary),
  adolescent: factsOf(programs.adolescent),
};

export const programDetails: Record<ProgramName, ProgramDetails> = {
  toddler: {
    description: [
      'Our Toddler Community is a calm, home-like room where our youngest children take their first steps towards independence. Low shelves, child-sized furniture and real glass and ceramic objects invite toddlers to pour, sweep, wash, dress themselves and help prepare snack: the everyday work through which they build concentration, coordination and confidence.',
      'Guides care for a small group with warmth and patience, supporting language, movement and early friendships. Families join through a gentle readiness check and a gradual settling-in, so that every child begins school feeling safe and known.',
    ],
    curriculum: [
      {
        title: 'Practical Life',
        text: 'Pouring, spooning, washing hands, wiping tables and watering plants. Simple, real tasks that strengthen the hand and lengthen concentration.',
      },
      {
        title: 'Language Explosion',
        text: 'Names of real objects, picture cards, songs, rhymes and unhurried conversation feed the rapid growth of vocabulary at this age.',
      },
      {
        title: 'Movement & Coordination',
        text: 'Climbing, carrying, balancing and walking the line help toddlers master their bodies, indoors and out in the garden.',
      },
      {
        title: 'Sensorial Discovery',
        text: 'Puzzles, shape sorters, textured fabrics and sound shakers refine the senses and give early experience of order and comparison.',
      },
      {
        title: 'Care of Self',
        text: 'Putting on shoes, hanging up a bag and toilet learning are supported step by step, with patience and without pressure.',
      },
      {
        title: 'Music, Art & Nature',
        text: 'Percussion, finger painting, play dough and daily time among the plants and birds of our garden.',
      },
    ],
    about: {
      title: 'About the Toddler Community',
      text: `Children aged ${programs.toddler.ageBand.label} join the Toddler Community after a readiness check, a relaxed visit where we meet your child and talk about routines, sleep and communication. The day follows a predictable rhythm of work, snack, outdoor time and songs, and children move on to Primary when they are ready, usually around their third birthday.`,
    },
  },
  primary: {
    description: [
      "In the Children's House, children aged three to six share a beautifully prepared room for a three-year cycle. Younger children watch and learn from older ones; older children consolidate what they know by helping. Each morning includes a long, uninterrupted work period where children choose from materials they have been shown and return to them as often as they need.",
      'Concrete materials lead gradually to abstract understanding: children trace sandpaper letters before they write, and build quantities with golden beads before they add on paper. By the end of the cycle most children read, write and work confidently with numbers into the thousands, and, just as importantly, they know how to concentrate, cooperate and finish what they begin.',
    ],
    curriculum: [
      {
        title: 'Practical Life',
        text: 'Food preparation, flower arranging, polishing and care of the environment build independence, order and fine motor control.',
      },
      {
        title: 'Sensorial',
        text: 'The Pink Tower, color tablets and sound cylinders help children sort, compare and name what they perceive.',
      },
      {
        title: 'Language',
        text: 'Spoken language, phonetic sounds, sandpaper letters and the moveable alphabet lead naturally to writing and then reading.',
      },
      {
        title: 'Mathematics',
        text: 'Number rods, spindle boxes and golden beads make the decimal system visible and lay firm foundations for arithmetic.',
      },
      {
        title: 'Cultural Studies',
        text: 'Puzzle maps, land and water forms, botany and zoology cards, music and art open a window onto the wider world.',
      },
      {
        title: 'Grace & Courtesy',
        text: 'Greeting a visitor, waiting for a turn and offering help are practiced through short, joyful role-plays.',
      },
    ],
    about: {
      title: "About the Children's House",
      text: 'Children join Primary from around three years, often moving up from our Toddler Community. The third year of the cycle, the kindergarten year, is a special time: children become leaders in the room, take on bigger projects and prepare, with great pride, for the move to Elementary.',
    },
  },
  elementary: {
    description: [
      'Elementary children are full of questions: Why? How big? Who was first? Our Elementary Community answers that curiosity with Cosmic Education, a story-led curriculum that begins with the universe and the coming of life, and connects every subject to the one before it. Children work in small groups, plan their own research and present what they discover to their friends.',
      'Alongside the big picture, we take the basics seriously. Children build fluency in reading, writing, arithmetic and geometry through hands-on materials and regular practice, and they keep work journals that help them, and us, follow their progress. Trips outside school, from the Pallikaranai marsh to local museums, bring their research to life.',
    ],
    curriculum: [
      {
        title: 'The Great Lessons',
        text: 'Five dramatic stories, from the birth of the universe to the story of numbers, spark questions that children explore all year.',
      },
      {
        title: 'Mathematics & Geometry',
        text: 'Bead chains, the checkerboard and fraction insets lead from concrete work to written algorithms, fractions, area and volume.',
      },
      {
        title: 'Language & Literature',
        text: 'Grammar boxes, word study, creative writing and book clubs in English, with Tamil and Hindi taught as additional languages.',
      },
      {
        title: 'History & Geography',
        text: 'Timelines of life and of people, fundamental needs, maps and the story of India and the world, told through research and projects.',
      },
      {
        title: 'Science & Botany',
        text: 'Simple experiments, classification, the parts of plants and animals and long-term observations in our school garden.',
      },
      {
        title: 'Going Out',
        text: 'Small groups plan and make their own visits to libraries, museums, markets and nature reserves to answer their questions.',
      },
    ],
    about: {
      title: 'About the Elementary Community',
      text: `Our Elementary Community covers ${elementaryClasses} in two mixed-age rooms, lower and upper elementary. Guides meet each child regularly to plan and review work, and progress is recorded through observation, work journals and portfolios shared with families at our parent-teacher conferences ${school.parentTeacherConferences.label}.`,
    },
  },
  adolescent: {
    description: [
      `Adolescents need real work, real responsibility and a community that takes them seriously. Our Adolescent Pathway, running since ${school.cambridgeFromYear}, combines the Montessori adolescent program with the Cambridge curriculum from ${cambridgeFromClass}, so that students grow in independence while building a firm academic foundation for IGCSE.`,
      'Students study English, Mathematics, Science, Humanities and Global Perspectives in seminars and small workshops, and they also run a small enterprise, care for the garden, plan trips and take on roles that matter to the school. Homework and regular assessments help them learn to manage their time and prepare, without fear, for the examinations ahead.',
    ],
    curriculum: [
      {
        title: 'Cambridge Core Subjects',
        text: 'English, Mathematics and Science taught to the Cambridge Lower Secondary framework, with clear goals for each term.',
      },
      {
        title: 'Humanities & Global Perspectives',
        text: 'History, geography and current affairs explored through debate, research and collaborative projects.',
      },
      {
        title: 'Micro-Economy',
        text: 'Students grow, make and sell produce and crafts, keeping accounts and sharing decisions as a team.',
      },
      {
        title: 'Study Skills & Assessment',
        text: 'Homework, regular assessments and guided reflection build the habits students will need for IGCSE and beyond.',
      },
      {
        title: 'Arts, Music & Movement',
        text: 'Drama, music, visual arts, yoga and sport give space for expression, health and fun.',
      },
      {
        title: 'Community & Service',
        text: 'Mentoring younger children, caring for the campus and local projects help adolescents find their place in society.',
      },
    ],
    about: {
      title: 'About the Adolescent Pathway',
      text: `The Adolescent Pathway covers ${adolescentClasses}. From ${cambridgeFromClass}, students follow the Cambridge curriculum with homework and assessments that lead, step by step, towards IGCSE. Small class sizes mean every student is known well, and a dedicated mentor meets each student and family regularly to review progress and goals.`,
    },
  },
};

export const programsPage = {
  heading: 'Our Programs',
  /** Used when the page is reached through /curriculum or a program tab */
  alternateHeading: 'Curriculum',
  intro:
    'Four communities, one continuous journey. Each program is designed around what children of that age need most, and each prepares them gently for the next.',
  localSeo: {
    title: 'Montessori Programs in Perungudi, OMR',
    text: `${school.name} welcomes families from Perungudi, Thoraipakkam, Kandanchavadi, Karapakkam, Sholinganallur, Velachery, Taramani and Pallikaranai. Our campus just off OMR, near the Perungudi MRTS station, is an easy drive for families across south Chennai looking for an authentic Montessori education from the toddler years through Class 8.`,
  },
  applyCta: {
    title: 'Ready to apply?',
    text: `We welcome new children in three terms each year, starting in ${school.termsLabel}. Send us an enquiry and we will invite you for a visit.`,
    buttonLabel: 'Admission Enquiry',
    path: '/admission-enquiry',
  },
};
