import { useEffect, useRef, useState, type FormEvent } from 'react';
import { HONEYPOT_FIELD, type EnquiryEnvelope } from '../../../shared/enquiries/envelope';
import type { inferRouterOutputs } from '@trpc/server';
import { enquiryForms, formPostAddress } from '../../../shared/enquiries/formPostResult';
import type { EnquiryKind } from '../../../shared/enquiries/kinds';
import type { AppRouter } from '../../../server/routers';
import { useFormPostResult } from './postResultContext';
import { apiClient, type ApiClient } from '../../api/apiClient';
import { toast } from '../../ui/toast/toastStore';
import { deliverEnquiry, type Validation } from './delivery';
import { enquiryStore, fillTokenIsRecent, type FillToken, type PendingEnquiry } from './enquiryStore';
import { firstMessage, initialValues, invalidSendMessage, valuesTypedBeforeHydration } from './formState';
import { retrySchedule } from './retrySchedule';
import { readEmbeddedPostResult } from './embeddedPostResult';
import { errorSummaryItems } from './errorSummary';
import { newIdempotencyKey } from './idempotencyKey';
import { preloadRecaptcha, recaptchaToken } from './recaptcha';
import type { FieldErrors, SendFailure } from './sendFailure';

export type { ApiClient };

/** editing → sending → sent; or, when the network fails, queued until it is delivered. */
export type FormStatus = 'editing' | 'sending' | 'queued' | 'sent';

export type { Validation };

type FormSession = inferRouterOutputs<AppRouter>['enquiries']['formSession'];

export type EnquiryFormOptions<Field extends string, Output> = {
  form: EnquiryKind;
  /** Where the form posts without JavaScript. */
  action: string;
  /** The fields in the order they appear, so focus goes to the first one that needs fixing. */
  fields: readonly Field[];
  empty: Record<Field, string>;
  /** The shared schema's check, with its messages. */
  validate(values: Record<Field, string>): Validation<Output>;
  send(client: ApiClient, data: Output, envelope: EnquiryEnvelope): Promise<unknown>;
  texts: { successToast: string; failureToast: string };
};

const SUCCESS_TOAST_TITLE = 'Success!';
const ERROR_TOAST_TITLE = 'Error';

/**
 * Everything an enquiry form does besides its markup: values and field messages from the shared
 * schema, the per-fill idempotency key, the form session and reCAPTCHA, the draft that survives
 * a reload, the outbox that survives a lost connection, toasts and focus.
 */
