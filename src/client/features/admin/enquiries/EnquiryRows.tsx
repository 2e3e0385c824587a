import { useEffect, useId, useState } from 'react';
import { ChevronDownIcon } from '#client/ui/icons/index.tsx';
import { WhatsappIcon } from '#client/ui/icons/WhatsappIcon.tsx';
import { ContactLinks } from './ContactLinks';
import { HistoryPanel } from './HistoryPanel';
import { RemarksEditor } from './RemarksEditor';
import { StatusControls } from './StatusControls';
import { useEnquiryParts } from '#client/features/admin/common/enquiryParts.tsx';
import { contactLinks, type EnquiryView } from '#client/features/admin/common/enquiryView.ts';
import { useEnquiryActions } from './useEnquiryActions';
import { Fact } from '#client/features/admin/common/Fact.tsx';
import { ParentName } from '#client/features/admin/common/ParentName.tsx';
import { useOpenedByAddress } from '#client/features/admin/common/enquiryAddress.ts';
import { headlineFields } from '#shared/enquiries/enquiryFields.ts';

/** A row opens to show everything, or is open on arrival when its address names it ("Due today"); opening an unread row marks it read (on the server). */
function useRowDisclosure(view: EnquiryView, markRead: () => void) {
  const openedByAddress = useOpenedByAddress(view.id);
  const [open, setOpen] = useState(openedByAddress);
  useEffect(() => {
    if (openedByAddress && !view.isRead) markRead();
    // Once, on arrival: a later change of the row is the person's own.
  }, []);
  const toggle = () => {
    if (!open && !view.isRead) markRead();
    setOpen(!open);
  };
  return { open, toggle };
}

function NewBadge({ view }: { view: EnquiryView }) {
  return view.isRead ? null : <span className="new-badge">New</span>;
}

function OpenButton({
  view,
  open,
  toggle,
  detailsId,
}: {
  view: EnquiryView;
  open: boolean;
  toggle: () => void;
  detailsId: string;
}) {
  return (
    <button type="button" className="row-open" aria-expanded={open} aria-controls={detailsId} onClick={toggle}>
      <span className="row-open__name">{view.name}</span>
      <ChevronDownIcon size={18} className="row-open__chevron" />
    </button>
  );
}

/** The type or program, and for a child the age and parent. */
function RowSummary({ view }: { view: EnquiryView }) {
  return (
    <span className="row-person">
      <span className="topic-chip">{view.topic}</span>
      {view.childAgeText && <span>{view.childAgeText}</span>}
      {view.parentName && (
        <span>
          <ParentName view={view} />
        </span>
      )}
      {view.visitText && <span className="row-visit">Visit: {view.visitText}</span>}
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
function RowDetails({ view, inCard }: { view: EnquiryView; inCard: boolean }) {
  const { Stage, FollowUp, Invitation } = useEnquiryParts();
  return (
    <div className="row-details">
      <div className="row-details__main">
        <dl className="row-details__facts">
          {view.facts
            .filter((fact) => !(inCard && fact.name === headlineFields[view.kind].topic))
            .map((fact) => (
              <Fact key={fact.name} label={fact.label} wrap={fact.name === 'email'}>
                {fact.text}
              </Fact>
            ))}
          {view.visitText && <Fact label="Visit">{view.visitText}</Fact>}
        </dl>
        {view.programAgeNote && <p className="program-age-note">{view.programAgeNote}</p>}
        {!inCard && (
          <>
            <Stage view={view} />
            <div className="row-details__message">
              <p className="row-details__label">Message</p>
              {view.message ? (
                <p className="row-details__text">{view.message}</p>
              ) : (
                <p className="row-details__muted">No message</p>
              )}
            </div>
            <ContactLinks view={view} />
          </>
        )}
        <FollowUp view={view} />
        <Invitation view={view} />
      </div>
      <HistoryPanel view={view} headingLevel={inCard ? 4 : 3} />
    </div>
  );
}

/** Desktop: one table row, and under it the opened details. */
export function EnquiryTableRow({ view, columnCount }: { view: EnquiryView; columnCount: number }) {
  const actions = useEnquiryActions(view);
  const { open, toggle } = useRowDisclosure(view, actions.markRead);
  const detailsId = useId();
  const links = contactLinks(view);
  const rowClass = `enquiry-row${view.isRead ? '' : ' enquiry-row--unread'}${open ? ' enquiry-row--open' : ''}`;
  return (
    <>
      <tr className={rowClass}>
        <td className="enquiry-row__date">
          <time dateTime={view.createdAt}>{view.receivedText}</time>
        </td>
        <th scope="row" className="enquiry-row__name">
          <span className="enquiry-row__title">
            <OpenButton view={view} open={open} toggle={toggle} detailsId={detailsId} />
            <NewBadge view={view} />
          </span>
          <RowSummary view={view} />
        </th>
        <td className="enquiry-row__contact">
          <a href={links.email} className="enquiry-row__email">
            <EmailText email={view.email} />
          </a>
          <span className="enquiry-row__phone">
            <a href={links.call}>{view.phone}</a>
            <a href={links.whatsApp} target="_blank" rel="noopener noreferrer" className="enquiry-row__whatsapp">
              <WhatsappIcon size={18} label={`WhatsApp ${view.parentName ?? view.name} (opens in a new tab)`} />
            </a>
          </span>
        </td>
        <td className="enquiry-row__message">
          <span className="clamp">{view.message || '—'}</span>
        </td>
        <td className="enquiry-row__status">
          <StatusControls view={view} actions={actions} />
        </td>
        <td className="enquiry-row__remarks">
          <RemarksEditor
            remarks={view.remarks}
            subject={view.name}
            saving={actions.savingRemarks}
            onSave={actions.saveRemarks}
          />
        </td>
      </tr>
      <tr className={`enquiry-details${view.isRead ? '' : ' enquiry-details--unread'}`} id={detailsId} hidden={!open}>
        <td colSpan={columnCount}>{open && <RowDetails view={view} inCard={false} />}</td>
      </tr>
    </>
  );
}

/** Phone: one card per enquiry, everything stacked. */
export function EnquiryCard({ view }: { view: EnquiryView }) {
  const { Stage } = useEnquiryParts();
  const actions = useEnquiryActions(view);
  const { open, toggle } = useRowDisclosure(view, actions.markRead);
  const detailsId = useId();
  return (
    <li className={`enquiry-card${view.isRead ? '' : ' enquiry-card--unread'}`}>
      <div className="enquiry-card__top">
        <time dateTime={view.createdAt}>{view.receivedText}</time>
        <NewBadge view={view} />
      </div>
      <h3 className="enquiry-card__name">
        <OpenButton view={view} open={open} toggle={toggle} detailsId={detailsId} />
      </h3>
      <p className="enquiry-card__meta">
        <RowSummary view={view} />
      </p>
      {view.message && <p className={`enquiry-card__message${open ? '' : ' clamp'}`}>{view.message}</p>}
      <ContactLinks view={view} />
      <div className="enquiry-card__work">
        <StatusControls view={view} actions={actions} />
        <Stage view={view} />
        <div className="enquiry-card__remarks">
          <span className="enquiry-card__label" aria-hidden="true">
            Remarks
          </span>
          <RemarksEditor
            remarks={view.remarks}
            subject={view.name}
            saving={actions.savingRemarks}
            onSave={actions.saveRemarks}
          />
        </div>
      </div>
      <div id={detailsId} hidden={!open}>
        {open && <RowDetails view={view} inCard />}
      </div>
    </li>
  );
}
