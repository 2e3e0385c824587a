import { testimonialsPage } from '../../content/testimonials';
import { TestimonialsCarousel } from '../features/testimonials/TestimonialsCarousel';
import { CallToAction } from '../ui/CallToAction';
import { PageHeader } from '../ui/PageHeader';

export default function TestimonialsPage() {
  const { heading, intro, cta } = testimonialsPage;
  const [enquiry, contact] = cta.links;
  return (
    <>
      <PageHeader title={heading} intro={intro} />
      <div className="section">
        <div className="container">
          <TestimonialsCarousel />
        </div>
      </div>
      {enquiry && contact && <CallToAction title={cta.title} text={cta.text} actions={[enquiry, contact]} />}
    </>
  );
}