export function useEnquiryForm<Field extends string, Output>(options: EnquiryFormOptions<Field, Output>) {
  const { form, fields, empty, validate, send, texts } = options;
  const client = apiClient();
  const serverPostResult = useFormPostResult(form);
  // On the server the context holds the outcome; in the browser the page carries it as data.
  const [postResult] = useState(() => serverPostResult ?? readEmbeddedPostResult(form));
  const [store] = useState(() => enquiryStore(form, fields));

  const [typedEarly] = useState(() => valuesTypedBeforeHydration(formPostAddress(options.action), fields, initialValues(empty, postResult)));
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
  // Known once the form session arrives; the form then says that reCAPTCHA is used (Google's terms).
  const [recaptchaSiteKey, setRecaptchaSiteKey] = useState<string | null>(null);

  const formRef = useRef<HTMLFormElement>(null);
  const successHeadingRef = useRef<HTMLHeadingElement>(null);
  const errorSummaryRef = useRef<HTMLDivElement>(null);
  const session = useRef<FormSession | undefined>(undefined);
  /**
   * The form token of this fill: from when the form was first shown, kept with the draft and the
   * outbox, so a parent who reloads and sends at once is not taken for a bot by the fill-time check.
   */
  const fillToken = useRef<FillToken>({});
  /** The parent has focused or typed in the form: only then is Google's script loaded. */
  const startedFilling = useRef(false);
  const renewingSession = useRef(false);
  const pending = useRef<PendingEnquiry<Field> | undefined>(undefined);
  const inFlight = useRef(false);
  const [retry] = useState(() => retrySchedule(() => void deliverPending()));
  const focusNext = useRef<'invalid' | 'success' | 'first' | null>(null);

  const fillTokenIsFresh = () => fillTokenIsRecent(fillToken.current, Date.now());

  /**
   * startsFill: the parent is at the form now, so this token marks when filling began, unless
   * the fill already has a recent one (a restored draft keeps its own, so sending at once is fine).
   */
  function loadSession(startsFill: boolean): Promise<FormSession | undefined> {
    return client.enquiries.formSession.query().then(
      (answer) => {
        session.current = answer;
        if (startsFill && !fillTokenIsFresh()) fillToken.current = { formToken: answer.formToken, formTokenAt: Date.now() };
        setRecaptchaSiteKey(answer.recaptchaSiteKey);
        if (answer.recaptchaSiteKey && startedFilling.current) preloadRecaptcha(answer.recaptchaSiteKey);
        return answer;
      },
      () => undefined,
    );
  }

  /** The parent is (back) at the form: load reCAPTCHA the first time, and renew an old fill token. */
  function atTheForm() {
    if (!startedFilling.current) {
      startedFilling.current = true;
      const siteKey = session.current?.recaptchaSiteKey;
      if (siteKey) preloadRecaptcha(siteKey);
    }
    renewFillToken();
  }

  /** A missing or old fill token is replaced while the parent is at the form (one request at a time). */
  function renewFillToken() {
    if (fillTokenIsFresh() || renewingSession.current) return;
    renewingSession.current = true;
    void loadSession(true).finally(() => {
      renewingSession.current = false;
    });
  }

  function succeeded() {
    pending.current = undefined;
    retry.reset();
    store.removeQueued();
    store.removeDraft();
    setErrors({});
    setFormError(undefined);
    setAttempted(false);
    setStatus('sent');
    focusNext.current = 'success';
    toast({ title: SUCCESS_TOAST_TITLE, description: texts.successToast });
  }

  function failed(failure: SendFailure, enquiry: PendingEnquiry<Field>) {
    if (failure.kind === 'unreachable') {
      pending.current = enquiry;
      store.queue(enquiry);
      setStatus('queued');
      retry.schedule();
      return;
    }
    pending.current = undefined;
    retry.reset();
    store.removeQueued();
    setStatus('editing');
    if (failure.kind === 'invalid') {
      setAttempted(true);
      setErrors(failure.fieldErrors);
      setReported(failure.fieldErrors);
      focusNext.current = 'invalid';
      const description = invalidSendMessage(failure.fieldErrors, fields, failure.message, texts.failureToast);
      toast({ title: ERROR_TOAST_TITLE, description, variant: 'destructive' });
      return;
    }
    toast({ title: ERROR_TOAST_TITLE, description: failure.message ?? texts.failureToast, variant: 'destructive' });
  }

  async function deliver(enquiry: PendingEnquiry<Field>, byParent: boolean) {
    if (inFlight.current) return;
    inFlight.current = true;
    if (byParent && validate(enquiry.values).ok) setStatus('sending');
    try {
      const outcome = await deliverEnquiry(enquiry, fillToken.current.formToken, {
        validate,
        // A token fetched only now would make a long fill look instant (kept as spam); so would a missing one.
        recaptchaSiteKey: async () => (session.current ?? (await loadSession(false)))?.recaptchaSiteKey,
        recaptchaToken: (siteKey) => recaptchaToken(siteKey, enquiryForms[form].recaptchaAction),
        send: (data, envelope) => send(client, data, envelope),
      });
      if (outcome.sent) succeeded();
      else failed(outcome.failure, outcome.attempt);
    } finally {
      inFlight.current = false;
    }
  }

  function deliverPending() {
    const enquiry = pending.current ?? store.readQueued();
    if (enquiry) return deliver(enquiry, false);
  }

  // On arrival: an enquiry left in the outbox is shown and sent; otherwise the draft comes back.
  useEffect(() => {
    const queued = store.readQueued();
    const draft = postResult || typedEarly ? undefined : store.readDraft();
    if (postResult?.outcome === 'sent') store.removeDraft();
    const kept = queued ?? draft;
    fillToken.current = { formToken: kept?.formToken, formTokenAt: kept?.formTokenAt };
    if (queued) {
      pending.current = queued;
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
    void loadSession(!queued).then(() => {
      if (queued && navigator.onLine) void deliverPending();
      else if (queued) retry.schedule();
    });
    const onOnline = () => {
      if (!pending.current) return;
      retry.cancel();
      void deliverPending();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible' && !pending.current) renewFillToken();
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      retry.cancel();
    };
    // Runs once per mounted form; the callbacks read refs, not stale state.
  }, []);

  // Typed-but-unsent text survives a reload.
  useEffect(() => {
    if (!restored || !idempotencyKey || status === 'sent') return;
    store.keepDraft({ values, idempotencyKey, ...fillToken.current }, empty);
  }, [restored, values, idempotencyKey, status]);

  // Focus follows the outcome: the error summary (so it is read out whole), the thank-you heading, or a fresh form.
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'success') {
      // Centred, so the sticky header does not hide the top of the thank-you card.
      successHeadingRef.current?.focus({ preventScroll: true });
      successHeadingRef.current?.scrollIntoView({ block: 'center' });
      return;
    }
    if (target === 'invalid') errorSummaryRef.current?.focus();
    else formRef.current?.querySelector<HTMLElement>(`[data-field="${fields[0]}"]`)?.focus();
  });

  function setValue(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted) {
      const checked = validate(next);
      setErrors(checked.ok ? {} : checked.fieldErrors);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    setAttempted(true);
    setFormError(undefined);
    const checked = validate(values);
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      setReported(checked.fieldErrors);
      focusNext.current = 'invalid';
      return;
    }
    setErrors({});
    setReported({});
    const key = idempotencyKey ?? newIdempotencyKey();
    if (!idempotencyKey) setIdempotencyKey(key);
    const website = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    void deliver(
      {
        values,
        idempotencyKey: key,
        website: typeof website === 'string' ? website : '',
        ...(fillToken.current.formToken ? { formToken: fillToken.current.formToken } : {}),
      },
      true,
    );
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
    session.current = undefined;
    fillToken.current = {};
    void loadSession(true);
    focusNext.current = 'first';
  }

  return {
    postResult,
    values,
    status,
    formError,
    idempotencyKey,
    successHeadingRef,
    recaptchaSiteKey,
    errorSummary: errorSummaryItems(reported, fields),
    errorSummaryRef,
    setValue,
    startAgain,
    error: (field: Field) => firstMessage(errors, field),
    formProps: { ref: formRef, method: 'post', action: formPostAddress(options.action), noValidate: true, onSubmit, onFocus: atTheForm, onInput: atTheForm } as const,
  };
}
