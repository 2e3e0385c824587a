import type { EnquiryKind } from '#shared/dashboard/index.ts';
import { EnquiryCard, EnquiryTableRow } from './EnquiryRows';
import { kindTexts, type EnquiryView } from '#client/features/admin/common/enquiryView.ts';
import { useMediaQuery } from '#client/ui/useMediaQuery.ts';

/** The table needs a laptop's width for its columns; narrower screens (phones, tablets) get one card per enquiry. */
const TABLE_LAYOUT_QUERY = '(min-width: 1200px)';

const COLUMN_COUNT = 6;

type EnquiryListProps = { kind: EnquiryKind; views: EnquiryView[]; busy: boolean };

export function EnquiryList({ kind, views, busy }: EnquiryListProps) {
  const asTable = useMediaQuery(TABLE_LAYOUT_QUERY);
  const texts = kindTexts[kind];
  if (!asTable) {
    return (
      <ul className={`enquiry-cards${busy ? ' is-busy' : ''}`} aria-label={texts.tabLabel} aria-busy={busy}>
        {views.map((view) => (
          <EnquiryCard key={view.id} view={view} />
        ))}
      </ul>
    );
  }
  return (
    <div className={`enquiry-table-wrap${busy ? ' is-busy' : ''}`}>
      <table className="enquiry-table" aria-busy={busy}>
        <caption className="visually-hidden">
          {texts.tabLabel} submissions, newest first. Open a name to see the whole enquiry and its history.
        </caption>
        <thead>
          <tr>
            <th scope="col">Received</th>
            <th scope="col">{texts.nameHeader}</th>
            <th scope="col">Contact</th>
            <th scope="col">Message</th>
            <th scope="col">Status</th>
            <th scope="col">Remarks</th>
          </tr>
        </thead>
        <tbody>
          {views.map((view) => (
            <EnquiryTableRow key={view.id} view={view} columnCount={COLUMN_COUNT} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
