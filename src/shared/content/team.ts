/**
 * The team profiles on the Our Team page as the office edits them (issue 11), in the office's
 * order: name, role, photo, a short biography always shown and a full one of a few paragraphs
 * behind "Read more". The starting team is the one that ships in src/content.
 */
import { team } from '#content/team.ts';
import { requiredImageSchema } from './requiredImage';
import { z } from '#shared/zod.ts';

export const TEAM_MAX_PEOPLE = 30;
export const FULL_BIO_MAX_PARAGRAPHS = 6;

/** The photo's group is named after its item: a page's groups need names of their own. */
export const teamLabels = {
  photo: (position: number) => `Photo of person ${position}`,
  name: 'Name',
  role: 'Role',
  shortBio: 'Short biography',
  fullBio: 'Full biography',
} as const;

export const teamList = {
  item: 'person',
  add: 'Add a person',
  hint: 'The Our Team page shows the people in this order.',
} as const;

export const teamHints = {
  shortBio: 'One or two sentences, always shown under the name.',
  fullBio: 'Shown by "Read more". Leave an empty line between paragraphs.',
} as const;

export const teamMessages = {
  nameMissing: "Please give the person's name.",
  nameTooLong: 'Please keep the name under 80 characters.',
  roleMissing: 'Please give their role, such as Lead Guide.',
  roleTooLong: 'Please keep the role under 80 characters.',
  shortBioMissing: 'Please write a sentence or two about them.',
  shortBioTooLong: 'Please keep the short biography under 300 characters.',
  fullBioMissing: 'Please write the full biography.',
  fullBioTooLong: `Please keep the full biography to ${FULL_BIO_MAX_PARAGRAPHS} paragraphs of at most 1,200 characters each.`,
  tooMany: `Please list at most ${TEAM_MAX_PEOPLE} people.`,
  empty: 'Please keep at least one person on the Our Team page.',
} as const;

export const teamMemberSchema = z.object({
  name: z.string().trim().min(1, teamMessages.nameMissing).max(80, teamMessages.nameTooLong),
  role: z.string().trim().min(1, teamMessages.roleMissing).max(80, teamMessages.roleTooLong),
  photo: requiredImageSchema,
  shortBio: z.string().trim().min(1, teamMessages.shortBioMissing).max(300, teamMessages.shortBioTooLong),
  fullBio: z
    .array(z.string().trim().min(1, teamMessages.fullBioMissing).max(1200, teamMessages.fullBioTooLong))
    .min(1, teamMessages.fullBioMissing)
    .max(FULL_BIO_MAX_PARAGRAPHS, teamMessages.fullBioTooLong),
});

export type TeamMember = z.output<typeof teamMemberSchema>;

export const teamSchema = z
  .array(teamMemberSchema)
  .min(1, teamMessages.empty)
  .max(TEAM_MAX_PEOPLE, teamMessages.tooMany);

/** A full biography as the office writes it (paragraphs apart by an empty line) and as it is kept (a list of paragraphs). */
export const paragraphsOf = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
export const paragraphsText = (paragraphs: readonly string[]): string => paragraphs.join('\n\n');

/** The team that ships in src/content, as the schema reads it (its keys in the schema's order: changedParts compares JSON). */
export const startingTeam = (): TeamMember[] => teamSchema.parse(team satisfies z.input<typeof teamSchema>);
