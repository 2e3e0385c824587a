import { Link } from 'wouter';
import type { PageProps } from '../app/pageRegistry';
import { usePageData } from '../app/pageData';
import { FaqBrowser } from '../features/faq/FaqBrowser';
import { PageHeader } from '../ui/PageHeader';

export default function FaqPage({ route }: PageProps) {
  const { page, categories, defaultCategory } = usePageData('faq', route);
  const { title, description, contactPrompt } = page;
  return (
    <>
      <PageHeader title={title} intro={description} />
      <div className="section">
        <div className="container">
          <FaqBrowser categories={categories} defaultCategory={defaultCategory} />
          <p className="faq__contact">
            {contactPrompt.text} <Link href={contactPrompt.path}>{contactPrompt.linkLabel}</Link>
          </p>
        </div>
      </div>
    </>
  );
}
