import { formatDashboardDate, type ErasureResult } from '../../../../shared/dashboard';

const count = (number: number, one: string, many: string) => `${number} ${number === 1 ? one : many}`;

/** What an erasure took away, and how long backups still hold it, in words for the office (and for their answer to the person). */
export function erasureText({ enquiries, emails, historyEntries, backups }: ErasureResult): string {
  const erased = `Erased ${count(enquiries, 'enquiry', 'enquiries')}, ${count(emails, 'email', 'emails')} and ${count(historyEntries, 'history entry', 'history entries')}.`;
  if (backups.count === 0) return `${erased} No backup holds them.`;
  const held = `${count(backups.count, 'backup', 'backups')} taken before now still ${backups.count === 1 ? 'holds' : 'hold'} them until newer backups replace ${backups.count === 1 ? 'it' : 'them'}`;
  return backups.goneBy
    ? `${erased} ${held}, by ${formatDashboardDate(backups.goneBy)}.`
    : `${erased} ${held}: after ${count(backups.keep, 'more backup', 'more backups')}.`;
}
