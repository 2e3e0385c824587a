import { Link } from 'wouter';
import { useSiteData } from '../siteData';
import { DesktopNav } from './DesktopNav';
import { MobileMenu } from './MobileMenu';

export function SiteHeader() {
  const { school } = useSiteData();
  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link href="/" className="site-header__brand">
          <img src="/favicon.svg" alt="" width={44} height={44} className="site-header__logo" />
          <span className="site-header__name">{school.name}</span>
        </Link>
        <DesktopNav />
        <MobileMenu />
      </div>
    </header>
  );
}
