import { useEffect, useState } from 'react';
import type { FormPostResult } from '../../../shared/enquiries/formPostResult';
import type { FormStatus } from './formTypes';
import type { EnquiryStore } from './outbox/enquiryStore';
import { newIdempotencyKey } from './outbox/idempotencyKey';
import type { useOutbox } from './outbox/useOutbox';
import type { useFormSession } from './useFormSession';

type Fill<Field extends string> = {
  values: Record<Field, string>;
  idempotencyKey: string | undefined;
  status: FormStatus;
};

type Arrival<Field extends string> = {
  store: EnquiryStore<Field>;
  postResult: FormPostResult | undefined;
  typedEarly: Record<Field, string> | undefined;
  empty: Record<Field, string>;
  session: ReturnType<typeof useFormSession>;
  outbox: Pick<ReturnType<typeof useOutbox<Field, unknown>>, 'resume' | 'sendResumed' | 'hasPending'>;
  /** What the form holds now, kept as the draft. */
  now: Fill<Field>;
  restore: {
    values(values: Record<Field, string>): void;
    idempotencyKey(key: string): void;
    queued(): void;
  };
};

/**
 * On arrival, an enquiry left in the outbox is shown and sent, otherwise the draft comes back;
 * from then on typed-but-unsent text is kept as the draft, so it survives a reload.
 */
export function useRestoredFill<Field extends string>({
  store,
  postResult,
  typedEarly,
  empty,
  session,
  outbox,
  now,
  restore,
}: Arrival<Field>) {
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    const queued = store.readQueued();
    const draft = postResult || typedEarly ? undefined : store.readDraft();
    if (postResult?.outcome === 'sent') store.removeDraft();
    const kept = queued ?? draft;
    session.fillToken.current = { formToken: kept?.formToken, formTokenAt: kept?.formTokenAt };
    if (queued) {
      outbox.resume(queued);
      restore.values(queued.values);
      restore.idempotencyKey(queued.idempotencyKey);
      restore.queued();
    } else if (draft) {
      restore.values(draft.values);
      restore.idempotencyKey(draft.idempotencyKey);
    } else {
      restore.idempotencyKey(newIdempotencyKey());
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

  useEffect(() => {
    if (!restored || !now.idempotencyKey || now.status === 'sent') return;
    store.keepDraft({ values: now.values, idempotencyKey: now.idempotencyKey, ...session.fillToken.current }, empty);
  }, [restored, now.values, now.idempotencyKey, now.status]);
}
