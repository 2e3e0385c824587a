import { Link } from 'wouter';
import { sitemapGroups, sitemapPage } from '../../content/navigation';

export default function SitemapPage() {
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>{sitemapPage.heading}</h1>
          <p>{sitemapPage.intro}</p>
        </div>
      </header>
      <section className="section">
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
      </section>
    </>
  );
}
