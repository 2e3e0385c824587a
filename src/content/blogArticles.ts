/**
 * The full text of each blog post, shown by "Read more" and on the post's own page. Kept apart
 * from blog.ts (titles, dates, excerpts) so that pages listing posts do not download every article.
 */
import { school } from './school';

const [banyan, neemTree] = school.foundingSchools;

/** Paragraphs of each post, by slug; every post in blog.ts has one (the content tests check). */
export const blogArticles: Readonly<Record<string, readonly string[]>> = {
  'why-mixed-age-classrooms-work': [
    'In a mixed-age room, the youngest children have a constant, living preview of what comes next. They watch an older friend build the Pink Tower or read a story aloud, and they long to do it too. That longing is a far more powerful motivator than any sticker chart.',
    'The older children gain just as much. Explaining something to a younger friend is the surest way to understand it properly yourself, and being looked up to builds a quiet, responsible kind of confidence. I have seen shy five-year-olds blossom the moment a new three-year-old needs help zipping up a bag.',
    'There is a social lesson too. In the real world we rarely spend our days only with people born in the same year as us. A mixed-age classroom is a small society where patience, leadership and kindness are practiced every day.',
  ],
  'our-first-cambridge-term': [
    'Our biggest question was whether a structured international curriculum would sit comfortably alongside Montessori work. Five months in, I can say that the two fit together better than we dared hope. The Cambridge framework gives clear goals for each term; the Montessori approach gives students ownership of how they get there.',
    'Homework and assessments were new for some of our students, and the first few weeks involved some grumbling. But our adolescents are used to planning their own work, and most of them now treat homework as one more project to organize. Their first assessments showed strong understanding, especially in science and mathematics.',
    'What pleased me most was the seminar I sat in on last week: twelve students debating whether a city should grow upwards or outwards, quoting data they had gathered about Chennai themselves. That is the kind of thinking we hope will carry them through IGCSE and far beyond.',
  ],
  'farm-trip': [
    'The trip began months ago in the classroom, when a group studying the fundamental needs of humans wanted to know where their rice actually came from. They wrote letters, planned the route and made a list of questions for the farmer, who patiently answered every one.',
    "On the day, the children transplanted paddy seedlings, collected eggs, helped to make a batch of compost and tasted sugarcane straight from the field. Several children who refuse vegetables at home ate a second helping of the farmer's greens at lunch.",
    'Back at school they have been writing reports, drawing maps of the farm and calculating how many plants it takes to feed one family for a year. Our own garden beds have never had so many enthusiastic volunteers.',
  ],
  'help-me-to-do-it-myself': [
    'Between eighteen months and three years, children are driven to become independent. When we do things for them that they could do themselves, however kindly, we send a quiet message that they are not yet capable.',
    'At home, small changes make a big difference: a low hook for the school bag, a step stool at the basin, a small jug for water and clothes that are easy to pull on. Allow a little extra time in the morning, and resist the urge to step in at the first struggle.',
    'Independence does not mean leaving a child alone. It means preparing the environment, showing slowly and clearly how something is done, and then trusting the child to try.',
  ],
  'grace-and-courtesy': [
    "Grace and courtesy lessons are short role-plays in which a guide shows, with exaggerated care, how to greet a visitor, interrupt politely or walk around someone's work on the floor. Children then take turns to practice, and they love it.",
    'Because these lessons happen at a calm moment rather than in the middle of a conflict, children can take them in without feeling blamed. When a real situation comes up later, they already know what to do.',
    'Parents can do the same at home. Instead of correcting a child in front of guests, practice greetings and table manners together beforehand, as a game. You may be surprised at how proudly your child performs.',
  ],
  'two-schools-one-family': [
    `${banyan.name} began in ${banyan.year} with a dream of authentic Montessori education in our corner of Chennai. In ${neemTree.year}, ${neemTree.name} opened in ${neemTree.place} with the same dream for older children. For years our families moved between the two schools, and our teachers trained together.`,
    'Coming together means that a child can now travel the whole Montessori journey, from the toddler room to the upper elementary years and soon beyond, in one community, on one campus, with guides who share the same values.',
    `Our name, ${school.shortName}, means forest. A forest is a place where many different living things grow together, each at its own pace, supporting one another. We can think of no better picture of the school we hope to be.`,
  ],
  'screens-and-young-children': [
    "Young children learn through their hands and through real relationships. Even the best educational app cannot replace the experience of pouring water, feeling the weight of a stone or reading a book on a parent's lap.",
    'We suggest keeping screens out of the daily routine for children under six, and for older children making screen time a planned, shared activity rather than a default. Screens off during meals and an hour before bed helps everyone, adults included.',
    'Most of all, children need something better to do. A basket of real tools, a corner of the balcony to garden in, or a job in the kitchen will usually win over a screen, given a little time.',
  ],
  'returning-to-the-classroom': [
    'We have spread out our tables, moved much of our work into the garden and added handwashing stations at every entrance. Children have taken to the new routines with remarkable seriousness, reminding even the adults to wash their hands.',
    'Some children needed time to find their rhythm again, and that is perfectly natural. Our guides are giving fresh presentations of familiar materials and plenty of time for friends to simply be together.',
    'Thank you, families, for your patience and trust over this long year. We could not have done it without you.',
  ],
  'montessori-during-lockdown': [
    'The kitchen is the best Montessori classroom there is. Children can wash vegetables, peel boiled eggs, roll chapatis, lay the table and sort the cutlery. These tasks build exactly the concentration and coordination our practical life materials are designed for.',
    'Try to keep a gentle rhythm to the day, with time for work, outdoor play on the terrace or balcony, rest and reading. Children feel safer when they know what comes next, especially at uncertain times.',
    'Our guides are sending weekly ideas and short video messages so that children can still see familiar faces. Please remember to be kind to yourselves too. You are parents, not teachers, and a calm, loving home is the best lesson of all.',
  ],
  'the-power-of-practical-life': [
    'Practical life activities have a clear beginning, middle and end, and a clear purpose that a young child can understand. As children repeat them, they build control of movement, concentration and the satisfaction of finishing a job well.',
    'Those same skills are the foundation of everything that follows. The child who can carefully pour water without spilling has the hand control to hold a pencil, and the child who can follow the steps of washing a cloth can follow the steps of a sum.',
  ],
  'writing-before-reading': [
    'Children first learn the sounds of letters by tracing sandpaper letters with their fingers while saying the sound aloud. Soon they can put sounds together to build words with the moveable alphabet, long before their hands are ready to write with a pencil.',
    "Building a word means going from a sound in your head to a symbol on the mat, which is easier than decoding someone else's writing. Reading usually follows a few months later, often in a sudden, joyful burst that we call the explosion into reading.",
    'At home, the best preparation is simply talking, singing and reading together every day, and playing sound games such as "I spy something beginning with mmm".',
  ],
};

export function articleFor(slug: string): readonly string[] {
  return blogArticles[slug] ?? [];
}
