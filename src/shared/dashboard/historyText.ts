import type { EnquiryHistoryEntry } from './rows';
import { enquiryStatusLabels, type EnquiryStatus } from '#shared/enquiries/status.ts';
import { stageLabels, type AdmissionStage } from '#shared/admissions/stages.ts';
import { formatSchoolDay, formatSchoolTime } from '#shared/schoolTimes.ts';

function statusText(value: string): string {
  return value in enquiryStatusLabels ? enquiryStatusLabels[value as EnquiryStatus] : value;
}

function stageText(value: string): string {
  return value in stageLabels ? stageLabels[value as AdmissionStage] : value;
}

/** One change in words, e.g. "Status changed from Yet to respond to Responded". */
export function describeChange(
  entry: Pick<EnquiryHistoryEntry, 'field' | 'oldValue' | 'newValue' | 'reason' | 'visitAt'> & { changedAt?: string },
): string {
  switch (entry.field) {
    case 'status':
      return `Status changed from ${statusText(entry.oldValue)} to ${statusText(entry.newValue)}`;
    case 'isRead':
      return entry.newValue === 'true' ? 'Marked as read' : 'Marked as unread';
    case 'remarks':
      if (!entry.oldValue) return `Remarks added: “${entry.newValue}”`;
      if (!entry.newValue) return `Remarks cleared (were “${entry.oldValue}”)`;
      return `Remarks changed from “${entry.oldValue}” to “${entry.newValue}”`;
    case 'stage': {
      const moved = `Stage changed from ${stageText(entry.oldValue)} to ${stageText(entry.newValue)}`;
      if (entry.visitAt)
        return `${moved} by the family, online, for ${formatSchoolTime(entry.visitAt, { from: entry.changedAt })}`;
      return entry.reason ? `${moved}: “${entry.reason}”` : moved;
    }
    case 'followUp':
      return entry.newValue ? `Follow-up set for ${formatSchoolDay(entry.newValue)}` : 'Follow-up cleared';
  }
}
