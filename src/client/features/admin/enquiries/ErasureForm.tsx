import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  erasureReasonLabels,
  erasureReasons,
  type EnquiryRef,
  type ErasureReason,
  type ErasureResult,
  type PersonLookupInput,
} from '#shared/dashboard/index.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { isUnauthorized } from '#client/features/admin/common/apiErrors.ts';
import { itemsText } from './erasureText';

const messages = {
  reason: 'Choose why the enquiries are being erased',
  confirm: 'Tick the box to confirm that erasing cannot be undone',
  failed: 'The enquiries could not be erased',
} as const;

type Items = { enquiries: EnquiryRef[]; families: number[] };

type ErasureFormProps = {
  lookup: PersonLookupInput;
  /** Every enquiry and Parents' Corner family the search shows: if it now finds others, nothing is erased. */
  shown: Items;
  /** Those of them ticked as the person's: only these are erased. */
  chosen: Items;
  onErased: (result: ErasureResult) => void;
  /** The search found other enquiries than those shown (one arrived meanwhile): show them again. */
  onChanged: () => void;
};

/**
 * Erases the person's enquiries and Parents' Corner families ticked above, with a reason and a
 * confirmation; the history keeps a tombstone of each enquiry.
 */
export function ErasureForm({ lookup, shown, chosen, onErased, onChanged }: ErasureFormProps) {
  const trpc = useTRPC();
  const id = useId();
  const [reason, setReason] = useState<ErasureReason | undefined>();
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<{ reason?: string; confirm?: string }>({});
  const firstReasonRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const erase = useMutation(
    trpc.privacy.erasePerson.mutationOptions({
      onSuccess: onErased,
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({ title: messages.failed, description: error.message, variant: 'destructive' });
        onChanged();
      },
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = { reason: reason ? undefined : messages.reason, confirm: confirmed ? undefined : messages.confirm };
    setErrors(found);
    if (found.reason) return firstReasonRef.current?.focus();
    if (found.confirm) return confirmRef.current?.focus();
    if (reason && !erase.isPending)
      erase.mutate({
        ...lookup,
        shown: shown.enquiries,
        enquiries: chosen.enquiries,
        familiesShown: shown.families,
        families: chosen.families,
        reason,
      });
  }

  const noun = itemsText(chosen.enquiries.length, chosen.families.length);
  return (
    <form className="erasure" aria-labelledby={`${id}-title`} noValidate onSubmit={submit}>
      <h3 id={`${id}-title`} className="erasure__title">
        Erase the ticked enquiries
      </h3>
      <p className="erasure__intro">
        Erasing removes the {noun} ticked above, their emails and their history for good. The history keeps only a note
        of what was erased, when, by whom and why.
        {chosen.families.length > 0 &&
          ' A family’s parents are logged out at once and can no longer log in; everything held for the family goes.'}
      </p>
      <fieldset className="erasure__reasons" aria-describedby={errors.reason ? `${id}-reason-error` : undefined}>
        <legend>Why are they being erased?</legend>
        {errors.reason && (
          <p id={`${id}-reason-error`} className="field__error">
            {errors.reason}
          </p>
        )}
        {erasureReasons.map((value, index) => (
          <div key={value} className="erasure__choice">
            <input
              id={`${id}-${value}`}
              ref={index === 0 ? firstReasonRef : undefined}
              type="radio"
              name={`${id}-reason`}
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
            />
            <label htmlFor={`${id}-${value}`}>{erasureReasonLabels[value]}</label>
          </div>
        ))}
      </fieldset>
      <div className="erasure__choice">
        <input
          id={`${id}-confirm`}
          ref={confirmRef}
          type="checkbox"
          checked={confirmed}
          aria-invalid={errors.confirm ? true : undefined}
          aria-describedby={errors.confirm ? `${id}-confirm-error` : undefined}
          onChange={(event) => setConfirmed(event.target.checked)}
        />
        <label htmlFor={`${id}-confirm`}>I understand that erasing cannot be undone</label>
      </div>
      {errors.confirm && (
        <p id={`${id}-confirm-error`} className="field__error">
          {errors.confirm}
        </p>
      )}
      {/* aria-disabled rather than disabled: focus stays on the button while it works. */}
      <button type="submit" className="button button--primary erasure__button" aria-disabled={erase.isPending}>
        {erase.isPending ? 'Erasing...' : `Erase ${noun}`}
      </button>
    </form>
  );
}
