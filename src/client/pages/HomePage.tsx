import { school } from '../../content/school';
import { HeroCarousel } from '../features/home/HeroCarousel';
import {
  ClosingCtaSection,
  IntroSection,
  ProgramsTeaserSection,
  TestimonialTeaserSection,
  WhyChooseUsSection,
} from '../features/home/HomeSections';

export default function HomePage() {
  return (
    <>
      {/* The slides take turns, so the page's one h1 names the school and stays put. */}
      <h1 className="visually-hidden">{school.name}</h1>
      <HeroCarousel />
      <IntroSection />
      <WhyChooseUsSection />
      <ProgramsTeaserSection />
      <TestimonialTeaserSection />
      <ClosingCtaSection />
    </>
  );
}
