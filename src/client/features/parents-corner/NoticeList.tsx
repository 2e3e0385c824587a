import { useId, useState } from 'react';
import type { ParentNotice } from '#shared/parents/parentsCorner.ts';
import { DateText } from '#client/ui/DateText.tsx';
import { schoolMoment } from './schoolClock';
import { portalTexts } from './texts';

/**
 * The notices, newest first (as the server sends them): each title is a disclosure button
 * (aria-expanded) that opens its text, and opening an unread one marks it read. "New" is in the
 * button's name, so it is heard as it is seen.
 */
export function NoticeList({
  notices,
  emptyText,
  onOpened,
}: {
  notices: ParentNotice[];
  emptyText: string;
  onOpened: (notice: ParentNotice) => void;
}) {
  if (notices.length === 0) return <p>{emptyText}</p>;
  return (
    <ul className="portal-notices" role="list">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} onOpened={onOpened} />
      ))}
    </ul>
  );
}

function NoticeItem({ notice, onOpened }: { notice: ParentNotice; onOpened: (notice: ParentNotice) => void }) {
  const [open, setOpen] = useState(false);
  const textId = useId();
  const toggle = () => {
    if (!open && notice.unread) onOpened(notice);
    setOpen(!open);
  };
  return (
    <li className={notice.unread ? 'portal-notices__item portal-notices__item--unread' : 'portal-notices__item'}>
      <h4 className="portal-notices__title">
        <button
          type="button"
          className="portal-notices__toggle"
          aria-expanded={open}
          aria-controls={textId}
          onClick={toggle}
        >
          <span>{notice.title}</span>
          {notice.unread ? <span className="portal-notices__badge">{portalTexts.view.unread}</span> : null}
        </button>
      </h4>
      <p className="portal-notices__date">
        <DateText date={schoolMoment(notice.publishAt).day} />
      </p>
      {/* The server's Markdown, as for blog posts: its safe subset only. */}
      <div
        id={textId}
        className="portal-notices__text"
        hidden={!open}
        dangerouslySetInnerHTML={{ __html: notice.html }}
      />
    </li>
  );
}
