import { useEffect, useState, type FormEvent } from 'react';
import type { EnquiryEnvelope } from '../../../shared/enquiries/envelope';
import { HONEYPOT_FIELD } from '../../../shared/enquiries/formFields';
import { enquiryForms, formPostAddress } from '../../../shared/enquiries/formPostResult';
import type { EnquiryKind } from '../../../shared/enquiries/kinds';
import { useFormPostResult } from './postResultContext';
import { toast } from '../../ui/toast/toastStore';
import { loadOnce } from './loadOnce';
import type { Validation } from './outbox/delivery';
import { enquiryStore } from './outbox/enquiryStore';
import { firstMessage, initialValues, invalidSendMessage, valuesTypedBeforeHydration } from './formState';
import { readEmbeddedPostResult } from './embeddedPostResult';
import { errorSummaryItems } from './errorSummary';
import { newIdempotencyKey } from './outbox/idempotencyKey';
import type { FieldErrors } from './outbox/sendFailure';
import { useFormSession } from './useFormSession';
import { useOutbox } from './outbox/useOutbox';
import { useOutcomeFocus } from './useOutcomeFocus';

/** editing → sending → sent; or, when the network fails, queued until it is delivered. */
export type FormStatus = 'editing' | 'sending' | 'queued' | 'sent';

export type { Validation };

/** A form's schema check and its tRPC procedure: what the page loads once the parent starts filling the form in. */
export type FormTools<Field extends string, Output> = {
  /** The shared schema's check, with its messages. */
  validate(values: Record<Field, string>): Validation<Output>;
  send(data: Output, envelope: EnquiryEnvelope): Promise<unknown>;
};

export type EnquiryFormOptions<Field extends string, Output> = {
  form: EnquiryKind;
  /** Where the form posts without JavaScript. */
  action: string;
  /** The fields in the order they appear, so focus goes to the first one that needs fixing. */
  fields: readonly Field[];
  empty: Record<Field, string>;
  /** Imports the form's tools (zod, the schema, the tRPC client): not on the page until needed. */
  tools(): Promise<FormTools<Field, Output>>;
  texts: { successToast: string; failureToast: string };
};

const SUCCESS_TOAST_TITLE = 'Success!';

/** The booking link in an admission enquiry's answer (issue 24 §2), if there is one. */
const bookingUrlOf = (answer: unknown) =>
  typeof answer === 'object' && answer !== null && 'bookingUrl' in answer && typeof answer.bookingUrl === 'string'
    ? answer.bookingUrl
    : undefined;
const ERROR_TOAST_TITLE = 'Error';

/**
 * Everything an enquiry form does besides its markup: values and field messages from the shared
 * schema, the per-fill idempotency key, the form session and reCAPTCHA (useFormSession), the
 * draft that survives a reload, the outbox that survives a lost connection (useOutbox), toasts
 * and focus (useOutcomeFocus).
 */
