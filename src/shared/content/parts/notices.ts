/** Parents' Corner's notices: each shown until removed. */
import { parentNotices } from '../../../content/parentsCorner';
import { datedItemsPart, LIST_MAX_ITEMS } from './datedItems';

export const noticeMessages = {
  noticeTitleMissing: 'Please give the notice a title.',
  noticeDateInvalid: 'Please give the day of the notice, such as 2026-12-05.',
  noticeTextMissing: 'Please write the notice.',
  tooManyNotices: `Please keep at most ${LIST_MAX_ITEMS} notices. Remove the oldest ones.`,
} as const;

export const noticesTexts = {
  label: 'Notices',
  item: 'notice',
  add: 'Add a notice',
  hint: "A notice stays on Parents' Corner until you remove it. Its date is the day it was given.",
} as const;

export const noticesPart = datedItemsPart(
  noticesTexts,
  {
    titleMissing: noticeMessages.noticeTitleMissing,
    dateInvalid: noticeMessages.noticeDateInvalid,
    textMissing: noticeMessages.noticeTextMissing,
    tooMany: noticeMessages.tooManyNotices,
  },
  parentNotices,
);
