import { useEffect, useRef, useState, type FormEvent } from 'react';
import { HONEYPOT_FIELD, type EnquiryEnvelope } from '../../../shared/enquiries/envelope';
import type { inferRouterOutputs } from '@trpc/server';
import { enquiryForms, type FormPostResult } from '../../../shared/enquiries/formPostResult';
import type { EnquiryKind } from '../../../shared/enquiries/kinds';
import type { AppRouter } from '../../../server/routers';
import { FORM_TOKEN_LIFETIME_MS } from '../../../shared/enquiries/formToken';
import { useFormPostResult } from './postResultContext';
import { apiClient, type ApiClient } from '../../api/apiClient';
import { toast } from '../../ui/toast/toastStore';
import { isRecord, readStored, removeStored, writeStored } from './browserStore';
import { readEmbeddedPostResult } from './embeddedPostResult';
import { errorSummaryItems } from './errorSummary';
import { newIdempotencyKey } from './idempotencyKey';
import { preloadRecaptcha, recaptchaToken } from './recaptcha';
import { classifySendFailure, type FieldErrors, type SendFailure } from './sendFailure';

export type { ApiClient };

/** editing → sending → sent; or, when the network fails, queued until it is delivered. */
export type FormStatus = 'editing' | 'sending' | 'queued' | 'sent';

export type Validation<Output> = { ok: true; data: Output } | { ok: false; fieldErrors: FieldErrors };

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

/** A filled form waiting to be delivered, kept in the browser until the server accepts it. */
type PendingEnquiry<Field extends string> = {
  values: Record<Field, string>;
  idempotencyKey: string;
  website: string;
} & FillToken;

/** The fill token and when this browser received it (its own clock, so a phone set to the wrong time does not matter). */
type FillToken = { formToken?: string; formTokenAt?: number };

type Draft<Field extends string> = { values: Record<Field, string>; idempotencyKey: string } & FillToken;

/**
 * A fill token older than this is replaced when the parent comes back to the form (focus,
 * typing, the tab shown again, a draft restored): well inside the server's 24 hours, so a form
 * left open overnight is not sent with an expired token and kept as spam.
 */
const FILL_TOKEN_RENEW_AFTER_MS = FORM_TOKEN_LIFETIME_MS / 2;

/** Waits between automatic retries while the enquiry is queued; the `online` event retries at once. */
const RETRY_DELAYS_MS = [5_000, 15_000, 30_000, 60_000];

const SUCCESS_TOAST_TITLE = 'Success!';
const ERROR_TOAST_TITLE = 'Error';

function valuesFrom<Field extends string>(fields: readonly Field[], source: unknown): Record<Field, string> | undefined {
  if (!isRecord(source)) return undefined;
  const values = {} as Record<Field, string>;
  for (const field of fields) {
    const value = source[field];
    if (typeof value !== 'string') return undefined;
    values[field] = value;
  }
  return values;
}

function initialValues<Field extends string>(empty: Record<Field, string>, result: FormPostResult | undefined): Record<Field, string> {
  if (!result || result.outcome === 'sent') return empty;
  const values = { ...empty };
  for (const field of Object.keys(empty) as Field[]) {
    const posted = result.values[field];
    if (typeof posted === 'string') values[field] = posted;
  }
  return values;
}

/**
 * What the parent typed into the server-rendered form before the script arrived (slow 4G).
 * Hydration would otherwise reset every field to the state's values and lose it; read during
 * the first render, before React touches the page.
 */
function valuesTypedBeforeHydration<Field extends string>(
  action: string,
  fields: readonly Field[],
  rendered: Record<Field, string>,
): Record<Field, string> | undefined {
  if (typeof document === 'undefined') return undefined;
  const form = document.querySelector<HTMLFormElement>(`form[action="${action}"]`);
  if (!form) return undefined;
  const values = { ...rendered };
  let typed = false;
  for (const field of fields) {
    const control = form.elements.namedItem(field);
    if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement) {
      values[field] = control.value;
      typed ||= control.value !== rendered[field];
    }
  }
  return typed ? values : undefined;
}

