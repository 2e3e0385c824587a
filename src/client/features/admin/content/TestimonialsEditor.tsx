import { siteContentParts } from '../../../../shared/content/siteContent';
import { testimonialLabels, testimonialsList, type Testimonial } from '../../../../shared/content/testimonials';
import { ItemTextField, withKey, withoutKey, type Keyed, type PathErrors } from './ContentItemControls';
import { ContentListEditor } from './ContentListEditor';

export type TestimonialEntry = Keyed<Testimonial>;

export const testimonialEntries = (testimonials: readonly Testimonial[]): TestimonialEntry[] => testimonials.map((testimonial) => withKey(testimonial));
export const testimonialsContent = (entries: readonly TestimonialEntry[]) => entries.map(withoutKey);

type TestimonialsEditorProps = { entries: TestimonialEntry[]; errors: PathErrors; onChange: (entries: TestimonialEntry[]) => void };

/** What parents say, in the Site content form: name, who they are and their words. */
export function TestimonialsEditor({ entries, errors, onChange }: TestimonialsEditorProps) {
  return (
    <ContentListEditor
      part="testimonials"
      legend={siteContentParts.testimonials}
      hint={testimonialsList.hint}
      item={testimonialsList.item}
      addLabel={testimonialsList.add}
      entries={entries}
      errors={errors}
      onChange={onChange}
      blank={() => ({ name: '', role: testimonialsList.newRole, text: '' })}
      nameOf={(entry) => entry.name}
      firstField="name"
    >
      {({ entry, fieldId, errorOf, update }) => (
        <>
          <ItemTextField id={fieldId('name')} label={testimonialLabels.name} value={entry.name} error={errorOf('name')} onChange={(name) => update({ name })} />
          <ItemTextField id={fieldId('role')} label={testimonialLabels.role} value={entry.role} error={errorOf('role')} onChange={(role) => update({ role })} />
          <ItemTextField id={fieldId('text')} label={testimonialLabels.text} rows={6} value={entry.text} error={errorOf('text')} onChange={(text) => update({ text })} />
        </>
      )}
    </ContentListEditor>
  );
}
