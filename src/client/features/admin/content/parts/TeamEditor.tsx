import { siteContentParts } from '#shared/content/siteContent.ts';
import { teamHints, teamLabels, teamList } from '#shared/content/team.ts';
import { ItemTextField, type PartEditorProps } from '../ContentItemControls';
import { ContentListEditor } from '../ContentListEditor';
import { PhotoField } from '../PhotoField';

/** The Our Team page's people in the Site content form, in the office's order. */
export function TeamEditor({ value, errors, onChange }: PartEditorProps<'team'>) {
  return (
    <ContentListEditor
      part="team"
      legend={siteContentParts.team}
      hint={teamList.hint}
      item={teamList.item}
      addLabel={teamList.add}
      entries={value}
      errors={errors}
      onChange={onChange}
      blank={() => ({ name: '', role: '', photo: undefined, shortBio: '', fullBio: '' })}
      nameOf={(entry) => entry.name}
      firstField="name"
    >
      {({ entry, position, fieldId, errorOf, ownErrorOf, update }) => (
        <>
          <ItemTextField
            id={fieldId('name')}
            label={teamLabels.name}
            value={entry.name}
            error={errorOf('name')}
            onChange={(name) => update({ name })}
          />
          <ItemTextField
            id={fieldId('role')}
            label={teamLabels.role}
            value={entry.role}
            error={errorOf('role')}
            onChange={(role) => update({ role })}
          />
          <PhotoField
            label={teamLabels.photo(position)}
            value={entry.photo}
            onChange={(photo) => update({ photo })}
            error={ownErrorOf('photo')}
            altError={errorOf('photo.alt')}
            required
          />
          <ItemTextField
            id={fieldId('shortBio')}
            label={teamLabels.shortBio}
            hint={teamHints.shortBio}
            rows={3}
            value={entry.shortBio}
            error={errorOf('shortBio')}
            onChange={(shortBio) => update({ shortBio })}
          />
          <ItemTextField
            id={fieldId('fullBio')}
            label={teamLabels.fullBio}
            hint={teamHints.fullBio}
            rows={8}
            value={entry.fullBio}
            error={errorOf('fullBio')}
            onChange={(fullBio) => update({ fullBio })}
          />
        </>
      )}
    </ContentListEditor>
  );
}