function firstMessage(errors: FieldErrors, field: string): string | undefined {
  return errors[field]?.[0];
}

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
  const draftKey = `enquiry:${form}:draft`;
  const outboxKey = `enquiry:${form}:outbox`;

  const [typedEarly] = useState(() => valuesTypedBeforeHydration(options.action, fields, initialValues(empty, postResult)));
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
  const retry = useRef<{ timer?: ReturnType<typeof setTimeout>; attempt: number }>({ attempt: 0 });
  const focusNext = useRef<'invalid' | 'success' | 'first' | null>(null);

  const isDraft = (value: unknown): value is Draft<Field> =>
    isRecord(value) &&
    typeof value.idempotencyKey === 'string' &&
    (value.formToken === undefined || typeof value.formToken === 'string') &&
    (value.formTokenAt === undefined || typeof value.formTokenAt === 'number') &&
    valuesFrom(fields, value.values) !== undefined;
  const isPending = (value: unknown): value is PendingEnquiry<Field> => isRecord(value) && typeof value.website === 'string' && isDraft(value);

  const fillTokenIsRecent = () => {
    const { formToken, formTokenAt } = fillToken.current;
    return formToken !== undefined && formTokenAt !== undefined && Date.now() - formTokenAt < FILL_TOKEN_RENEW_AFTER_MS;
  };

  /**
   * startsFill: the parent is at the form now, so this token marks when filling began, unless
   * the fill already has a recent one (a restored draft keeps its own, so sending at once is fine).
   */
  function loadSession(startsFill: boolean): Promise<FormSession | undefined> {
    return client.enquiries.formSession.query().then(
      (answer) => {
        session.current = answer;
        if (startsFill && !fillTokenIsRecent()) fillToken.current = { formToken: answer.formToken, formTokenAt: Date.now() };
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
    if (fillTokenIsRecent() || renewingSession.current) return;
    renewingSession.current = true;
    void loadSession(true).finally(() => {
      renewingSession.current = false;
    });
  }

  function clearRetry() {
    clearTimeout(retry.current.timer);
    retry.current = { attempt: 0 };
  }

  function scheduleRetry() {
    clearTimeout(retry.current.timer);
    const wait = RETRY_DELAYS_MS[Math.min(retry.current.attempt, RETRY_DELAYS_MS.length - 1)];
    retry.current = { attempt: retry.current.attempt + 1, timer: setTimeout(() => void deliverPending(), wait) };
  }

  function succeeded() {
    pending.current = undefined;
    clearRetry();
    removeStored(outboxKey);
    removeStored(draftKey);
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
      writeStored(outboxKey, enquiry);
      setStatus('queued');
      scheduleRetry();
      return;
    }
    pending.current = undefined;
    clearRetry();
    removeStored(outboxKey);
    setStatus('editing');
    if (failure.kind === 'invalid') {
      setAttempted(true);
      setErrors(failure.fieldErrors);
      setReported(failure.fieldErrors);
      focusNext.current = 'invalid';
      const onOtherFields = Object.keys(failure.fieldErrors).filter((field) => !(fields as readonly string[]).includes(field));
      const orderedFields = [...onOtherFields, ...fields];
      const message = orderedFields.map((field) => firstMessage(failure.fieldErrors, field)).find(Boolean);
      const description = (onOtherFields.length > 0 ? message : failure.message) ?? message ?? texts.failureToast;
      toast({ title: ERROR_TOAST_TITLE, description, variant: 'destructive' });
      return;
    }
    toast({ title: ERROR_TOAST_TITLE, description: failure.message ?? texts.failureToast, variant: 'destructive' });
  }

  async function deliver(enquiry: PendingEnquiry<Field>, byParent: boolean) {
    if (inFlight.current) return;
    const checked = validate(enquiry.values);
    if (!checked.ok) {
      failed({ kind: 'invalid', fieldErrors: checked.fieldErrors }, enquiry);
      return;
    }
    inFlight.current = true;
    if (byParent) setStatus('sending');
    // A token fetched only now would make a long fill look instant (kept as spam); so would a missing one.
    const current = session.current ?? (await loadSession(false));
    const formToken = enquiry.formToken ?? fillToken.current.formToken;
    const attempt = formToken ? { ...enquiry, formToken } : enquiry;
    try {
      const token = await recaptchaToken(current?.recaptchaSiteKey, enquiryForms[form].recaptchaAction);
      await send(client, checked.data, {
        idempotencyKey: attempt.idempotencyKey,
        website: attempt.website,
        ...(formToken ? { formToken } : {}),
        ...(token ? { token } : {}),
      });
      succeeded();
    } catch (error) {
      failed(classifySendFailure(error), attempt);
    } finally {
      inFlight.current = false;
    }
  }

  function deliverPending() {
    const enquiry = pending.current ?? readStored(outboxKey, isPending);
    if (enquiry) return deliver(enquiry, false);
  }

  // On arrival: an enquiry left in the outbox is shown and sent; otherwise the draft comes back.
  useEffect(() => {
    const queued = readStored(outboxKey, isPending);
    const draft = postResult || typedEarly ? undefined : readStored(draftKey, isDraft);
    if (postResult?.outcome === 'sent') removeStored(draftKey);
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
      else if (queued) scheduleRetry();
    });
    const onOnline = () => {
      if (!pending.current) return;
      clearTimeout(retry.current.timer);
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
      clearTimeout(retry.current.timer);
    };
    // Runs once per mounted form; the callbacks read refs, not stale state.
  }, []);

  // Typed-but-unsent text survives a reload.
  useEffect(() => {
    if (!restored || !idempotencyKey || status === 'sent') return;
    const touched = fields.some((field) => values[field] !== empty[field]);
    const { formToken, formTokenAt } = fillToken.current;
    if (touched) writeStored(draftKey, { values, idempotencyKey, ...(formToken ? { formToken, formTokenAt } : {}) } satisfies Draft<Field>);
    else removeStored(draftKey);
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
    formProps: { ref: formRef, method: 'post', action: options.action, noValidate: true, onSubmit, onFocus: atTheForm, onInput: atTheForm } as const,
  };
}
