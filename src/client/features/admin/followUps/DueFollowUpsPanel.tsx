import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { dueCountText, dueText, type DueFollowUp } from '#shared/admissions/dueFollowUps.ts';
import { isClosingStage, stageLabels } from '#shared/admissions/stages.ts';
import { telUrl, whatsAppUrl } from '#shared/contactUrls.ts';
import { PhoneIcon } from '#client/ui/icons/index.tsx';
import { WhatsappIcon } from '#client/ui/icons/WhatsappIcon.tsx';
import { admissionEnquiryPath } from '#client/features/admin/common/enquiryAddress.ts';
import { formatSchoolDay } from '#shared/schoolTimes.ts';
import { useTRPC } from '#client/trpc.tsx';
import { SchoolHolidays } from './SchoolHolidays';
import './followUps.css';
import { LoadFailed } from '#client/features/admin/common/LoadFailed.tsx';

/** One tap to call the parent or WhatsApp them: the section is the office's call list. */
function CallLinks({ entry }: { entry: DueFollowUp }) {
  return (
    <p className="due-entry__calls">
      <a
        className="due-entry__call"
        href={telUrl(entry.phone)}
        aria-label={`Call ${entry.parentName} on ${entry.phone}`}
      >
        <PhoneIcon size={18} />
        <span>{entry.phone}</span>
      </a>
      <a
        className="due-entry__call"
        href={whatsAppUrl(entry.phone)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`WhatsApp ${entry.parentName} on ${entry.phone} (opens in a new tab)`}
      >
        <WhatsappIcon size={18} />
        <span>WhatsApp</span>
      </a>
    </p>
  );
}

function DueEntry({ entry, today }: { entry: DueFollowUp; today: string }) {
  const overdue = entry.followUpOn < today;
  return (
    <li className={`due-entry${overdue ? ' due-entry--overdue' : ''}`}>
      <p className="due-entry__when">
        <time dateTime={entry.followUpOn}>{dueText(entry.followUpOn, today)}</time>
      </p>
      <h3 className="due-entry__name">
        <Link href={admissionEnquiryPath(entry)}>{entry.childName}</Link>
      </h3>
      <p className="due-entry__facts">
        <span>Parent: {entry.parentName}</span>
        <span className={`due-entry__stage${isClosingStage(entry.stage) ? ' due-entry__stage--closed' : ''}`}>
          {stageLabels[entry.stage]}
        </span>
      </p>
      <CallLinks entry={entry} />
    </li>
  );
}

/** Admission enquiries whose follow-up is today or past, overdue first (issue 24). */
function DueList() {
  const trpc = useTRPC();
  const due = useQuery(trpc.followUps.due.queryOptions());
  if (due.isError)
    return (
      <LoadFailed
        message="The follow-ups due could not be loaded. Please try again."
        onRetry={() => void due.refetch()}
      />
    );
  if (!due.data)
    return (
      <p className="admin-section__plain" role="status">
        Loading…
      </p>
    );
  const { today, total, entries } = due.data;
  if (total === 0) return <p className="admin-section__plain">Nothing is due today, {formatSchoolDay(today)}.</p>;
  return (
    <div className="due-list">
      <p className="due-list__summary">
        {total === 1 ? '1 follow-up' : `${dueCountText(total)} follow-ups`} due today, {formatSchoolDay(today)}, overdue
        first.
        {total > entries.length && ` The first ${entries.length} are shown.`}
      </p>
      <ul className="due-list__entries">
        {entries.map((entry) => (
          <DueEntry key={entry.id} entry={entry} today={today} />
        ))}
      </ul>
    </div>
  );
}

/** "Due today": what is due, then the school's holidays, which the suggested dates skip. */
export function DueFollowUpsPanel() {
  return (
    <div className="due-follow-ups">
      <DueList />
      <SchoolHolidays />
    </div>
  );
}
