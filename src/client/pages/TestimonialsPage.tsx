import type { PageProps } from '#client/app/pageRegistry.ts';
import { usePageData } from '#client/app/pageData.tsx';
import { TestimonialsCarousel } from '#client/features/testimonials/TestimonialsCarousel.tsx';
import { CallToAction } from '#client/ui/CallToAction.tsx';
import { PageHeader } from '#client/ui/PageHeader.tsx';

export default function TestimonialsPage({ route }: PageProps) {
  const { page, testimonials } = usePageData('testimonials', route);
  const { heading, intro, cta } = page;
  const [enquiry, contact] = cta.links;
  return (
    <>
      <PageHeader title={heading} intro={intro} />
      <div className="section">
        <div className="container">
          <TestimonialsCarousel testimonials={testimonials} />
        </div>
      </div>
      {enquiry && contact && <CallToAction title={cta.title} text={cta.text} actions={[enquiry, contact]} />}
    </>
  );
}
