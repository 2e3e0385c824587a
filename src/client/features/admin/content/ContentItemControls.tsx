import type { ReactNode } from 'react';
import type { PartForms, SiteContentPart } from '#shared/content/siteContent.ts';
import { FieldError } from '#client/ui/FieldError.tsx';

/** The schema's messages by path (`gallery.2.title`); a field's own and those under it (`team.1.fullBio.0`). */
export type PathErrors = Partial<Record<string, string>>;
export const errorAt = (errors: PathErrors, path: string): string | undefined =>
  errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];

type ItemTextFieldProps = {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  hint?: string;
  type?: 'text' | 'date';
  /** A textarea of this many rows; a one-line input without. */
  rows?: number;
  onChange: (value: string) => void;
};

/** One text field of a list item: label, hint, control and the schema's message tied to it. */
export function ItemTextField({ id, label, value, error, hint, type = 'text', rows, onChange }: ItemTextFieldProps) {
  const props = {
    id,
    className: 'field__input',
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined,
  } as const;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {rows ? (
        <textarea {...props} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...props} type={type} onChange={(event) => onChange(event.target.value)} />
      )}
      {error ? <FieldError id={`${id}-error`} message={error} /> : null}
    </div>
  );
}

/** Moves the item at `from` one place up or down; the list as it was at either end. */
export function moved<T>(items: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= items.length) return [...items];
  const result = [...items];
  [result[from], result[to]] = [result[to] as T, result[from] as T];
  return result;
}

type ItemActionsProps = {
  /** The item as the buttons name it: "the photo Harvest Day". */
  subject: string;
  /** Ids of the Move up and Move down buttons: focus returns to the one pressed after the move. */
  moveIds: { up: string; down: string };
  position: number;
  count: number;
  /** Without it, the item has no Move buttons (a list the site orders itself). */
  onMove: ((by: -1 | 1) => void) | undefined;
  onRemove: () => void;
};

const hidden = (text: string): ReactNode => <span className="visually-hidden"> {text}</span>;

/**
 * An item's buttons: Move up, Move down (in a list the office orders) and Remove, each naming
 * the item. At either end the move button stays focusable but says it cannot move (aria-disabled):
 * a disabled button would drop the focus the office is moving the item with.
 */
export function ItemActions({ subject, moveIds, position, count, onMove, onRemove }: ItemActionsProps) {
  const moveButton = (by: -1 | 1) => {
    const stuck = by === -1 ? position === 0 : position === count - 1;
    return (
      <button
        id={by === -1 ? moveIds.up : moveIds.down}
        type="button"
        className="button button--outline admin-small-button"
        aria-disabled={stuck ? true : undefined}
        onClick={() => {
          if (!stuck) onMove?.(by);
        }}
      >
        {by === -1 ? 'Move up' : 'Move down'}
        {hidden(subject)}
      </button>
    );
  };
  return (
    <div className="content-item__actions">
      {onMove ? moveButton(-1) : null}
      {onMove ? moveButton(1) : null}
      <button type="button" className="button button--outline admin-small-button" onClick={onRemove}>
        Remove
        {hidden(subject)}
      </button>
    </div>
  );
}

/** Said politely after a move, while focus stays on the button pressed. */
export const movedAnnouncement = (name: string, item: string, position: number, count: number) =>
  `${name} is now ${item} ${position + 1} of ${count}.`;

/** The list's own polite announcement (an item moved), kept out of sight. */
export function ListAnnouncement({ text }: { text: string }) {
  return (
    <p className="visually-hidden" role="status">
      {text}
    </p>
  );
}

/** What every part's editor is given: the part as the form holds it, the schema's messages by their whole path, and where its changes go. */
export type PartEditorProps<K extends SiteContentPart> = {
  value: PartForms[K];
  errors: PathErrors;
  onChange: (value: PartForms[K]) => void;
};
