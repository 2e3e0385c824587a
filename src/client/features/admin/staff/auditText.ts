import { enquiryStatusLabels, type EnquiryStatus } from '#shared/dashboard/index.ts';
import type { AuditEntry } from '#shared/staff/auditTrail.ts';
import { roleLabels, type StaffRole } from '#shared/staff/roles.ts';
import { kindTexts } from '#client/features/admin/common/enquiryView.ts';
import { stageLabels, type AdmissionStage } from '#shared/admissions/stages.ts';
import { holidayDayText } from '#shared/admissions/holidays.ts';

const stageText = (value: unknown) =>
  typeof value === 'string' && value in stageLabels ? stageLabels[value as AdmissionStage] : String(value);
const statusText = (value: unknown) =>
  typeof value === 'string' && value in enquiryStatusLabels
    ? enquiryStatusLabels[value as EnquiryStatus]
    : String(value);

/** The Parents' Corner's records an entry names by number (never a parent's name: the trail outlives an erasure). */
const parentsCornerRecords = [
  ['familyId', 'Family'],
  ['guardianId', 'Parent'],
  ['noticeId', 'Notice'],
  ['eventId', 'Event'],
  ['documentId', 'Document'],
] as const;

const audienceWords = { all: 'to every family', class: 'to one class', program: 'to one program' } as const;

/** An operator's command on the server that made the entry (`npm run staff:add`), if one did. */
const commandOf = ({ details }: Pick<AuditEntry, 'details'>) =>
  typeof details.by === 'string' && details.by.startsWith('npm run') ? details.by : undefined;

/** Who acted: the account, or the command on the server. */
export function auditActorText(entry: Pick<AuditEntry, 'actor' | 'details'>): string {
  return entry.actor ?? commandOf(entry) ?? 'Unknown account';
}

/**
 * What an entry acted on, in words: "Admission Form #12: Yet to respond to Responded", "14 rows",
 * "Kala Murugan, Office" (another account, named by `accountName`), "Sat 5 Dec 2026: Founders' Day".
 */
export function auditDetailsText(
  { action, accountId, details }: Pick<AuditEntry, 'action' | 'accountId' | 'details'>,
  accountName: (id: number) => string | undefined = () => undefined,
): string {
  const parts: string[] = [];
  const other =
    typeof details.accountId === 'number' && details.accountId !== accountId
      ? accountName(details.accountId)
      : undefined;
  if (other !== undefined) parts.push(other);
  if (action === 'account-created' && typeof details.role === 'string' && details.role in roleLabels)
    parts.push(roleLabels[details.role as StaffRole]);
  const { kind, id } = details;
  if ((kind === 'contact' || kind === 'admission') && typeof id === 'number')
    parts.push(`${kindTexts[kind].tabLabel} #${id}`);
  if (kind === 'all') parts.push('Both forms');
  if (action === 'status-change') parts.push(`${statusText(details.from)} to ${statusText(details.to)}`);
  if (action === 'stage-change') parts.push(`${stageText(details.from)} to ${stageText(details.to)}`);
  if (action === 'stage-change' && details.withReason === true) parts.push('with a reason');
  if ((action === 'holiday-added' || action === 'holiday-removed') && typeof details.day === 'string')
    parts.push(`${holidayDayText(details.day)}: ${String(details.name)}`);
  if (typeof details.rows === 'number') parts.push(details.rows === 1 ? '1 row' : `${details.rows} rows`);
  if (details.searched === true) parts.push('with a search');
  if (typeof details.found === 'number')
    parts.push(details.found === 1 ? '1 enquiry found' : `${details.found} enquiries found`);
  if (typeof details.enquiries === 'number')
    parts.push(details.enquiries === 1 ? '1 enquiry' : `${details.enquiries} enquiries`);
  if (typeof details.families === 'number' && details.families > 0)
    parts.push(details.families === 1 ? '1 Parents’ Corner family' : `${details.families} Parents’ Corner families`);
  for (const [key, word] of parentsCornerRecords)
    if (typeof details[key] === 'number') parts.push(`${word} #${details[key]}`);
  if (typeof details.enquiryId === 'number') parts.push(`from ${kindTexts.admission.tabLabel} #${details.enquiryId}`);
  if (typeof details.className === 'string') parts.push(`to class ${details.className}`);
  if (typeof details.audience === 'string' && details.audience in audienceWords)
    parts.push(audienceWords[details.audience as keyof typeof audienceWords]);
  if (details.withFile === true) parts.push('with its PDF');
  if (details.emailed === true) parts.push('sent by email');
  if (typeof details.emails === 'number') parts.push(details.emails === 1 ? '1 email' : `${details.emails} emails`);
  return parts.join(', ');
}
