import { useState } from 'react';
import type { FormPostResult } from '#shared/enquiries/formPostResult.ts';
import { errorSummaryItems } from './errorSummary';
import { firstMessage } from './formState';
import type { FieldErrors } from './outbox/sendFailure';
import type { Validation } from './enquiryFormOptions';

/**
 * A form's field messages: shown once a send was attempted and checked again as the parent types;
 * the error summary lists the errors of the last send that failed until the next send.
 */
export function useFieldErrors<Field extends string>(fields: readonly Field[], postResult: FormPostResult | undefined) {
  const [errors, setErrors] = useState<FieldErrors>(() => postResult?.fieldErrors ?? {});
  const [reported, setReported] = useState<FieldErrors>(() => postResult?.fieldErrors ?? {});
  const [attempted, setAttempted] = useState(Boolean(postResult && postResult.outcome !== 'sent'));

  return {
    error: (field: Field) => firstMessage(errors, field),
    errorSummary: errorSummaryItems(reported, fields),
    /** A send begins: from now on the fields are checked as they change. */
    attempt: () => setAttempted(true),
    /** The send was refused for these fields (by the schema here, or by the server). */
    refused(fieldErrors: FieldErrors) {
      setAttempted(true);
      setErrors(fieldErrors);
      setReported(fieldErrors);
    },
    /** The values passed the check: nothing to list. */
    passed() {
      setErrors({});
      setReported({});
    },
    sent() {
      setErrors({});
      setAttempted(false);
    },
    startAgain() {
      setErrors({});
      setReported({});
      setAttempted(false);
    },
    /** A value changed: after a send was attempted, its messages follow the new values. */
    recheck<Output>(validation: (() => Validation<Output>) | undefined) {
      if (!attempted || !validation) return;
      const checked = validation();
      setErrors(checked.ok ? {} : checked.fieldErrors);
    },
  };
}
