import { useEffect, useRef, useState, type FormEvent } from 'react';
import { HONEYPOT_FIELD, type EnquiryEnvelope } from '../../../shared/enquiries/envelope';
import type { inferRouterOutputs } from '@trpc/server';
import { enquiryForms, type EnquiryFormName, type FormPostResult } from '../../../shared/enquiries/formPostResult';
import type { AppRouter } from '../../../server/routers';
import { useFormPostResult } from '../../app/formPostResult';
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
export type EnquiryStatus = 'editing' | 'sending' | 'queued' | 'sent';

export type Validation<Output> = { ok: true; data: Output } | { ok: false; fieldErrors: FieldErrors };

type FormSession = inferRouterOutputs<AppRouter>['enquiries']['formSession'];

export type EnquiryFormOptions<Field extends string, Output> = {
  form: EnquiryFormName;
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
  formToken?: string;
  website: string;
};

type Draft<Field extends string> = { values: Record<Field, string>; idempotencyKey: string; formToken?: string };

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
  const [status, setStatus] = useState<EnquiryStatus>(postResult?.outcome === 'sent' ? 'sent' : 'editing');
  const [formError, setFormError] = useState(postResult?.formError);
  const [attempted, setAttempted] = useState(Boolean(postResult && postResult.outcome !== 'sent'));
  // Made in the browser only: a key in the prerendered HTML would be shared by every visitor.
  const [idempotencyKey, setIdempotencyKey] = useState<string>();
  const [restored, setRestored] = useState(false);

  const formRef = useRef<HTMLFormElement>(null);
  const successHeadingRef = useRef<HTMLHeadingElement>(null);
  const errorSummaryRef = useRef<HTMLDivElement>(null);
  const session = useRef<FormSession | undefined>(undefined);
  /**
   * The form token of this fill: from when the form was first shown, kept with the draft and the
   * outbox, so a parent who reloads and sends at once is not taken for a bot by the fill-time check.
   */
  const fillToken = useRef<string | undefined>(undefined);
  const pending = useRef<PendingEnquiry<Field> | undefined>(undefined);
  const inFlight = useRef(false);
  const retry = useRef<{ timer?: ReturnType<typeof setTimeout>; attempt: number }>({ attempt: 0 });
  const focusNext = useRef<'invalid' | 'success' | 'first' | null>(null);

  const isDraft = (value: unknown): value is Draft<Field> =>
    isRecord(value) &&
    typeof value.idempotencyKey === 'string' &&
    (value.formToken === undefined || typeof value.formToken === 'string') &&
    valuesFrom(fields, value.values) !== undefined;
  const isPending = (value: unknown): value is PendingEnquiry<Field> => isRecord(value) && typeof value.website === 'string' && isDraft(value);

  /** startsFill: the form is being shown now, so this token marks when filling it began. */
  function loadSession(startsFill: boolean): Promise<FormSession | undefined> {
    return client.enquiries.formSession.query().then(
      (answer) => {
        session.current = answer;
        if (startsFill) fillToken.current ??= answer.formToken;
        if (answer.recaptchaSiteKey) preloadRecaptcha(answer.recaptchaSiteKey);
        return answer;
      },
      () => undefined,
    );
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
    // A token fetched only now would make a long fill look instant; without one the server skips the timing check.
    const current = session.current ?? (await loadSession(false));
    const formToken = enquiry.formToken ?? fillToken.current;
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
    fillToken.current = queued?.formToken ?? draft?.formToken;
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
    // Typing began before the form was live, so a token issued now would understate the fill time.
    void loadSession(!typedEarly).then(() => {
      if (queued && navigator.onLine) void deliverPending();
      else if (queued) scheduleRetry();
    });
    const onOnline = () => {
      if (!pending.current) return;
      clearTimeout(retry.current.timer);
      void deliverPending();
    };
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      clearTimeout(retry.current.timer);
    };
    // Runs once per mounted form; the callbacks read refs, not stale state.
  }, []);

  // Typed-but-unsent text survives a reload.
  useEffect(() => {
    if (!restored || !idempotencyKey || status === 'sent') return;
    const touched = fields.some((field) => values[field] !== empty[field]);
    const formToken = fillToken.current;
    if (touched) writeStored(draftKey, { values, idempotencyKey, ...(formToken ? { formToken } : {}) } satisfies Draft<Field>);
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
        ...(fillToken.current ? { formToken: fillToken.current } : {}),
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
    fillToken.current = undefined;
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
    errorSummary: errorSummaryItems(reported, fields),
    errorSummaryRef,
    setValue,
    startAgain,
    error: (field: Field) => firstMessage(errors, field),
    formProps: { ref: formRef, method: 'post', action: options.action, noValidate: true, onSubmit } as const,
  };
}
