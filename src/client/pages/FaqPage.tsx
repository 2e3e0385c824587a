import { Link } from 'wouter';
import type { PageProps } from '#client/app/pageRegistry.ts';
import { usePageData } from '#client/app/pageData.tsx';
import { FaqBrowser } from '#client/features/faq/FaqBrowser.tsx';
import { PageHeader } from '#client/ui/PageHeader.tsx';

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
