import { useEffect, useRef, type ComponentType } from 'react';
import { Link } from 'wouter';
import { DocumentsPane } from './DocumentsPane';
import { EventsPane } from './EventsPane';
import { FamiliesPane } from './FamiliesPane';
import { NoticesPane } from './NoticesPane';
import type { PaneProps } from './paneProps';
import './parentsCorner.css';

type Pane = { segment: string; label: string; Pane: ComponentType<PaneProps> };

/** The section's panes, each at /admin/parents-corner/<segment>, in the order of their links; the first opens at the section's own address. */
const panes: Pane[] = [
  { segment: 'families', label: 'Families', Pane: FamiliesPane },
  { segment: 'notices', label: 'Notices', Pane: NoticesPane },
  { segment: 'events', label: 'Events', Pane: EventsPane },
  { segment: 'documents', label: 'Documents', Pane: DocumentsPane },
];

const paneAt = (segment: string | undefined) =>
  segment === undefined ? panes[0] : panes.find((pane) => pane.segment === segment);

/** The pane's name for the document title, or undefined at an address with no pane. */
export const paneTitle = (segment: string | undefined) => paneAt(segment)?.label;

/**
 * The office's Parents' Corner (issue 37): its panes are links to their own addresses (decision
 * 0036's pattern, as the site content's parts), the open one marked `aria-current="page"`, so Back
 * and Forward move between them and a pane can be linked to.
 */
export function ParentsCornerPanel({ pane, sectionPath }: { pane: string | undefined; sectionPath: string }) {
  const current = paneAt(pane);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    // Following a pane's link moves focus to its heading; the section's arrival is DashboardSection's.
    if (opened.current) headingRef.current?.focus();
    opened.current = true;
  }, [current]);
  return (
    <div className="parents-office">
      <nav className="parents-office__panes" aria-label="Parts of the Parents’ Corner">
        <ul>
          {panes.map((each) => (
            <li key={each.segment}>
              <Link
                href={`${sectionPath}/${each.segment}`}
                aria-current={each === current ? 'page' : undefined}
                className="parents-office__pane-link"
              >
                {each.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {current ? (
        <>
          <h3 className="panel-subtitle" ref={headingRef} tabIndex={-1}>
            {current.label}
          </h3>
          <current.Pane headingRef={headingRef} />
        </>
      ) : (
        <p className="admin-section__plain">
          The Parents’ Corner has no such part.{' '}
          <Link href={`${sectionPath}/${panes[0]?.segment ?? ''}`}>See the families</Link>
        </p>
      )}
    </div>
  );
}
