import type { RetentionStatus } from '#shared/dashboard/index.ts';

const count = (number: number, one: string, many: string) => `${number} ${number === 1 ? one : many}`;

/** What the next purge will take, in words, e.g. "It will erase 2 closed enquiries and 1 copy of a sent email (...)". */
export function retentionText({ closedEnquiryMonths, sentMailDays, due }: RetentionStatus): string {
  const kept = `closed enquiries are kept ${closedEnquiryMonths} months after the office last changed them, copies of sent emails ${sentMailDays} days`;
  const parts = [
    due.closedEnquiries > 0 ? count(due.closedEnquiries, 'closed enquiry', 'closed enquiries') : undefined,
    due.sentMailCopies > 0 ? count(due.sentMailCopies, 'copy of a sent email', 'copies of sent emails') : undefined,
  ].filter((part) => part !== undefined);
  return parts.length > 0
    ? `It will erase ${parts.join(' and ')} (${kept}).`
    : `Nothing will be old enough to erase then (${kept}).`;
}
