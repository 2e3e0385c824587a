import { useId, useRef, useState, type ReactNode } from 'react';
import { FieldError } from '#client/ui/FieldError.tsx';
import { withKey, type Keyed } from '#shared/content/parts/part.ts';
import {
  errorAt,
  ItemActions,
  ListAnnouncement,
  moved,
  movedAnnouncement,
  type PathErrors,
} from './ContentItemControls';
import { useFocusAfterRender } from '#client/features/admin/common/useFocusAfterRender.ts';

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

export type ItemFieldsProps<T> = {
  entry: Keyed<T>;
  /** Its place in the list, from 1, as its group's name says it. */
  position: number;
  /** The id of the control of one of the item's fields. */
  fieldId: (field: string) => string;
  /** The schema's message for one of the item's fields, or for something under it (`fullBio.2`, `image.alt`). */
  errorOf: (field: string) => string | undefined;
  /** The schema's message for the field itself only: a photo missing, not its description. */
  ownErrorOf: (field: string) => string | undefined;
  update: (change: Partial<T>) => void;
};

type ContentListEditorProps<T extends object> = {
  /** The part of the site content, as the schema's messages name it (`gallery.2.title`). */
  part: string;
  legend: string;
  hint: string;
  /** What an item is called: "photo", "person". */
  item: string;
  addLabel: string;
  entries: Keyed<T>[];
  errors: PathErrors;
  onChange: (entries: Keyed<T>[]) => void;
  blank: () => T;
  /** How the buttons and the announcements name an item. */
  nameOf: (entry: T) => string;
  /** The field the cursor goes to in a new item. */
  firstField: string;
  /** Whether the office orders the items (Move up, Move down); events and notices are ordered by the site. */
  movable?: boolean;
  children: (props: ItemFieldsProps<T>) => ReactNode;
};

/**
 * A list of the site content in the dashboard (every list part's editor): each item a group of its
 * own with its fields, Move up and Move down (where the site shows the items in this order) and
 * Remove, each naming the item. Add puts
 * the cursor in the new item's first field; Remove returns it to Add; a move keeps it on the
 * button pressed and says the item's new place politely.
 */
export function ContentListEditor<T extends object>({
  part,
  legend,
  hint,
  item,
  addLabel,
  entries,
  errors,
  onChange,
  blank,
  nameOf,
  firstField,
  movable = true,
  children,
}: ContentListEditorProps<T>) {
  const id = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const focusLater = useFocusAfterRender();
  const [announcement, setAnnouncement] = useState('');

  const fieldIdOf = (entry: Keyed<T>, field: string) => `${id}-${entry.key}-${field}`;
  /** "Harvest Day", or "Photo 29" while it has no name. */
  const nameAt = (entry: T, index: number) => nameOf(entry).trim() || `${capitalised(item)} ${index + 1}`;

  const addEntry = () => {
    const entry = withKey(blank());
    onChange([...entries, entry]);
    focusLater(fieldIdOf(entry, firstField));
  };
  const remove = (key: number) => {
    onChange(entries.filter((entry) => entry.key !== key));
    addButton.current?.focus();
  };
  const move = (entry: Keyed<T>, index: number, by: -1 | 1) => {
    onChange(moved(entries, index, by));
    // React moves the item's element, and the browser drops the focus of an element it moves.
    focusLater(fieldIdOf(entry, by === -1 ? 'up' : 'down'));
    setAnnouncement(movedAnnouncement(nameAt(entry, index), item, index + by, entries.length));
  };

  const listError = errors[part];
  return (
    <fieldset className="site-content__group" aria-describedby={`${id}-hint`}>
      <legend>{legend}</legend>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {entries.map((entry, index) => (
        <fieldset key={entry.key} className="site-content__item">
          <legend>
            {capitalised(item)} {index + 1}
          </legend>
          {children({
            entry,
            position: index + 1,
            fieldId: (field) => fieldIdOf(entry, field),
            errorOf: (field) => errorAt(errors, `${part}.${index}.${field}`),
            ownErrorOf: (field) => errors[`${part}.${index}.${field}`],
            update: (change) =>
              onChange(
                entries.map((candidate) => (candidate.key === entry.key ? { ...candidate, ...change } : candidate)),
              ),
          })}
          <ItemActions
            subject={`the ${item} ${nameOf(entry).trim() || index + 1}`}
            position={index}
            count={entries.length}
            moveIds={{ up: fieldIdOf(entry, 'up'), down: fieldIdOf(entry, 'down') }}
            onMove={movable ? (by) => move(entry, index, by) : undefined}
            onRemove={() => remove(entry.key)}
          />
        </fieldset>
      ))}
      {listError ? <FieldError id={`${id}-error`} message={listError} /> : null}
      <button
        ref={addButton}
        type="button"
        className="button button--outline"
        onClick={addEntry}
        aria-describedby={listError ? `${id}-error` : undefined}
      >
        {addLabel}
      </button>
      <ListAnnouncement text={announcement} />
    </fieldset>
  );
}
