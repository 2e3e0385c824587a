import type { PageProps } from '../app/pageRegistry';
import { usePageData } from '../app/pageData';
import { TestimonialsCarousel } from '../features/testimonials/TestimonialsCarousel';
import { CallToAction } from '../ui/CallToAction';
import { PageHeader } from '../ui/PageHeader';

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
