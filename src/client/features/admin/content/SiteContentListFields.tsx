import { useId, useRef } from 'react';
import { useFocusAfterRender } from '../common/useFocusAfterRender';
import { listItemLabels, pastEventNote, siteContentLists, siteContentParts, type ListItem, type SiteContentList } from '../../../../shared/content/siteContent';
import { schoolToday } from '../../../../shared/time';
import { FieldError } from '../../../ui/FieldError';

/** An event or a notice as the form holds it; the key keeps each item's fields its own while others come and go. */
export type ListEntry = ListItem & { key: number };

let lastKey = 0;
export const newEntry = (item: ListItem = { title: '', date: '', text: '' }): ListEntry => ({ ...item, key: (lastKey += 1) });

type ItemField = keyof typeof listItemLabels;

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

type ListFieldsProps = {
  list: SiteContentList;
  entries: ListEntry[];
  /** The schema's messages by path: `events.2.date`, and `events` for the list as a whole. */
  errors: Partial<Record<string, string>>;
  onChange: (entries: ListEntry[]) => void;
};

/**
 * Parents' Corner's events or notices in the Site content form: each item a group of its own
 * (Title, Date, Text) with a Remove button that names it; Add puts the cursor in the new item's
 * title, Remove returns it to Add.
 */
export function ListFields({ list, entries, errors, onChange }: ListFieldsProps) {
  const id = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const { item, add, hint } = siteContentLists[list];

  const fieldId = (entry: ListEntry, field: ItemField) => `${id}-${entry.key}-${field}`;
  const update = (key: number, field: ItemField, value: string) => onChange(entries.map((entry) => (entry.key === key ? { ...entry, [field]: value } : entry)));
  const remove = (key: number) => {
    onChange(entries.filter((entry) => entry.key !== key));
    addButton.current?.focus();
  };
  const addEntry = () => {
    const entry = newEntry();
    onChange([...entries, entry]);
    focusAfterRender(fieldId(entry, 'title'));
  };

  const today = schoolToday();
  const control = (entry: ListEntry, index: number, field: ItemField) => {
    const error = errors[`${list}.${index}.${field}`];
    // Kept in the list (the office may reuse it) but no longer on the site: say so beside its date.
    const past = list === 'events' && field === 'date' && entry.date !== '' && entry.date < today;
    const props = {
      id: fieldId(entry, field),
      className: 'field__input',
      value: entry[field],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [error ? `${fieldId(entry, field)}-error` : '', past ? `${fieldId(entry, field)}-past` : ''].filter(Boolean).join(' ') || undefined,
    };
    return (
      <div className="field">
        <label className="field__label" htmlFor={props.id}>
          {listItemLabels[field]}
        </label>
        {field === 'text' ? (
          <textarea {...props} rows={3} onChange={(event) => update(entry.key, field, event.target.value)} />
        ) : (
          <input {...props} type={field === 'date' ? 'date' : 'text'} onChange={(event) => update(entry.key, field, event.target.value)} />
        )}
        {past ? (
          <p className="field__hint" id={`${props.id}-past`}>
            {pastEventNote}
          </p>
        ) : null}
        {error ? <FieldError id={`${props.id}-error`} message={error} /> : null}
      </div>
    );
  };

  const listError = errors[list];
  return (
    <fieldset className="site-content__group" aria-describedby={`${id}-hint`}>
      <legend>{siteContentParts[list]}</legend>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {entries.map((entry, index) => (
        <fieldset key={entry.key} className="site-content__item">
          <legend>
            {capitalised(item)} {index + 1}
          </legend>
          {control(entry, index, 'title')}
          {control(entry, index, 'date')}
          {control(entry, index, 'text')}
          <button type="button" className="button button--outline admin-small-button" onClick={() => remove(entry.key)}>
            Remove
            <span className="visually-hidden">
              {' '}
              the {item} {entry.title.trim() || index + 1}
            </span>
          </button>
        </fieldset>
      ))}
      {listError ? <FieldError id={`${id}-error`} message={listError} /> : null}
      <button ref={addButton} type="button" className="button button--outline" onClick={addEntry} aria-describedby={listError ? `${id}-error` : undefined}>
        {add}
      </button>
    </fieldset>
  );
}
