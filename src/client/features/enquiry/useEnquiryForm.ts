import { useState, type FormEvent } from 'react';
import { HONEYPOT_FIELD } from '#shared/enquiries/formFields.ts';
import { formPostAddress } from '#shared/enquiries/formPostResult.ts';
import { toast } from '#client/ui/toast/toastStore.ts';
import { loadOnce } from './loadOnce';
import { enquiryStore } from './outbox/enquiryStore';
import { bookingUrlOf, invalidSendMessage } from './formState';
import { useFormStart } from './useFormStart';
import { formDelivery } from './formDelivery';
import { newIdempotencyKey } from './outbox/idempotencyKey';
import { useFormSession } from './useFormSession';
import { useOutbox } from './outbox/useOutbox';
import { useOutcomeFocus } from './useOutcomeFocus';
import { useKeptFill } from './useKeptFill';
import { useFieldErrors } from './useFieldErrors';
import type { EnquiryFormOptions, FormStatus } from './enquiryFormOptions';

const SUCCESS_TOAST_TITLE = 'Success!';
const ERROR_TOAST_TITLE = 'Error';

/**
 * Everything an enquiry form does besides its markup: where it starts (useFormStart), values and
 * field messages from the shared schema (useFieldErrors), the per-fill idempotency key, the form
 * session and reCAPTCHA (useFormSession), the draft that survives a reload (useKeptFill), the
 * outbox that survives a lost connection (useOutbox), toasts and focus (useOutcomeFocus).
 */
export function useEnquiryForm<Field extends string, Output>(options: EnquiryFormOptions<Field, Output>) {
  const { form, fields, empty, texts } = options;
  const [tools] = useState(() => loadOnce(options.tools));
  const { postResult, typedEarly, startingValues } = useFormStart(form, options.action, fields, empty);
  const [store] = useState(() => enquiryStore(form, fields));
  const [values, setValues] = useState(startingValues);
  const fieldErrors = useFieldErrors(fields, postResult);
  const [status, setStatus] = useState<FormStatus>(postResult?.outcome === 'sent' ? 'sent' : 'editing');
  const [formError, setFormError] = useState(postResult?.formError);
  // Made in the browser only: a key in the prerendered HTML would be shared by every visitor.
  const [idempotencyKey, setIdempotencyKey] = useState<string>();
  const [bookingUrl, setBookingUrl] = useState(postResult?.bookingUrl);

  const focus = useOutcomeFocus(fields[0]);
  const session = useFormSession(typedEarly !== undefined);
  const outbox = useOutbox(store, formDelivery(form, tools.load, session), {
    sending: () => setStatus('sending'),
    queued: () => setStatus('queued'),
    sent(answer) {
      setBookingUrl(bookingUrlOf(answer));
      fieldErrors.sent();
      setFormError(undefined);
      setStatus('sent');
      focus.focusAfterRender('success');
      toast({ title: SUCCESS_TOAST_TITLE, description: texts.successToast });
    },
    refused(failure) {
      setStatus('editing');
      if (failure.kind === 'invalid') {
        fieldErrors.refused(failure.fieldErrors);
        focus.focusAfterRender('invalid');
        const description = invalidSendMessage(failure.fieldErrors, fields, failure.message, texts.failureToast);
        toast({ title: ERROR_TOAST_TITLE, description, variant: 'destructive' });
        return;
      }
      toast({ title: ERROR_TOAST_TITLE, description: failure.message ?? texts.failureToast, variant: 'destructive' });
    },
  });

  useKeptFill({
    store,
    session,
    outbox,
    arrivedFilled: Boolean(postResult || typedEarly),
    sentByPost: postResult?.outcome === 'sent',
    empty,
    fill: { values, idempotencyKey, status },
    onArrival(kept, queued) {
      if (kept) setValues(kept.values);
      setIdempotencyKey(kept?.idempotencyKey ?? newIdempotencyKey());
      if (queued) setStatus('queued');
    },
  });

  function setValue(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // The tools arrive while the parent is in the form; after a send they are there.
    const checker = tools.current();
    fieldErrors.recheck(checker && (() => checker.validate(next)));
  }

  /** The parent is (back) at the form: the tools start loading, with reCAPTCHA and the fill token (useFormSession). */
  function atTheForm() {
    tools.load().catch(() => undefined);
    session.atTheForm();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (outbox.busy()) return;
    const website = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    fieldErrors.attempt();
    setFormError(undefined);
    // Without its tools (offline before they arrived) the enquiry goes to the outbox unchecked; it is checked before it is sent.
    const checked = (await tools.load().catch(() => undefined))?.validate(values);
    if (checked && !checked.ok) {
      fieldErrors.refused(checked.fieldErrors);
      focus.focusAfterRender('invalid');
      return;
    }
    fieldErrors.passed();
    const key = idempotencyKey ?? newIdempotencyKey();
    if (!idempotencyKey) setIdempotencyKey(key);
    void outbox.deliver({ values, idempotencyKey: key, website: typeof website === 'string' ? website : '' }, true);
  }

  /** "Send Another Message": a blank form with a new key and a new session. */
  function startAgain(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setValues(empty);
    fieldErrors.startAgain();
    setFormError(undefined);
    setIdempotencyKey(newIdempotencyKey());
    setStatus('editing');
    session.startAgain();
    focus.focusAfterRender('first');
  }

  return {
    postResult,
    bookingUrl,
    values,
    status,
    formError,
    idempotencyKey,
    successHeadingRef: focus.successHeadingRef,
    recaptchaSiteKey: session.recaptchaSiteKey,
    errorSummary: fieldErrors.errorSummary,
    errorSummaryRef: focus.errorSummaryRef,
    setValue,
    startAgain,
    error: fieldErrors.error,
    formProps: {
      ref: focus.formRef,
      method: 'post',
      action: formPostAddress(options.action),
      noValidate: true,
      onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
      onFocus: atTheForm,
      onInput: atTheForm,
    } as const,
  };
}
