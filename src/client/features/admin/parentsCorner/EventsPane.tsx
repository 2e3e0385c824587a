import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OfficeParentEvent } from '../../../../shared/parents/events';
import { formatSchoolDay } from '../../../../shared/schoolTimes';
import { schoolToday } from '../../../../shared/time';
import { useTRPC } from '../../../trpc';
import { toast } from '../../../ui/toast/toastStore';
import { httpStatusOf, isUnauthorized } from '../common/apiErrors';
import { LoadFailed } from '../common/LoadFailed';
import { ConfirmRemoval } from './ConfirmRemoval';
import { EventForm } from './EventForm';
import type { PaneProps } from './paneProps';
import './parentsPanes.css';

/** "Sat 5 Dec 2026, 09:30" or "Sat 5 Dec 2026, the whole day", and where. */
const whenAndWhere = (event: OfficeParentEvent) =>
  [formatSchoolDay(event.date, { withYear: true }), event.time ?? 'the whole day', event.place]
    .filter(Boolean)
    .join(', ');

/**
 * The office's events of the Parents' Corner: every event with its day, time and place, to add,
 * change or remove. A parent sees an event until its day has passed, and has it in their calendar.
 */
export function EventsPane({ headingRef }: PaneProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const events = useQuery(trpc.parents.events.queryOptions());
  const [editing, setEditing] = useState<number | undefined>(undefined);
  const remove = useMutation(
    trpc.parents.removeEvent.mutationOptions({
      onSuccess: () => toast({ title: 'Event removed' }),
      onError: (failure) => {
        if (isUnauthorized(failure)) return;
        toast({
          title: 'Not removed',
          description: httpStatusOf(failure) === 404 ? failure.message : 'Please try again.',
          variant: 'destructive',
        });
      },
      onSettled: () => queryClient.invalidateQueries(trpc.parents.events.pathFilter()),
    }),
  );

  function removeEvent(id: number) {
    // The item goes with its buttons: the cursor waits on the list's heading.
    headingRef.current?.focus();
    remove.mutate({ id });
  }

  const today = schoolToday();
  return (
    <div className="parents-panes">
      <p className="admin-section__plain">
        Parents see each event until its day has passed, and in their phone’s calendar if they added the school’s
        calendar.
      </p>
      {events.isError ? (
        <LoadFailed message="The events could not be loaded. Please try again." onRetry={() => void events.refetch()} />
      ) : !events.data ? (
        <p className="admin-section__plain" role="status">
          Loading…
        </p>
      ) : events.data.length === 0 ? (
        <p className="admin-section__plain">No events yet.</p>
      ) : (
        <ul className="parents-panes__list">
          {events.data.map((event) =>
            editing === event.id ? (
              <li key={event.id} className="parents-panes__item">
                <EventForm event={event} onDone={() => setEditing(undefined)} />
              </li>
            ) : (
              <li key={event.id} className="parents-panes__item">
                <p className="parents-panes__item-title">{event.title}</p>
                <p className="parents-panes__meta">
                  <time dateTime={event.time ? `${event.date}T${event.time}` : event.date}>{whenAndWhere(event)}</time>
                  {event.date < today ? ' (passed: parents no longer see it)' : null}
                </p>
                <p className="parents-panes__meta">{event.text}</p>
                <div className="parents-panes__actions">
                  <button
                    type="button"
                    className="button button--outline admin-small-button"
                    aria-label={`Change the event ${event.title}`}
                    onClick={() => setEditing(event.id)}
                  >
                    Change
                  </button>
                  <ConfirmRemoval
                    what={`the event ${event.title}`}
                    consequence="Parents will no longer see it, nor have it in their calendar."
                    pending={remove.isPending}
                    onRemove={() => removeEvent(event.id)}
                  />
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      <EventForm />
    </div>
  );
}
