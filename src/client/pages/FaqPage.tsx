import { Link } from 'wouter';
import { faqPage } from '../../content/faq';
import { FaqBrowser } from '../features/faq/FaqBrowser';

export default function FaqPage() {
  const { title, description, contactPrompt } = faqPage;
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>{title}</h1>
          <p>{description}</p>
        </div>
      </header>
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
