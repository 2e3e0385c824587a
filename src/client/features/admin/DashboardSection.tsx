import { useEffect, useRef, type ReactNode } from 'react';
import { pageTitle } from '#shared/seo.ts';

/** "Spam — Staff Dashboard | school": the tab and the history list name the section. */
export function sectionTitle(label: string): string {
  return pageTitle(`${label} — Staff Dashboard`);
}

type DashboardSectionProps = {
  /** Its heading and its part of the document title. */
  title: string;
  /** What the section shows, where it holds several pages (a part of the site content): named first in the document title. */
  page?: string | undefined;
  /** Asked as the section opens: reached from the menu, its heading takes focus, so a screen reader says where the person is. */
  arrivedByMenu: () => boolean;
  children: ReactNode;
};

/** One section of the dashboard at its own address: its title, its heading and what it holds. */
export function DashboardSection({ title, page, arrivedByMenu, children }: DashboardSectionProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = sectionTitle(page ? `${page} — ${title}` : title);
  }, [title, page]);
  useEffect(() => {
    if (arrivedByMenu()) headingRef.current?.focus();
    // Only on arrival: the section keeps the person's place afterwards.
  }, []);
  return (
    <section className="admin-section" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title" className="admin-section__title" ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}