export function useEnquiryForm<Field extends string, Output>(options: EnquiryFormOptions<Field, Output>) {
  const { form, fields, empty, texts } = options;
  const [tools] = useState(() => loadOnce(options.tools));
  const serverPostResult = useFormPostResult(form);
  // On the server the context holds the outcome; in the browser the page carries it as data.
  const [postResult] = useState(() => serverPostResult ?? readEmbeddedPostResult(form));
  const [store] = useState(() => enquiryStore(form, fields));

  const [typedEarly] = useState(() =>
    valuesTypedBeforeHydration(formPostAddress(options.action), fields, initialValues(empty, postResult)),
  );
  const [values, setValues] = useState(() => typedEarly ?? initialValues(empty, postResult));
  const [errors, setErrors] = useState<FieldErrors>(() => postResult?.fieldErrors ?? {});
  /** The errors of the last send that failed, listed in the error summary until the next send. */
  const [reported, setReported] = useState<FieldErrors>(() => postResult?.fieldErrors ?? {});
  const [status, setStatus] = useState<FormStatus>(postResult?.outcome === 'sent' ? 'sent' : 'editing');
  const [formError, setFormError] = useState(postResult?.formError);
  const [attempted, setAttempted] = useState(Boolean(postResult && postResult.outcome !== 'sent'));
  // Made in the browser only: a key in the prerendered HTML would be shared by every visitor.
  const [idempotencyKey, setIdempotencyKey] = useState<string>();
  const [restored, setRestored] = useState(false);
  const [bookingUrl, setBookingUrl] = useState(postResult?.bookingUrl);

  const focus = useOutcomeFocus(fields[0]);
  const session = useFormSession(typedEarly !== undefined);
  const delivery = {
    validate: async (answers: Record<Field, string>) => (await tools.load()).validate(answers),
    formToken: session.fillTokenForSending,
    recaptchaSiteKey: session.siteKeyForSending,
    recaptchaToken: async (siteKey: string | null | undefined) =>
      (await import('./recaptcha')).recaptchaToken(siteKey, enquiryForms[form].recaptchaAction),
    send: async (data: Output, envelope: EnquiryEnvelope) => (await tools.load()).send(data, envelope),
  };
  const outbox = useOutbox(store, delivery, {
    sending: () => setStatus('sending'),
    queued: () => setStatus('queued'),
    sent(answer) {
      setBookingUrl(bookingUrlOf(answer));
      setErrors({});
      setFormError(undefined);
      setAttempted(false);
      setStatus('sent');
      focus.focusAfterRender('success');
      toast({ title: SUCCESS_TOAST_TITLE, description: texts.successToast });
    },
    refused(failure) {
      setStatus('editing');
      if (failure.kind === 'invalid') {
        setAttempted(true);
        setErrors(failure.fieldErrors);
        setReported(failure.fieldErrors);
        focus.focusAfterRender('invalid');
        const description = invalidSendMessage(failure.fieldErrors, fields, failure.message, texts.failureToast);
        toast({ title: ERROR_TOAST_TITLE, description, variant: 'destructive' });
        return;
      }
      toast({ title: ERROR_TOAST_TITLE, description: failure.message ?? texts.failureToast, variant: 'destructive' });
    },
  });

  // On arrival: an enquiry left in the outbox is shown and sent; otherwise the draft comes back.
  useEffect(() => {
    const queued = store.readQueued();
    const draft = postResult || typedEarly ? undefined : store.readDraft();
    if (postResult?.outcome === 'sent') store.removeDraft();
    const kept = queued ?? draft;
    session.fillToken.current = { formToken: kept?.formToken, formTokenAt: kept?.formTokenAt };
    if (queued) {
      outbox.resume(queued);
      setValues(queued.values);
      setIdempotencyKey(queued.idempotencyKey);
      setStatus('queued');
    } else if (draft) {
      setValues(draft.values);
      setIdempotencyKey(draft.idempotencyKey);
    } else {
      setIdempotencyKey(newIdempotencyKey());
    }
    setRestored(true);
    // A queued enquiry is sent at once with the token of its fill. Otherwise the form is being
    // shown: typed early or not, a token now (it understates an early fill) beats none (spam).
    void session.loadSession(!queued).then(() => {
      if (queued) outbox.sendResumed();
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible' && !outbox.hasPending()) session.renewFillToken();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
    // Runs once per mounted form; the callbacks read refs, not stale state.
  }, []);

  // Typed-but-unsent text survives a reload.
  useEffect(() => {
    if (!restored || !idempotencyKey || status === 'sent') return;
    store.keepDraft({ values, idempotencyKey, ...session.fillToken.current }, empty);
  }, [restored, values, idempotencyKey, status]);

  function setValue(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // The tools arrive while the parent is in the form; after a send they are there.
    const checker = tools.current();
    if (attempted && checker) {
      const checked = checker.validate(next);
      setErrors(checked.ok ? {} : checked.fieldErrors);
    }
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
    setAttempted(true);
    setFormError(undefined);
    // Without its tools (offline before they arrived) the enquiry goes to the outbox unchecked; it is checked before it is sent.
    const checked = (await tools.load().catch(() => undefined))?.validate(values);
    if (checked && !checked.ok) {
      setErrors(checked.fieldErrors);
      setReported(checked.fieldErrors);
      focus.focusAfterRender('invalid');
      return;
    }
    setErrors({});
    setReported({});
    const key = idempotencyKey ?? newIdempotencyKey();
    if (!idempotencyKey) setIdempotencyKey(key);
    void outbox.deliver({ values, idempotencyKey: key, website: typeof website === 'string' ? website : '' }, true);
  }

  /** "Send Another Message": a blank form with a new key and a new session. */
  function startAgain(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setValues(empty);
    setErrors({});
    setReported({});
    setAttempted(false);
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
    errorSummary: errorSummaryItems(reported, fields),
    errorSummaryRef: focus.errorSummaryRef,
    setValue,
    startAgain,
    error: (field: Field) => firstMessage(errors, field),
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
