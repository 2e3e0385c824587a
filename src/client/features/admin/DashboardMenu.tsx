import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { dueCountText } from '#shared/admissions/dueFollowUps.ts';
import { roleAllows, type StaffRole } from '#shared/staff/roles.ts';
import { useTRPC } from '#client/trpc.tsx';
import { confirmLeave } from './common/leaveGuard';
import { sectionAt, sectionsFor, type SectionId } from './sections';

type Counts = Partial<Record<SectionId, { total: number | string; unread?: number }>>;

/** The enquiry totals, new ones and spam the tabs used to show, for the roles that work the enquiries. */
function useCounts(role: StaffRole): Counts {
  const trpc = useTRPC();
  const counts = useQuery(trpc.dashboard.counts.queryOptions(undefined, { enabled: roleAllows(role, 'enquiries') }));
  const due = useQuery(trpc.followUps.dueCount.queryOptions(undefined, { enabled: roleAllows(role, 'enquiries') }));
  if (!counts.data) return {};
  const { contact, admission, spam } = counts.data;
  return {
    contact,
    admission,
    spam: { total: spam },
    ...(due.data === undefined ? {} : { due: { total: dueCountText(due.data) } }),
  };
}

function Count({ total, unread }: { total: number | string; unread?: number | undefined }) {
  return (
    <>
      <span className="admin-count">
        {total}
        <span className="visually-hidden"> total</span>
      </span>
      {unread !== undefined && unread > 0 && <span className="admin-count admin-count--new">{unread} new</span>}
    </>
  );
}

/**
 * The way between the sections, saying which one is open (aria-current). `onFollow`: a link was
 * taken, so the section's heading takes focus when it opens. Unsaved work asks first.
 */
export function DashboardMenu({ role, onFollow }: { role: StaffRole; onFollow: () => void }) {
  const [location] = useLocation();
  const current = sectionAt(location)?.id;
  const counts = useCounts(role);
  const listRef = useRef<HTMLUListElement>(null);
  // The counts arrive after the menu and widen the links before the open one: it is brought into view again then.
  const countsShown = JSON.stringify(counts);
  useEffect(() => {
    // On a phone the row scrolls sideways: bring the open section into it, without moving the page.
    const list = listRef.current;
    const link = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !link || list.scrollWidth <= list.clientWidth) return;
    // The list is the links' offset parent (it is positioned): offsetLeft is within it.
    list.scrollLeft = link.offsetLeft - (list.clientWidth - link.offsetWidth) / 2;
  }, [current, countsShown]);

  function follow(event: MouseEvent<HTMLAnchorElement>, path: string) {
    // Already there: nothing to open, and no second entry in the history.
    if (location === path || !confirmLeave()) event.preventDefault();
    else onFollow();
  }

  return (
    <nav className="admin-menu" aria-label="Dashboard">
      <ul className="admin-menu__list" ref={listRef}>
        {sectionsFor(role).map((section) => {
          const count = counts[section.id];
          return (
            <li key={section.id}>
              <Link
                href={section.path}
                className="admin-menu__link"
                aria-current={section.id === current ? 'page' : undefined}
                onClick={(event) => follow(event, section.path)}
              >
                <span className="admin-menu__label">{section.label}</span>
                {count ? <Count total={count.total} unread={count.unread} /> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
