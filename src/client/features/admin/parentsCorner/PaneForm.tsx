import { useId, type FormEvent, type ReactNode, type RefObject } from 'react';
import { FormButtons } from './FormButtons';

type PaneFormProps = {
  title: string;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (submitted: FormEvent) => void;
  submitText: string;
  pending: boolean;
  /** Given when an item is being changed: its Cancel button. */
  onCancel: (() => void) | undefined;
  children: ReactNode;
};

/** A pane's form to add an item or change one: its heading, its fields, and the buttons. */
export function PaneForm({ title, formRef, onSubmit, submitText, pending, onCancel, children }: PaneFormProps) {
  const titleId = useId();
  return (
    <form ref={formRef} className="parents-panes__form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h4 id={titleId} className="panel-subtitle">
        {title}
      </h4>
      {children}
      <FormButtons className="parents-panes__actions" submitText={submitText} pending={pending} onCancel={onCancel} />
    </form>
  );
}
