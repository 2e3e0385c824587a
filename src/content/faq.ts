/**
 * Frequently asked questions, grouped in seven categories.
 * Facts such as ages, hours and terms come from school.ts and programs.ts; the phones, email and
 * office hours are the ones the office published (decision 0032).
 */
import { admissionSteps } from './admissions';
import { joinWithAnd, numberWord, ADMISSIONS_YEAR } from './format';
import { cambridgeFromClass, programs } from './programs';
import { school, schoolDayText } from './school';
import type { SchoolContact } from './schoolFacts';

export type FaqCategoryId =
  'montessori' | 'admission' | 'curriculum' | 'schedule' | 'facilities' | 'policies' | 'parents';

export type FaqItem = { question: string; answer: string };

export type FaqCategory = { id: FaqCategoryId; name: string; items: FaqItem[] };

const { toddler, primary, elementary, adolescent } = programs;

export const faqCategories = ({
  phones: [admissionsPhone, officePhone],
  email,
  officeHoursLongText,
}: SchoolContact): FaqCategory[] => [
  {
    id: 'montessori',
    name: 'Montessori Education',
    items: [
      {
        question: 'What is Montessori education?',
        answer:
          'Montessori is an approach to education developed by Dr Maria Montessori and refined over more than a century. Children learn by working with carefully designed materials in a prepared environment, choosing their work within clear limits, while trained guides observe and introduce new lessons when each child is ready.',
      },
      {
        question: 'How is a Montessori classroom different from a conventional one?',
        answer:
          'Instead of rows of desks facing a teacher, you will find low shelves, tables and floor rugs where children work alone or in small groups. Ages are mixed, lessons are given individually or in small groups, and children have long, uninterrupted periods to concentrate. Progress is followed through observation rather than marks.',
      },
      {
        question: 'What age groups does the school serve?',
        answer: `We have four communities: the ${toddler.title} (${toddler.ageBand.label}), the ${primary.title} (${primary.ageBand.label}), the ${elementary.title} (${elementary.ageBand.label}, ${elementary.classes}) and the ${adolescent.title} (${adolescent.ageBand.label}, ${adolescent.classes}).`,
      },
      {
        question: 'Why do you mix ages in one classroom?',
        answer:
          'In a three-year age span, younger children learn by watching older ones, and older children deepen their understanding by helping. Each child stays with the same guide for several years, which builds trust, and children are free to move ahead or take more time without being labeled ahead or behind.',
      },
      {
        question: 'Will my child be ready for a conventional school or board examinations later?',
        answer: `Yes. Montessori children are used to working independently, managing their time and asking good questions, which helps in any setting. From ${cambridgeFromClass} our ${adolescent.title} follows the Cambridge curriculum, with homework and assessments, leading towards IGCSE.`,
      },
    ],
  },
  {
    id: 'admission',
    name: 'Admission Process',
    items: [
      {
        question: 'When can my child join?',
        answer: `We welcome admissions in ${numberWord(school.terms.length)} intake terms each year, beginning in ${school.termsLabel}. Places depend on availability in each community, so we recommend enquiring early. Admissions are now open for ${ADMISSIONS_YEAR}.`,
      },
      {
        question: 'What are the steps in the admission process?',
        answer: `There are ${numberWord(admissionSteps.length)} simple steps: ${joinWithAnd(admissionSteps.map((step) => step.title))}. You can start by filling in the admission enquiry form on this website.`,
      },
      {
        question: 'How does admission to the Toddler Community work?',
        answer: `Children aged ${toddler.ageBand.label} can join the ${toddler.title} after a readiness check. This is a relaxed visit where you and your child spend time in the toddler room while our guide observes how your child moves, communicates and separates, and we talk about routines at home. It is not a test; it simply helps us decide together whether now is the right time.`,
      },
      {
        question: 'Is there an entrance test?',
        answer:
          'No. We do not hold entrance examinations. Every family visits the school and meets our guides, and for older children we also look at reports from their previous school so that we can plan any support they may need.',
      },
      {
        question: 'My child is moving from another school. How long will it take to settle in?',
        answer: `Every child is different, but a child transferring from a conventional school usually takes ${school.transferSettlingPeriod} to adjust fully to the freedom and responsibility of a Montessori classroom. Guides watch closely during this time and keep you informed, and we ask families to be patient and to stay in close touch.`,
      },
      {
        question: 'Which documents will I need?',
        answer:
          "You will need your child's birth certificate, immunization record, recent passport-size photographs, address proof and, for children moving from another school, a transfer certificate and recent reports. We send the full list with the confirmation email.",
      },
    ],
  },
  {
    id: 'curriculum',
    name: 'Curriculum',
    items: [
      {
        question: 'What will my child learn in Primary?',
        answer: `In the ${primary.title} (${primary.ageBand.label}) children work across practical life, sensorial, language, mathematics and cultural studies. Most children leave Primary reading, writing and working confidently with numbers, having learned through hands-on materials rather than worksheets.`,
      },
      {
        question: 'What is Cosmic Education?',
        answer: `Cosmic Education is the heart of our ${elementary.title} (${elementary.classes}). It begins with five Great Lessons, stories about the universe, life, humans, writing and numbers, and invites children to see how every subject connects. Children follow their questions into research projects while building strong skills in language, mathematics and science.`,
      },
      {
        question: 'Which curriculum do you follow for older children?',
        answer: `Since ${school.cambridgeFromYear}, our ${adolescent.title} has followed the Cambridge curriculum from ${cambridgeFromClass}, combined with Montessori adolescent work such as the micro-economy, seminars and community service. Students have homework and regular assessments, and the program leads towards IGCSE.`,
      },
      {
        question: 'Which languages are taught?',
        answer:
          'English is the language of the classroom. Children hear Tamil through songs and stories from the Toddler Community onwards, and from Class 1 Tamil and Hindi are taught as additional languages.',
      },
      {
        question: 'How do you assess progress without exams in the early years?',
        answer: `Guides observe every child daily and keep detailed records of lessons given and skills mastered. Elementary children also keep work journals and portfolios. We share progress in written reports and at parent-teacher conferences held ${school.parentTeacherConferences.label}. Formal assessments begin with the Cambridge curriculum in the ${adolescent.title}.`,
      },
      {
        question: 'Do children get homework?',
        answer: `Younger children do not get homework; we encourage reading together, cooking, gardening and unhurried play at home. In the Elementary years children may bring home reading and small research tasks, and from ${cambridgeFromClass} regular homework is part of the Cambridge curriculum.`,
      },
    ],
  },
  {
    id: 'schedule',
    name: 'School Schedule',
    items: [
      {
        question: 'What are the school hours?',
        answer: `The school day runs ${schoolDayText}. Please plan to arrive a few minutes early so that your child can begin the morning calmly.`,
      },
      {
        question: 'Do you offer an extended day?',
        answer: `Yes. For working families we offer an extended day, ${school.extendedDay.label}. Extended-day children have a quiet, home-like space with a rest corner, snacks, books, garden time and supervised play.`,
      },
      {
        question: 'When is the school office open?',
        answer: `The school office is open ${officeHoursLongText}. You can call us on ${officePhone.display} or write to ${email}.`,
      },
      {
        question: 'Do toddlers attend the full school day?',
        answer:
          'Toddlers begin with short mornings during settling-in and build up gradually, guided by how your child is coping. Many toddlers stay until after lunch and a rest; we agree the right rhythm with each family.',
      },
      {
        question: 'When does the academic year begin and what are the holidays?',
        answer: `The academic year begins in ${school.terms[0]}, with further intake terms in ${joinWithAnd(school.terms.slice(1))}. Classes break for summer from late April to the end of May, and there are shorter breaks around Deepavali, Christmas and Pongal. The full calendar is shared in the Parents' Corner.`,
      },
    ],
  },
  {
    id: 'facilities',
    name: 'Facilities',
    items: [
      {
        question: 'What is the campus like?',
        answer:
          'Our Perungudi campus has light-filled classrooms for each community, a library, a science and art studio, a woodwork workshop and a large shaded garden with vegetable beds, a sandpit and climbing areas.',
      },
      {
        question: 'Do you provide meals?',
        answer:
          'Yes. Our kitchen prepares a fresh vegetarian lunch and two snacks every day using seasonal ingredients, some of which come from our own garden. Children help to set tables, serve and clean up.',
      },
      {
        question: 'Is school transport available?',
        answer:
          'We run school vans with a trained attendant on routes along OMR from Thoraipakkam to Sholinganallur and to Velachery, Taramani and Pallikaranai. Routes are reviewed each term depending on demand.',
      },
      {
        question: 'How do you keep children safe?',
        answer:
          'All visitors sign in at reception, children are released only to authorized adults, and staff are trained in pediatric first aid. The campus has CCTV at entrances and common areas, and our materials and furniture are checked regularly.',
      },
      {
        question: 'Do children spend time outdoors?',
        answer:
          'Every day. Children garden, climb, dig, run and observe nature in our garden, and the outdoor space is planned as carefully as the classrooms.',
      },
    ],
  },
  {
    id: 'policies',
    name: 'Policies',
    items: [
      {
        question: 'What is the adult-to-child ratio?',
        answer:
          'Each community has at least two trained adults. The Toddler Community has one adult for every five children, Primary one for every twelve, and Elementary and Adolescent classes are kept small so that every child is known well.',
      },
      {
        question: 'How do you handle behavior and discipline?',
        answer:
          'We use positive guidance, not punishment or rewards. Guides set clear, consistent limits, model courtesy, and help children name their feelings and repair mistakes. We work closely with families when a child needs extra support.',
      },
      {
        question: 'What if my child is unwell?',
        answer:
          'Please keep your child at home if they have a fever, a contagious illness or have been unwell in the past 24 hours, and inform the office. If a child becomes ill at school, we will call you to collect them.',
      },
      {
        question: 'Do children use screens at school?',
        answer:
          'Not in the early years. Elementary children use computers occasionally for research with a guide, and in the Adolescent Pathway students learn to use digital tools responsibly as part of their studies. Personal phones are not allowed during the school day.',
      },
      {
        question: 'How are fees paid?',
        answer:
          "Fees are paid term-wise by bank transfer. The current fee structure is available in the Parents' Corner and from the school office, and a sibling concession is available.",
      },
    ],
  },
  {
    id: 'parents',
    name: 'Parent Resources',
    items: [
      {
        question: 'How will I know how my child is doing?',
        answer: `We hold parent-teacher conferences ${school.parentTeacherConferences.label}, send written progress reports and share regular updates from the classroom. You are always welcome to ask for a meeting with your child's guide.`,
      },
      {
        question: 'Can I observe my child in the classroom?',
        answer:
          'Yes. Once your child has settled, we invite parents to book a quiet observation session. Watching a Montessori classroom at work is the best way to understand what your child does all day.',
      },
      {
        question: "What is the Parents' Corner?",
        answer:
          "The Parents' Corner on our website holds upcoming events, notices, the school calendar, the parent handbook and forms. Please contact the school administration for your login details.",
      },
      {
        question: 'How can I support Montessori at home?',
        answer:
          "Simple changes help a lot: a low hook for your child's bag, a small jug they can pour from, time to dress themselves and real jobs in the kitchen. We run parent education evenings through the year on topics such as independence, reading and screen time.",
      },
      {
        question: 'Who should I contact with a question?',
        answer: `For admissions, call ${admissionsPhone.display}; for everything else, call the school office on ${officePhone.display} or email ${email}. The office is open ${officeHoursLongText}.`,
      },
    ],
  },
];

export const defaultFaqCategory: FaqCategoryId = 'montessori';

export const faqPage = {
  title: 'Frequently Asked Questions',
  description:
    'Answers to the questions parents ask us most often, from how Montessori works to school hours, admissions and fees. If you cannot find what you are looking for, we are happy to help.',
  contactPrompt: { text: 'Still have a question?', linkLabel: 'Contact us', path: '/contact' },
};
