/** What parents say about the school, shown in the Testimonials carousel. */

export type Testimonial = {
  name: string;
  role: string;
  text: string;
};

export const testimonials: Testimonial[] = [
  {
    name: 'Nisha Mehta',
    role: 'Parent',
    text: 'When we first visited, our daughter Anaya was twenty months old and clung to my saree the whole time. I was sure she was too young for school. What changed my mind was the way Priya spoke to her: she crouched down, said hello, and then simply let Anaya watch a little boy washing a plate. No one rushed her. The settling-in was gradual, and on the days she cried, the guides sent me a short message an hour later so I knew she had calmed down. Within a few months she was pouring her own water, putting on her sandals and telling us, very firmly, "I can do it myself." At home she now wants to help with everything, from wiping the table to watering the tulsi plant. The toddler room is calm in a way that I did not think was possible with a room full of two-year-olds. We have recommended the school to every family in our apartment complex in Thoraipakkam, and two of them have already joined.',
  },
  {
    name: 'Ganesh Rajan',
    role: 'Parent',
    text: 'Our son has been in the Primary class for two years. He comes home full of stories about the golden beads and the map of Asia, and he has started reading to his little sister at bedtime. The teachers know him so well.',
  },
  {
    name: 'Aishwarya Sundar',
    role: 'Parent',
    text: 'We moved our son Vishnu to the school in Class 3 after two unhappy years in a large school where he was constantly told he was too slow and too talkative. I will be honest: the first weeks were confusing for him. He was not used to choosing his own work, and for a while he wandered more than he worked. The guides had told us this could take anywhere from a few weeks to a few months, and they were right. Arun and Karthik were patient, met us regularly and kept offering him small, interesting challenges. Around the fourth month something clicked. He became fascinated with the timeline of life and spent weeks researching dinosaurs and early mammals, writing pages without being asked. His handwriting, his confidence and his friendships all improved. What I appreciate most is that nobody at this school ever made him feel like a problem to be solved. He is now in Class 5, he loves mathematics, and he still talks about the day his group took a bus to the Government Museum by themselves, with a guide trailing politely behind. We only wish we had found this place sooner.',
  },
  {
    name: 'Mohammed Irfan',
    role: 'Parent',
    text: 'The parent education evenings have been as valuable for us as the school has been for our twins. We finally understand why they insist on doing things slowly and by themselves, and we have stopped rushing them every morning.',
  },
  {
    name: 'Sangeetha Pillai',
    role: 'Parent',
    text: 'Choosing a school for a twelve-year-old is nerve-wracking. We wanted our daughter Meera to keep the independence and curiosity she had developed in Montessori, but we also worried about board examinations and the years ahead. The Adolescent Pathway has given us both. Meera follows the Cambridge curriculum, has homework most days and takes regular assessments, yet the atmosphere is nothing like a coaching class. Her group runs a small business selling vegetables and handmade notebooks at the school gate, and she has learned more about percentages and teamwork from keeping its accounts than from any textbook. Shalini meets us every term with a clear picture of where Meera is strong and where she needs to push herself. Meera has become more organized, more articulate and, most importantly, she still loves going to school. As parents, we feel heard: our questions are answered honestly and quickly. We are confident that she will be well prepared for IGCSE, and even more confident that she is growing into a thoughtful young person.',
  },
  {
    name: 'Vikram Reddy',
    role: 'Parent',
    text: 'From the office staff to the garden mentor, everyone here treats children with real respect. Our daughter talks about Joseph and his seedlings every single day.',
  },
];

export const testimonialsPage = {
  heading: 'What Parents Say',
  intro: 'The families who share our classrooms tell the story of our school better than we can.',
  cta: {
    title: 'See it for yourself',
    text: 'Come and visit a classroom, meet our guides and ask all your questions.',
    links: [
      { label: 'Admission Enquiry', path: '/admission-enquiry' },
      { label: 'Contact Us', path: '/contact' },
    ],
  },
};
