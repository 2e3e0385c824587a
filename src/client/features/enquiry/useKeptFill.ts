import { useEffect, useState } from 'react';
import type { Draft, EnquiryStore, PendingEnquiry } from './outbox/enquiryStore';
import type { FormStatus } from './enquiryFormOptions';
import type { useFormSession } from './useFormSession';

type KeptFillOptions<Field extends string> = {
  store: EnquiryStore<Field>;
  session: Pick<ReturnType<typeof useFormSession>, 'fillToken' | 'loadSession' | 'renewFillToken'>;
  outbox: { resume(queued: PendingEnquiry<Field>): void; sendResumed(): void; hasPending(): boolean };
  /** The page arrived with an outcome or with values typed before hydration: no draft comes back. */
  arrivedFilled: boolean;
  /** The form was sent without JavaScript: its draft is done with. */
  sentByPost: boolean;
  empty: Record<Field, string>;
  /** The fill being typed, kept as a draft while it is not sent. */
  fill: { values: Record<Field, string>; idempotencyKey: string | undefined; status: FormStatus };
  /** What came back on arrival (the queued enquiry or the draft, if any), for the form to show. */
  onArrival(kept: Draft<Field> | undefined, queued: boolean): void;
};

/**
 * What survives a reload: on arrival an enquiry left in the outbox is shown and sent, otherwise
 * the draft comes back; typed-but-unsent text is kept as a draft; the fill token is renewed when
 * the parent comes back to the tab.
 */
export function useKeptFill<Field extends string>(options: KeptFillOptions<Field>) {
  const { store, session, outbox, empty, fill } = options;
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    const queued = store.readQueued();
    const draft = options.arrivedFilled ? undefined : store.readDraft();
    if (options.sentByPost) store.removeDraft();
    const kept = queued ?? draft;
    session.fillToken.current = { formToken: kept?.formToken, formTokenAt: kept?.formTokenAt };
    if (queued) outbox.resume(queued);
    options.onArrival(kept, queued !== undefined);
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
    if (!restored || !fill.idempotencyKey || fill.status === 'sent') return;
    store.keepDraft({ values: fill.values, idempotencyKey: fill.idempotencyKey, ...session.fillToken.current }, empty);
  }, [restored, fill.values, fill.idempotencyKey, fill.status]);
}
