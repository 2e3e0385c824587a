import type { ReactNode } from 'react';
import { Toaster } from '#client/ui/toast/Toaster.tsx';
import { AdmissionsBanner } from './layout/AdmissionsBanner';
import { BackToTop } from './layout/BackToTop';
import { MAIN_CONTENT_ID, PAGE_TOP_ID } from './layout/constants';
import { SiteFooter } from './layout/SiteFooter';
import { SiteHeader } from './layout/SiteHeader';
import { shellText } from './layout/shellText';

/** The shell every page sits in: skip link, admissions banner, header, footer, back-to-top and toasts. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <div id={PAGE_TOP_ID} className="page-top" tabIndex={-1} />
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {shellText.skipLink}
      </a>
      <AdmissionsBanner />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <BackToTop />
      <Toaster />
    </>
  );
}
