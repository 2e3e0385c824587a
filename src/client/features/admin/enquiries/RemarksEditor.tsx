import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { dashboardLimits } from '#shared/dashboard/index.ts';

type RemarksEditorProps = {
  /** The remarks as the server holds them. */
  remarks: string;
  /** Whose row this is, for the controls' accessible names. */
  subject: string;
  saving: boolean;
  /** Settles when the server has answered (the row then shows what it holds). */
  onSave: (remarks: string) => Promise<unknown>;
};

/**
 * Inline remarks (docs/spec.md §2): Edit opens a text box; Enter, leaving the box or Save stores
 * the text on the server, Shift+Enter starts a new line, Escape or Cancel puts it back.
 */
/** Keeps focus in the text box when Save or Cancel is pressed, so leaving it does not count as "save on blur" first. */
function keepFocus(event: MouseEvent<HTMLButtonElement>) {
  event.preventDefault();
}

export function RemarksEditor({ remarks, subject, saving, onSave }: RemarksEditorProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const inFlight = useRef(false);
  const inputId = useId();
  const editing = draft !== null;

  // Focus goes back to the Edit button once it is enabled again: the query library may tell this
  // component that the save has settled a moment after the editor closed, and a disabled button
  // cannot take focus (it would fall to the page, and a screen reader would say nothing).
  useEffect(() => {
    if (editing) {
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (returnFocus.current && !saving) {
      returnFocus.current = false;
      editButtonRef.current?.focus();
    }
  }, [editing, saving]);

  function close(focusEditButton: boolean) {
    returnFocus.current = focusEditButton;
    setDraft(null);
  }

  async function save(focusEditButton: boolean) {
    if (draft === null || inFlight.current) return;
    if (draft.trim() !== remarks.trim()) {
      inFlight.current = true;
      await onSave(draft);
      inFlight.current = false;
    }
    close(focusEditButton);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save(true);
    }
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    // Moving to Save or Cancel is not leaving the editor; their own clicks decide.
    if (event.relatedTarget instanceof Node && editorRef.current?.contains(event.relatedTarget)) return;
    void save(false);
  }

  if (!editing) {
    return (
      <div className="remarks">
        {remarks ? (
          <p className="remarks__text">{remarks}</p>
        ) : (
          <p className="remarks__text remarks__text--empty">No remarks</p>
        )}
        <button
          ref={editButtonRef}
          type="button"
          className="admin-link-button"
          onClick={() => setDraft(remarks)}
          disabled={saving}
          aria-label={`${remarks ? 'Edit' : 'Add'} remarks for ${subject}`}
        >
          {saving ? 'Saving...' : remarks ? 'Edit' : 'Add remarks'}
        </button>
      </div>
    );
  }

  return (
    <div className="remarks remarks--editing" ref={editorRef} onBlur={onBlur}>
      <label className="visually-hidden" htmlFor={inputId}>
        Remarks for {subject}
      </label>
      <textarea
        ref={inputRef}
        id={inputId}
        className="field__input remarks__input"
        rows={3}
        maxLength={dashboardLimits.remarksLength}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        readOnly={saving}
      />
      <div className="remarks__actions">
        <button
          type="button"
          className="button button--primary admin-small-button"
          onMouseDown={keepFocus}
          onClick={() => void save(true)}
          disabled={saving}
        >
          {saving ? 'Saving...' : 'Save'}
        </button>
        <button
          type="button"
          className="button button--outline admin-small-button"
          onMouseDown={keepFocus}
          onClick={() => close(true)}
          disabled={saving}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
