import { useState, type FormEvent } from 'react';
import { HONEYPOT_FIELD } from '../../../shared/enquiries/formFields';
import { formPostAddress } from '../../../shared/enquiries/formPostResult';
import { bookingUrlOf, formDelivery } from './formDelivery';
import { useFormPostResult } from './postResultContext';
import { toast } from '../../ui/toast/toastStore';
import { loadOnce } from './loadOnce';
import { enquiryStore } from './outbox/enquiryStore';
import { firstMessage, initialValues, invalidSendMessage, valuesTypedBeforeHydration } from './formState';
import { readEmbeddedPostResult } from './embeddedPostResult';
import { errorSummaryItems } from './errorSummary';
import { newIdempotencyKey } from './outbox/idempotencyKey';
import type { EnquiryFormOptions, FormStatus } from './formTypes';
import { useAnswers } from './useAnswers';
import { useFormSession } from './useFormSession';
import { useOutbox } from './outbox/useOutbox';
import { useOutcomeFocus } from './useOutcomeFocus';
import { useRestoredFill } from './useRestoredFill';

const toastTitles = { success: 'Success!', error: 'Error' } as const;

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
  const answers = useAnswers(
    {
      values: () => typedEarly ?? initialValues(empty, postResult),
      fieldErrors: postResult?.fieldErrors ?? {},
      formError: postResult?.formError,
      attempted: Boolean(postResult && postResult.outcome !== 'sent'),
    },
    // The tools arrive while the parent is in the form; after a send they are there.
    (next) => tools.current()?.validate(next),
  );
  const { values } = answers;
  const [status, setStatus] = useState<FormStatus>(postResult?.outcome === 'sent' ? 'sent' : 'editing');
  // Made in the browser only: a key in the prerendered HTML would be shared by every visitor.
  const [idempotencyKey, setIdempotencyKey] = useState<string>();
  const [bookingUrl, setBookingUrl] = useState(postResult?.bookingUrl);

  const focus = useOutcomeFocus(fields[0]);
  const session = useFormSession(typedEarly !== undefined);
  const outbox = useOutbox(store, formDelivery(form, tools, session), {
    sending: () => setStatus('sending'),
    queued: () => setStatus('queued'),
    sent(answer) {
      setBookingUrl(bookingUrlOf(answer));
      answers.clear(false);
      setStatus('sent');
      focus.focusAfterRender('success');
      toast({ title: toastTitles.success, description: texts.successToast });
    },
    refused(failure) {
      setStatus('editing');
      if (failure.kind === 'invalid') {
        answers.refused(failure.fieldErrors);
        focus.focusAfterRender('invalid');
        const description = invalidSendMessage(failure.fieldErrors, fields, failure.message, texts.failureToast);
        toast({ title: toastTitles.error, description, variant: 'destructive' });
        return;
      }
      toast({ title: toastTitles.error, description: failure.message ?? texts.failureToast, variant: 'destructive' });
    },
  });

  useRestoredFill({
    store,
    postResult,
    typedEarly,
    empty,
    session,
    outbox,
    now: { values, idempotencyKey, status },
    restore: { values: answers.setValues, idempotencyKey: setIdempotencyKey, queued: () => setStatus('queued') },
  });

  /** The parent is (back) at the form: the tools start loading, with reCAPTCHA and the fill token (useFormSession). */
  function atTheForm() {
    tools.load().catch(() => undefined);
    session.atTheForm();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (outbox.busy()) return;
    const website = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    answers.trying();
    // Without its tools (offline before they arrived) the enquiry goes to the outbox unchecked; it is checked before it is sent.
    const checked = (await tools.load().catch(() => undefined))?.validate(values);
    if (checked && !checked.ok) {
      answers.refused(checked.fieldErrors);
      focus.focusAfterRender('invalid');
      return;
    }
    answers.clear(true);
    const key = idempotencyKey ?? newIdempotencyKey();
    if (!idempotencyKey) setIdempotencyKey(key);
    void outbox.deliver({ values, idempotencyKey: key, website: typeof website === 'string' ? website : '' }, true);
  }

  /** "Send Another Message": a blank form with a new key and a new session. */
  function startAgain(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    answers.setValues(empty);
    answers.clear(false);
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
    formError: answers.formError,
    idempotencyKey,
    successHeadingRef: focus.successHeadingRef,
    recaptchaSiteKey: session.recaptchaSiteKey,
    errorSummary: errorSummaryItems(answers.reported, fields),
    errorSummaryRef: focus.errorSummaryRef,
    setValue: answers.setValue,
    startAgain,
    error: (field: Field) => firstMessage(answers.errors, field),
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
