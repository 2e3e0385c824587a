import { school } from '#content/school.ts';
import { DUE_COUNT_CAP, dueCountText, dueText, type DueFollowUps } from '#shared/admissions/dueFollowUps.ts';
import { stageLabels } from '#shared/admissions/stages.ts';
import { escapeMarkup } from '#shared/escapeMarkup.ts';
import { formatSchoolDay } from '#shared/schoolTimes.ts';
import { htmlDocument } from '#server/modules/mail/service.ts';

/**
 * The office's list of follow-ups due on `due.today`, overdue first, as the "Due today" section
 * shows them, with the way to reach each family and a link to the section.
 */
export function followUpMorningMail(
  due: DueFollowUps,
  { office, sectionUrl }: { office: string; sectionUrl: string },
): { to: string; subject: string; text: string; html: string } {
  const day = formatSchoolDay(due.today);
  const subject = `Follow-ups due today, ${day}: ${dueCountText(due.total)}`;
  const intro = `${due.total === 1 ? '1 admission enquiry is' : `${dueCountText(due.total)} admission enquiries are`} due for a follow-up today, ${day}.`;
  const lines = due.entries.map(
    (entry) =>
      `${dueText(entry.followUpOn, due.today)}: ${entry.childName} (parent ${entry.parentName}), ${stageLabels[entry.stage]}, ${entry.phone}, ${entry.email}`,
  );
  const hidden = due.total - due.entries.length;
  const more =
    hidden > 0
      ? [due.total > DUE_COUNT_CAP ? 'And more in the dashboard.' : `And ${hidden} more in the dashboard.`]
      : [];
  const open = `Open the list: ${sectionUrl}`;
  const text = [
    'Good morning,',
    '',
    intro,
    '',
    ...lines.map((line) => `- ${line}`),
    ...more,
    '',
    open,
    '',
    school.name,
  ].join('\n');
  const html = [
    '<p>Good morning,</p>',
    `<p>${escapeMarkup(intro)}</p>`,
    `<ul>\n${lines.map((line) => `<li>${escapeMarkup(line)}</li>`).join('\n')}\n</ul>`,
    ...more.map((line) => `<p>${escapeMarkup(line)}</p>`),
    `<p><a href="${escapeMarkup(sectionUrl)}">Open the list in the dashboard</a></p>`,
    `<p>${escapeMarkup(school.name)}</p>`,
  ].join('\n');
  return { to: office, subject, text, html: htmlDocument(subject, html) };
}
