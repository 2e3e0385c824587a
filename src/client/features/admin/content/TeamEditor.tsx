import type { SiteImage } from '../../../../shared/content/photos';
import { siteContentParts } from '../../../../shared/content/siteContent';
import { paragraphsOf, paragraphsText, teamHints, teamLabels, teamList, type TeamMember } from '../../../../shared/content/team';
import { ItemTextField, withKey, withoutKey, type Keyed, type PathErrors } from './ContentItemControls';
import { ContentListEditor } from './ContentListEditor';
import { PhotoField } from './PhotoField';

/** A person as the form holds it: the full biography as one text, paragraphs apart by an empty line. */
export type TeamEntry = Keyed<{ name: string; role: string; photo: SiteImage | undefined; shortBio: string; fullBio: string }>;

export const teamEntries = (team: readonly TeamMember[]): TeamEntry[] => team.map((member) => withKey({ ...member, fullBio: paragraphsText(member.fullBio) }));
export const teamContent = (entries: readonly TeamEntry[]) => entries.map(withoutKey).map((member) => ({ ...member, fullBio: paragraphsOf(member.fullBio) }));

type TeamEditorProps = { entries: TeamEntry[]; errors: PathErrors; onChange: (entries: TeamEntry[]) => void };

/** The Our Team page's people in the Site content form, in the office's order. */
export function TeamEditor({ entries, errors, onChange }: TeamEditorProps) {
  return (
    <ContentListEditor
      part="team"
      legend={siteContentParts.team}
      hint={teamList.hint}
      item={teamList.item}
      addLabel={teamList.add}
      entries={entries}
      errors={errors}
      onChange={onChange}
      blank={() => ({ name: '', role: '', photo: undefined, shortBio: '', fullBio: '' })}
      nameOf={(entry) => entry.name}
      firstField="name"
    >
      {({ entry, position, fieldId, errorOf, ownErrorOf, update }) => (
        <>
          <ItemTextField id={fieldId('name')} label={teamLabels.name} value={entry.name} error={errorOf('name')} onChange={(name) => update({ name })} />
          <ItemTextField id={fieldId('role')} label={teamLabels.role} value={entry.role} error={errorOf('role')} onChange={(role) => update({ role })} />
          <PhotoField label={teamLabels.photo(position)} value={entry.photo} onChange={(photo) => update({ photo })} error={ownErrorOf('photo')} altError={errorOf('photo.alt')} required />
          <ItemTextField id={fieldId('shortBio')} label={teamLabels.shortBio} hint={teamHints.shortBio} rows={3} value={entry.shortBio} error={errorOf('shortBio')} onChange={(shortBio) => update({ shortBio })} />
          <ItemTextField id={fieldId('fullBio')} label={teamLabels.fullBio} hint={teamHints.fullBio} rows={8} value={entry.fullBio} error={errorOf('fullBio')} onChange={(fullBio) => update({ fullBio })} />
        </>
      )}
    </ContentListEditor>
  );
}
