import type { PageProps } from '#client/app/pageRegistry.ts';
import { usePageData } from '#client/app/pageData.tsx';
import { ParentsCorner } from '#client/features/parents-corner/ParentsCorner.tsx';
import { PageHeader } from '#client/ui/PageHeader.tsx';

export default function ParentsCornerPage({ route }: PageProps) {
  const { texts } = usePageData('parentsCorner', route);
  return (
    <>
      <PageHeader title={texts.heading} intro={texts.intro} />
      <section className="section">
        <div className="container">
          <ParentsCorner texts={texts} />
        </div>
      </section>
    </>
  );
}
