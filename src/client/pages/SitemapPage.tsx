import { Link } from 'wouter';
import { sitemapPage } from '../../content/navigation';
import { sitemapGroups } from '../../shared/siteNavigation';
import { PageHeader } from '../ui/PageHeader';

export default function SitemapPage() {
  return (
    <>
      <PageHeader title={sitemapPage.heading} intro={sitemapPage.intro} />
      <div className="section">
        <nav className="container sitemap" aria-label={sitemapPage.heading}>
          {sitemapGroups.map((group) => (
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
