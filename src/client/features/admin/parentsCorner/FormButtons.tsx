import type { ReactNode } from 'react';

type FormButtonsProps = {
  className: string;
  submitText: ReactNode;
  pending: boolean;
  /** Given when something is being changed: its Cancel button. */
  onCancel: (() => void) | undefined;
};

/** A Parents' Corner form's buttons: the one that sends, and Cancel while something is being changed. */
export function FormButtons({ className, submitText, pending, onCancel }: FormButtonsProps) {
  return (
    <div className={className}>
      <button type="submit" className="button button--primary" disabled={pending}>
        {submitText}
      </button>
      {onCancel ? (
        <button type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}
