import { Link } from 'wouter';
import type { PageProps } from '#client/app/pageRegistry.ts';
import { usePageData } from '#client/app/pageData.tsx';
import { PageHeader } from '#client/ui/PageHeader.tsx';

export default function SitemapPage({ route }: PageProps) {
  const { page, groups } = usePageData('sitemap', route);
  return (
    <>
      <PageHeader title={page.heading} intro={page.intro} />
      <div className="section">
        <nav className="container sitemap" aria-label={page.heading}>
          {groups.map((group) => (
            <div key={group.title} className="sitemap__group card">
              <h2 className="sitemap__title">{group.title}</h2>
              <ul className="sitemap__links" role="list">
                {group.links.map((link) => (
                  <li key={link.path}>
                    <Link href={link.path}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
    </>
  );
}
