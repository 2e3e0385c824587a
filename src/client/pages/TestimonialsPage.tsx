import { testimonialsPage } from '../../content/testimonials';
import { TestimonialsCarousel } from '../features/testimonials/TestimonialsCarousel';
import { CallToAction } from '../ui/CallToAction';

export default function TestimonialsPage() {
  const { heading, intro, cta } = testimonialsPage;
  const [enquiry, contact] = cta.links;
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>{heading}</h1>
          <p>{intro}</p>
        </div>
      </header>
      <div className="section">
        <div className="container">
          <TestimonialsCarousel />
        </div>
      </div>
      {enquiry && contact && <CallToAction title={cta.title} text={cta.text} actions={[enquiry, contact]} />}
    </>
  );
}
