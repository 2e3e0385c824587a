import { useId, useState } from 'react';
import { ChevronDownIcon, WhatsappIcon } from '../../ui/icons';
import { ContactLinks } from './ContactLinks';
import { HistoryPanel } from './HistoryPanel';
import { RemarksEditor } from './RemarksEditor';
import { StatusControls } from './StatusControls';
import { contactLinks, kindTexts, type SubmissionView } from './submissionView';
import { useSubmissionActions } from './useSubmissionActions';
import { Fact } from './Fact';

/** A row opens to show everything; opening an unread row marks it read (on the server). */
function useRowDisclosure(view: SubmissionView, markRead: () => void) {
  const [open, setOpen] = useState(false);
  const toggle = () => {
    if (!open && !view.isRead) markRead();
    setOpen(!open);
  };
  return { open, toggle };
}

function NewBadge({ view }: { view: SubmissionView }) {
  return view.isRead ? null : <span className="new-badge">New</span>;
}

function OpenButton({ view, open, toggle, detailsId }: { view: SubmissionView; open: boolean; toggle: () => void; detailsId: string }) {
  return (
    <button type="button" className="row-open" aria-expanded={open} aria-controls={detailsId} onClick={toggle}>
      <span className="row-open__name">{view.name}</span>
      <ChevronDownIcon size={18} className="row-open__chevron" />
    </button>
  );
}

/** The type or program, and for a child the age and parent. */
function RowSummary({ view }: { view: SubmissionView }) {
  return (
    <span className="row-person">
      <span className="topic-chip">{view.topic}</span>
      {view.childAgeText && <span>{view.childAgeText}</span>}
      {view.parentName && <span>Parent: {view.parentName}</span>}
    </span>
  );
}

/** An address may break after the @ rather than anywhere inside a word. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/**
 * Everything about a row that the list leaves out: the contact facts, the history and, in the
 * table, the whole message and the ways to reply (a card already shows those).
 */
function RowDetails({ view, inCard }: { view: SubmissionView; inCard: boolean }) {
  return (
    <div className="row-details">
      <div className="row-details__main">
        <dl className="row-details__facts">
          {view.parentName && <Fact label="Parent">{view.parentName}</Fact>}
          {view.childAgeText && (
            <Fact label="Child's age">
              {view.childAgeText}
              {view.birthDateText && <span className="row-details__muted"> ({view.birthDateText})</span>}
            </Fact>
          )}
          <Fact label="Email" wrap>
            {view.email}
          </Fact>
          <Fact label="Phone">{view.phone}</Fact>
          {!inCard && <Fact label={kindTexts[view.kind].topicHeader}>{view.topic}</Fact>}
        </dl>
        {!inCard && (
          <>
            <div className="row-details__message">
              <p className="row-details__label">Message</p>
              {view.message ? <p className="row-details__text">{view.message}</p> : <p className="row-details__muted">No message</p>}
            </div>
            <ContactLinks view={view} />
          </>
        )}
      </div>
      <HistoryPanel view={view} headingLevel={inCard ? 4 : 3} />
    </div>
  );
}

/** Desktop: one table row, and under it the opened details. */
export function SubmissionTableRow({ view, columnCount }: { view: SubmissionView; columnCount: number }) {
  const actions = useSubmissionActions(view);
  const { open, toggle } = useRowDisclosure(view, actions.markRead);
  const detailsId = useId();
  const links = contactLinks(view);
  const rowClass = `submission-row${view.isRead ? '' : ' submission-row--unread'}${open ? ' submission-row--open' : ''}`;
  return (
    <>
      <tr className={rowClass}>
        <td className="submission-row__date">
          <time dateTime={view.createdAt}>{view.receivedText}</time>
        </td>
        <th scope="row" className="submission-row__name">
          <span className="submission-row__title">
            <OpenButton view={view} open={open} toggle={toggle} detailsId={detailsId} />
            <NewBadge view={view} />
          </span>
          <RowSummary view={view} />
        </th>
        <td className="submission-row__contact">
          <a href={links.email} className="submission-row__email">
            <EmailText email={view.email} />
          </a>
          <span className="submission-row__phone">
            <a href={links.call}>{view.phone}</a>
            <a href={links.whatsApp} target="_blank" rel="noopener noreferrer" className="submission-row__whatsapp">
              <WhatsappIcon size={18} label={`WhatsApp ${view.parentName ?? view.name} (opens in a new tab)`} />
            </a>
          </span>
        </td>
        <td className="submission-row__message">
          <span className="clamp">{view.message || '—'}</span>
        </td>
        <td className="submission-row__status">
          <StatusControls view={view} actions={actions} />
        </td>
        <td className="submission-row__remarks">
          <RemarksEditor remarks={view.remarks} subject={view.name} saving={actions.savingRemarks} onSave={actions.saveRemarks} />
        </td>
      </tr>
      <tr className={`submission-details${view.isRead ? '' : ' submission-details--unread'}`} id={detailsId} hidden={!open}>
        <td colSpan={columnCount}>{open && <RowDetails view={view} inCard={false} />}</td>
      </tr>
    </>
  );
}

/** Phone: one card per enquiry, everything stacked. */
export function SubmissionCard({ view }: { view: SubmissionView }) {
  const actions = useSubmissionActions(view);
  const { open, toggle } = useRowDisclosure(view, actions.markRead);
  const detailsId = useId();
  return (
    <li className={`submission-card${view.isRead ? '' : ' submission-card--unread'}`}>
      <div className="submission-card__top">
        <time dateTime={view.createdAt}>{view.receivedText}</time>
        <NewBadge view={view} />
      </div>
      <h3 className="submission-card__name">
        <OpenButton view={view} open={open} toggle={toggle} detailsId={detailsId} />
      </h3>
      <p className="submission-card__meta">
        <RowSummary view={view} />
      </p>
      {view.message && <p className={`submission-card__message${open ? '' : ' clamp'}`}>{view.message}</p>}
      <ContactLinks view={view} />
      <div className="submission-card__work">
        <StatusControls view={view} actions={actions} />
        <div className="submission-card__remarks">
          <span className="submission-card__label" aria-hidden="true">
            Remarks
          </span>
          <RemarksEditor remarks={view.remarks} subject={view.name} saving={actions.savingRemarks} onSave={actions.saveRemarks} />
        </div>
      </div>
      <div id={detailsId} hidden={!open}>
        {open && <RowDetails view={view} inCard />}
      </div>
    </li>
  );
}
