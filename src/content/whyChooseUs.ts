/** The "Why Choose Us" section on the home page. */

/** Keys the UI maps to inline SVG icons */
export type FeatureIcon = 'child' | 'heart' | 'hands';

export type FeatureCard = { icon: FeatureIcon; title: string; description: string };

export type WhyChooseUs = { title: string; intro: string; cards: FeatureCard[] };

export const whyChooseUs: WhyChooseUs = {
  title: 'Why Choose Us',
  intro:
    'Parents often tell us they knew within minutes of walking in. It is the quiet hum of children at work, and the way adults kneel to listen. Here is what shapes every day at our school.',
  cards: [
    {
      icon: 'child',
      title: 'Child-Centered Approach',
      description:
        'Each child moves at their own pace. Guides observe closely, introduce the next lesson when a child is ready and step back so that learning belongs to the learner.',
    },
    {
      icon: 'heart',
      title: 'Nurturing Environment',
      description:
        'Light-filled classrooms, a shaded garden and small, mixed-age communities give children the security to take risks, make mistakes and try again.',
    },
    {
      icon: 'hands',
      title: 'Respect-Centered Culture',
      description:
        'Children, parents and staff treat one another with courtesy and trust. Kindness, honest conversations and care for shared spaces are practiced every day, not just talked about.',
    },
  ],
};
