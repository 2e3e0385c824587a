import { useEffect, useRef, useState } from 'react';
import type { Delivery, DeliveryOutcome } from './delivery';
import type { EnquiryStore, PendingEnquiry } from './enquiryStore';
import { retrySchedule } from './retrySchedule';
import type { SendFailure } from './sendFailure';

/**
 * One try at delivering, its code imported when first needed (decision 0006); code that cannot be
 * loaded (offline before it arrived) is a connection that is not there: the enquiry is kept.
 */
function deliverOnce<Field extends string, Output>(
  enquiry: PendingEnquiry<Field>,
  delivery: Delivery<Field, Output>,
): Promise<DeliveryOutcome<Field>> {
  return import('./delivery').then(
    ({ deliverEnquiry }) => deliverEnquiry(enquiry, delivery),
    () => ({ sent: false, failure: { kind: 'unreachable' }, attempt: enquiry }),
  );
}

/** What the form shows as a delivery goes: on its way (sent by the parent), sent, kept to retry, or refused. */
export type OutboxEvents = {
  sending(): void;
  sent(answer: unknown): void;
  queued(): void;
  refused(failure: Exclude<SendFailure, { kind: 'unreachable' }>): void;
};

/**
 * The outbox: one delivery at a time; an enquiry that does not reach the server is kept in the
 * browser (it survives a reload) and tried again, on a schedule and at once when the browser is
 * back online.
 */
export function useOutbox<Field extends string, Output>(
  store: EnquiryStore<Field>,
  delivery: Delivery<Field, Output>,
  on: OutboxEvents,
) {
  const pending = useRef<PendingEnquiry<Field> | undefined>(undefined);
  const inFlight = useRef(false);
  const [retry] = useState(() => retrySchedule(() => void deliverPending()));

  /** Delivered or refused: nothing is left to send. */
  function settled() {
    pending.current = undefined;
    retry.reset();
    store.removeQueued();
  }

  async function deliver(enquiry: PendingEnquiry<Field>, byParent: boolean) {
    if (inFlight.current) return;
    inFlight.current = true;
    // The form checked the parent's answers before handing them over.
    if (byParent) on.sending();
    try {
      const outcome = await deliverOnce(enquiry, delivery);
      if (outcome.sent) {
        settled();
        store.removeDraft();
        on.sent(outcome.answer);
      } else if (outcome.failure.kind === 'unreachable') {
        pending.current = outcome.attempt;
        store.queue(outcome.attempt);
        on.queued();
        retry.schedule();
      } else {
        settled();
        on.refused(outcome.failure);
      }
    } finally {
      inFlight.current = false;
    }
  }

  function deliverPending() {
    const enquiry = pending.current ?? store.readQueued();
    if (enquiry) return deliver(enquiry, false);
  }

  useEffect(() => {
    const onOnline = () => {
      if (!pending.current) return;
      retry.cancel();
      void deliverPending();
    };
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      retry.cancel();
    };
    // Runs once per mounted form; the callbacks read refs, not stale state.
  }, []);

  return {
    deliver,
    /** Sending now or not: a second send waits for the first. */
    busy: () => inFlight.current,
    hasPending: () => pending.current !== undefined,
    /** An enquiry left in the outbox by an earlier visit: sent at once when online, else on the schedule. */
    resume(queued: PendingEnquiry<Field>) {
      pending.current = queued;
    },
    sendResumed() {
      if (navigator.onLine) void deliverPending();
      else retry.schedule();
    },
  };
}
