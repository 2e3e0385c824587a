import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OfficeParentEvent } from '#shared/parents/events.ts';
import { formatSchoolDay } from '#shared/schoolTimes.ts';
import { schoolToday } from '#shared/time.ts';
import { useTRPC } from '#client/trpc.tsx';
import { LoadedList } from '#client/features/admin/common/LoadedList.tsx';
import { EventForm } from './EventForm';
import { PaneItems } from './PaneItems';
import type { PaneProps } from './paneProps';
import { usePaneRemoval } from './usePaneRemoval';
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
  const removal = usePaneRemoval((handlers) => trpc.parents.removeEvent.mutationOptions(handlers), {
    removed: 'Event removed',
    reload: () => queryClient.invalidateQueries(trpc.parents.events.pathFilter()),
    headingRef,
  });

  const today = schoolToday();
  return (
    <div className="parents-panes">
      <p className="admin-section__plain">
        Parents see each event until its day has passed, and in their phone’s calendar if they added the school’s
        calendar.
      </p>
      <LoadedList query={events} failed="The events could not be loaded. Please try again." empty="No events yet.">
        {(items) => (
          <PaneItems
            items={items}
            nameOf={(event) => `the event ${event.title}`}
            consequence="Parents will no longer see it, nor have it in their calendar."
            removal={removal}
            view={(event) => (
              <>
                <p className="parents-panes__meta">
                  <time dateTime={event.time ? `${event.date}T${event.time}` : event.date}>{whenAndWhere(event)}</time>
                  {event.date < today ? ' (passed: parents no longer see it)' : null}
                </p>
                <p className="parents-panes__meta">{event.text}</p>
              </>
            )}
            form={(event, done) => <EventForm event={event} onDone={done} />}
          />
        )}
      </LoadedList>
      <EventForm />
    </div>
  );
}
