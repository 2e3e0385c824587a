/** The team as a part: in the form, a full biography is one text, paragraphs apart by an empty line. */
import type { SiteImage } from '../photos';
import { paragraphsOf, paragraphsText, startingTeam, teamSchema, type TeamMember } from '../team';
import { contentPart, withKey, withoutKey, type Keyed } from './part';

export type TeamFormMember = {
  name: string;
  role: string;
  photo: SiteImage | undefined;
  shortBio: string;
  fullBio: string;
};

export const teamPart = contentPart({
  label: 'Team',
  schema: teamSchema.default(startingTeam),
  starting: startingTeam,
  formOf: (team: TeamMember[]): Keyed<TeamFormMember>[] =>
    team.map((member) => withKey<TeamFormMember>({ ...member, fullBio: paragraphsText(member.fullBio) })),
  contentOf: (entries: Keyed<TeamFormMember>[]) =>
    entries.map(withoutKey).map((member) => ({ ...member, fullBio: paragraphsOf(member.fullBio) })),
});
