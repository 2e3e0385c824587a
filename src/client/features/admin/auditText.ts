import { enquiryStatusLabels, type EnquiryStatus } from '../../../shared/dashboard';
import type { AuditEntry } from '../../../shared/staff/auditTrail';
import { kindTexts } from './enquiryView';

const statusText = (value: unknown) => (typeof value === 'string' && value in enquiryStatusLabels ? enquiryStatusLabels[value as EnquiryStatus] : String(value));

/** What an entry acted on, in words: "Admission Form #12: Yet to respond to Responded", "14 rows". */
export function auditDetailsText({ action, details }: Pick<AuditEntry, 'action' | 'details'>): string {
  const parts: string[] = [];
  const { kind, id } = details;
  if ((kind === 'contact' || kind === 'admission') && typeof id === 'number') parts.push(`${kindTexts[kind].tabLabel} #${id}`);
  if (kind === 'all') parts.push('Both forms');
  if (action === 'status-change') parts.push(`${statusText(details.from)} to ${statusText(details.to)}`);
  if (typeof details.rows === 'number') parts.push(details.rows === 1 ? '1 row' : `${details.rows} rows`);
  if (details.searched === true) parts.push('with a search');
  if (typeof details.found === 'number') parts.push(details.found === 1 ? '1 enquiry found' : `${details.found} enquiries found`);
  if (typeof details.enquiries === 'number') parts.push(details.enquiries === 1 ? '1 enquiry' : `${details.enquiries} enquiries`);
  if (details.emailed === true) parts.push('sent by email');
  if (typeof details.emails === 'number') parts.push(details.emails === 1 ? '1 email' : `${details.emails} emails`);
  if (typeof details.by === 'string' && details.by.startsWith('npm run')) parts.push(`on the server (${details.by})`);
  return parts.join(', ');
}
