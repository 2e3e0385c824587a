import { datedItemLabels, type DatedItem, type DatedListTexts } from '../../../../shared/content/parts/datedItems';
import type { Keyed } from '../../../../shared/content/parts/part';
import { ItemTextField, type PathErrors } from './ContentItemControls';
import { ContentListEditor } from './ContentListEditor';

type DatedItemsEditorProps = {
  part: 'events' | 'notices';
  texts: DatedListTexts;
  entries: Keyed<DatedItem>[];
  errors: PathErrors;
  onChange: (entries: Keyed<DatedItem>[]) => void;
  /** A note beside an item's date: an event whose day has passed. */
  dateNote?: (item: DatedItem) => string | undefined;
};

/**
 * Parents' Corner's events or notices in the Site content form: each item a group of its own
 * (Title, Date, Text) with a Remove button that names it; the site orders them by date.
 */
export function DatedItemsEditor({ part, texts, entries, errors, onChange, dateNote }: DatedItemsEditorProps) {
  return (
    <ContentListEditor
      part={part}
      legend={texts.label}
      hint={texts.hint}
      item={texts.item}
      addLabel={texts.add}
      entries={entries}
      errors={errors}
      onChange={onChange}
      blank={() => ({ title: '', date: '', text: '' })}
      nameOf={(entry) => entry.title}
      firstField="title"
      movable={false}
    >
      {({ entry, fieldId, errorOf, update }) => {
        const note = dateNote?.(entry);
        return (
          <>
            <ItemTextField
              id={fieldId('title')}
              label={datedItemLabels.title}
              value={entry.title}
              error={errorOf('title')}
              onChange={(title) => update({ title })}
            />
            <ItemTextField
              id={fieldId('date')}
              label={datedItemLabels.date}
              type="date"
              {...(note ? { hint: note } : {})}
              value={entry.date}
              error={errorOf('date')}
              onChange={(date) => update({ date })}
            />
            <ItemTextField
              id={fieldId('text')}
              label={datedItemLabels.text}
              rows={3}
              value={entry.text}
              error={errorOf('text')}
              onChange={(text) => update({ text })}
            />
          </>
        );
      }}
    </ContentListEditor>
  );
}
