import { useState, type ReactNode } from 'react';

type ConfirmRemovalProps = {
  /** What is removed, as the question names it: "the event Annual Day". */
  what: string;
  /** What removing it means for the parents, said before the second click. */
  consequence: string;
  pending: boolean;
  onRemove: () => void;
};

/** A Remove button that asks first: the item goes only after a second click that says what happens. */
export function ConfirmRemoval({ what, consequence, pending, onRemove }: ConfirmRemovalProps) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button
        type="button"
        className="button button--outline admin-small-button"
        aria-label={`Remove ${what}`}
        onClick={() => setAsking(true)}
      >
        Remove
      </button>
    );
  return (
    <span className="parents-panes__confirm" role="group" aria-label={`Remove ${what}?`}>
      Remove {what}? {consequence}{' '}
      <button type="button" className="button button--primary admin-small-button" disabled={pending} onClick={onRemove}>
        Yes, remove
      </button>{' '}
      <button type="button" className="button button--outline admin-small-button" onClick={() => setAsking(false)}>
        Keep it
      </button>
    </span>
  );
}

type RemovalQuestionProps = {
  /** The group's name, as the Remove button that opened it says it. */
  label: string;
  /** The question, with what removing means. */
  question: ReactNode;
  /** The button that removes: "Yes, remove the family". */
  confirm: string;
  pending: boolean;
  onRemove: () => void;
  onKeep: () => void;
};

/** The question a Remove button opens below an item: remove it, or keep it. */
export function RemovalQuestion({ label, question, confirm, pending, onRemove, onKeep }: RemovalQuestionProps) {
  return (
    <div className="parents-office__confirm" role="group" aria-label={label}>
      <p>{question}</p>
      <div className="parents-office__buttons">
        <button
          type="button"
          className="button button--primary admin-small-button"
          disabled={pending}
          onClick={onRemove}
        >
          {confirm}
        </button>
        <button type="button" className="button button--outline admin-small-button" onClick={onKeep}>
          Keep it
        </button>
      </div>
    </div>
  );
}
