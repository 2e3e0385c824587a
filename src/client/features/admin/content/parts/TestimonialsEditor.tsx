import { siteContentParts } from '#shared/content/siteContent.ts';
import { testimonialLabels, testimonialsList } from '#shared/content/testimonials.ts';
import { ItemTextField, type PartEditorProps } from '../ContentItemControls';
import { ContentListEditor } from '../ContentListEditor';

/** What parents say, in the Site content form: name, who they are and their words. */
export function TestimonialsEditor({ value, errors, onChange }: PartEditorProps<'testimonials'>) {
  return (
    <ContentListEditor
      part="testimonials"
      legend={siteContentParts.testimonials}
      hint={testimonialsList.hint}
      item={testimonialsList.item}
      addLabel={testimonialsList.add}
      entries={value}
      errors={errors}
      onChange={onChange}
      blank={() => ({ name: '', role: testimonialsList.newRole, text: '' })}
      nameOf={(entry) => entry.name}
      firstField="name"
    >
      {({ entry, fieldId, errorOf, update }) => (
        <>
          <ItemTextField
            id={fieldId('name')}
            label={testimonialLabels.name}
            value={entry.name}
            error={errorOf('name')}
            onChange={(name) => update({ name })}
          />
          <ItemTextField
            id={fieldId('role')}
            label={testimonialLabels.role}
            value={entry.role}
            error={errorOf('role')}
            onChange={(role) => update({ role })}
          />
          <ItemTextField
            id={fieldId('text')}
            label={testimonialLabels.text}
            rows={6}
            value={entry.text}
            error={errorOf('text')}
            onChange={(text) => update({ text })}
          />
        </>
      )}
    </ContentListEditor>
  );
}
