import { formatDashboardDate, type ErasureResult } from '#shared/dashboard/index.ts';

const count = (number: number, one: string, many: string) => `${number} ${number === 1 ? one : many}`;

const familiesText = (families: number) => count(families, 'Parents’ Corner family', 'Parents’ Corner families');

/** "2 enquiries and 1 Parents’ Corner family": a person's items found or ticked, leaving out a kind there is none of. */
export function itemsText(enquiries: number, families: number): string {
  return [enquiries > 0 ? count(enquiries, 'enquiry', 'enquiries') : '', families > 0 ? familiesText(families) : '']
    .filter(Boolean)
    .join(' and ');
}

/** What an erasure took away, and how long backups still hold it, in words for the office (and for their answer to the person). */
export function erasureText({ enquiries, emails, historyEntries, families, backups }: ErasureResult): string {
  const erasedEnquiries =
    enquiries > 0 || families === 0
      ? `Erased ${count(enquiries, 'enquiry', 'enquiries')}, ${count(emails, 'email', 'emails')} and ${count(historyEntries, 'history entry', 'history entries')}.`
      : '';
  const erasedFamilies =
    families > 0
      ? `Erased ${familiesText(families)} with everything held for ${families === 1 ? 'it: its' : 'them: their'} parents can no longer log in.`
      : '';
  const erased = [erasedEnquiries, erasedFamilies].filter(Boolean).join(' ');
  if (backups.count === 0) return `${erased} No backup holds them.`;
  const held = `${count(backups.count, 'backup', 'backups')} taken before now still ${backups.count === 1 ? 'holds' : 'hold'} them until newer backups replace ${backups.count === 1 ? 'it' : 'them'}`;
  return backups.goneBy
    ? `${erased} ${held}, by ${formatDashboardDate(backups.goneBy)}.`
    : `${erased} ${held}: after ${count(backups.keep, 'more backup', 'more backups')}.`;
}
