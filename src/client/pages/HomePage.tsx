import type { PageProps } from '#client/app/pageRegistry.ts';
import { usePageData } from '#client/app/pageData.tsx';
import { useSiteData } from '#client/app/siteData.tsx';
import { HeroCarousel } from '#client/features/home/HeroCarousel.tsx';
import {
  ClosingCtaSection,
  IntroSection,
  ProgramsTeaserSection,
  TestimonialTeaserSection,
  WhyChooseUsSection,
} from '#client/features/home/HomeSections.tsx';

export default function HomePage({ route }: PageProps) {
  const { home, heroSlides, whyChooseUs, testimonials } = usePageData('home', route);
  const { school } = useSiteData();
  return (
    <>
      {/* The slides take turns, so the page's one h1 names the school and stays put. */}
      <h1 className="visually-hidden">{school.name}</h1>
      <HeroCarousel slides={heroSlides} labels={home} />
      <IntroSection intro={home.intro} />
      <WhyChooseUsSection whyChooseUs={whyChooseUs} />
      <ProgramsTeaserSection programsTeaser={home.programsTeaser} />
      {testimonials.featured && (
        <TestimonialTeaserSection heading={testimonials.heading} featuredTestimonial={testimonials.featured} />
      )}
      <ClosingCtaSection closingCta={home.closingCta} />
    </>
  );
}
