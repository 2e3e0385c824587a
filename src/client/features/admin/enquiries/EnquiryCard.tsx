import type { ReactNode } from 'react';
import { kindTexts, type EnquiryView } from '#client/features/admin/common/enquiryView.ts';
import { Fact } from '#client/features/admin/common/Fact.tsx';

type EnquiryCardProps = {
  view: EnquiryView;
  /** The chip beside the date: the enquiry's kind, or where it is kept. */
  where: string;
  /** Facts after the phone, e.g. the status and remarks. */
  moreFacts?: ReactNode;
  /** What staff do with it: "Not spam", a tick for a data request. */
  children: ReactNode;
};

/** One enquiry read whole, as the Spam folder and Data requests show it: when, what, who, how to reach them and the message. */
export function EnquiryCard({ view, where, moreFacts, children }: EnquiryCardProps) {
  return (
    <li className="enquiry-card">
      <div className="enquiry-card__top">
        <time dateTime={view.createdAt}>{view.receivedText}</time>
        <span className="topic-chip">{where}</span>
      </div>
      <h3 className="enquiry-card__name">{view.name}</h3>
      <dl className="row-details__facts">
        <Fact label={kindTexts[view.kind].topicHeader}>{view.topic}</Fact>
        {view.parentName && <Fact label="Parent">{view.parentName}</Fact>}
        <Fact label="Email" wrap>
          {view.email}
        </Fact>
        <Fact label="Phone">{view.phone}</Fact>
        {moreFacts}
      </dl>
      {view.message ? (
        <p className="enquiry-card__message">{view.message}</p>
      ) : (
        <p className="row-details__muted">No message</p>
      )}
      {children}
    </li>
  );
}
