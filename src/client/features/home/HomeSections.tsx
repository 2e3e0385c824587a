import { Link } from 'wouter';
import type { homePage } from '#content/home.ts';
import type { Testimonial } from '#shared/content/testimonials.ts';
import type { WhyChooseUs } from '#content/whyChooseUs.ts';
import { ArrowRightIcon } from '#client/ui/icons/index.tsx';
import { FeatureIcon } from './FeatureIcon';
import { homeText } from './homeText';

type HomeTexts = typeof homePage;

export function IntroSection({ intro }: { intro: HomeTexts['intro'] }) {
  return (
    <section className="section home-intro" aria-labelledby="home-intro-title">
      <div className="container home-intro__inner">
        <h2 id="home-intro-title">{intro.title}</h2>
        <p className="lead">{intro.text}</p>
      </div>
    </section>
  );
}

export function WhyChooseUsSection({ whyChooseUs }: { whyChooseUs: WhyChooseUs }) {
  return (
    <section className="section section--sand" aria-labelledby="why-choose-us-title">
      <div className="container">
        <div className="section__header">
          <h2 id="why-choose-us-title">{whyChooseUs.title}</h2>
          <p className="lead">{whyChooseUs.intro}</p>
        </div>
        <ul className="grid grid--3 home-cards">
          {whyChooseUs.cards.map((card) => (
            <li key={card.title} className="card home-feature">
              <span className="home-feature__icon">
                <FeatureIcon name={card.icon} />
              </span>
              <h3>{card.title}</h3>
              <p>{card.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function ProgramsTeaserSection({ programsTeaser }: { programsTeaser: HomeTexts['programsTeaser'] }) {
  return (
    <section className="section" aria-labelledby="home-programs-title">
      <div className="container">
        <div className="section__header">
          <h2 id="home-programs-title">{programsTeaser.title}</h2>
          <p className="lead">{programsTeaser.text}</p>
        </div>
        <ul className="grid grid--4 home-cards">
          {programsTeaser.items.map((program) => (
            <li key={program.name} className="card home-program">
              <h3>{program.title}</h3>
              <p className="home-program__age">{program.ageLabel}</p>
              <p>{program.summary}</p>
              <Link href={program.path} className="home-program__link">
                {homeText.programLink}
                <span className="visually-hidden">{` ${homeText.programLinkContext} ${program.title}`}</span>
                <ArrowRightIcon size={16} />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function TestimonialTeaserSection({
  heading,
  featuredTestimonial,
}: {
  heading: string;
  featuredTestimonial: Testimonial;
}) {
  return (
    <section className="section section--sand" aria-labelledby="home-testimonial-title">
      <div className="container home-quote">
        <h2 id="home-testimonial-title">{heading}</h2>
        <figure className="home-quote__figure">
          <blockquote>
            <p>{featuredTestimonial.text}</p>
          </blockquote>
          <figcaption>
            {featuredTestimonial.name}, {featuredTestimonial.role}
          </figcaption>
        </figure>
        <Link href="/testimonials" className="button button--outline">
          {homeText.testimonialsLink}
        </Link>
      </div>
    </section>
  );
}

export function ClosingCtaSection({ closingCta }: { closingCta: HomeTexts['closingCta'] }) {
  return (
    <section className="section section--primary home-cta" aria-labelledby="home-cta-title">
      <div className="container home-cta__inner">
        <h2 id="home-cta-title">{closingCta.title}</h2>
        <p>{closingCta.text}</p>
        <div className="button-row home-cta__buttons">
          <Link href={closingCta.primary.path} className="button button--light">
            {closingCta.primary.label}
          </Link>
          <Link href={closingCta.secondary.path} className="button button--outline home-cta__secondary">
            {closingCta.secondary.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
