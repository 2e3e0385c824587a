import { useState } from 'react';
import type { Validation } from './outbox/delivery';
import type { FieldErrors } from './outbox/sendFailure';

type Start<Field extends string> = {
  values: () => Record<Field, string>;
  fieldErrors: FieldErrors;
  formError: string | undefined;
  /** A send was tried already (a page answered by the server without JavaScript): each keystroke re-checks. */
  attempted: boolean;
};

/**
 * The parent's answers and what is said of them: each field's message, the error summary's list
 * (the problems of the last send, until the next), and the form's own message. After a first
 * try, each change is checked again with the form's tools when they are there.
 */
export function useAnswers<Field extends string>(
  start: Start<Field>,
  recheck: (values: Record<Field, string>) => Validation<unknown> | undefined,
) {
  const [values, setValues] = useState(start.values);
  const [errors, setErrors] = useState<FieldErrors>(start.fieldErrors);
  const [reported, setReported] = useState<FieldErrors>(start.fieldErrors);
  const [formError, setFormError] = useState(start.formError);
  const [attempted, setAttempted] = useState(start.attempted);
  return {
    values,
    errors,
    reported,
    formError,
    setValues,
    setValue(field: Field, value: string) {
      const next = { ...values, [field]: value };
      setValues(next);
      const checked = attempted ? recheck(next) : undefined;
      if (checked) setErrors(checked.ok ? {} : checked.fieldErrors);
    },
    /** A send is tried: from now on each change is checked, and the form's own message goes. */
    trying() {
      setAttempted(true);
      setFormError(undefined);
    },
    /** The problems found: by their fields, and listed in the summary. */
    refused(fieldErrors: FieldErrors) {
      setAttempted(true);
      setErrors(fieldErrors);
      setReported(fieldErrors);
    },
    /** Nothing to say; after a send that went, or a fresh start, changes are no longer checked. */
    clear(stillChecking: boolean) {
      setErrors({});
      setReported({});
      setFormError(undefined);
      if (!stillChecking) setAttempted(false);
    },
  };
}
