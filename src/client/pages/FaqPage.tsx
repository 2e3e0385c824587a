import { Link } from 'wouter';
import { faqPage } from '../../content/faq';
import { FaqBrowser } from '../features/faq/FaqBrowser';
import { PageHeader } from '../ui/PageHeader';

export default function FaqPage() {
  const { title, description, contactPrompt } = faqPage;
  return (
    <>
      <PageHeader title={title} intro={description} />
      <div className="section">
        <div className="container">
          <FaqBrowser />
          <p className="faq__contact">
            {contactPrompt.text} <Link href={contactPrompt.path}>{contactPrompt.linkLabel}</Link>
          </p>
        </div>
      </div>
    </>
  );
}
