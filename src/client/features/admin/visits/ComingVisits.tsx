import { useQuery } from '@tanstack/react-query';
import { COMING_VISIT_DAYS, type ComingVisitDay } from '#shared/admissions/visits.ts';
import { formatSchoolDay } from '#shared/schoolTimes.ts';
import { useTRPC } from '#client/trpc.tsx';
import { LoadFailed } from '#client/features/admin/common/LoadFailed.tsx';

const count = (number: number, one: string, many: string) => `${number} ${number === 1 ? one : many}`;

/** "Sat 5 Dec: 2 visit times, 3 families booked, 2 of 5 places free". */
const comingDayText = ({ day, slots, places, booked }: ComingVisitDay) =>
  `${formatSchoolDay(day)}: ${count(slots, 'visit time', 'visit times')}, ${count(booked, 'family', 'families')} booked, ${places - booked} of ${count(places, 'place', 'places')} free`;

/** The coming days with visit times, so the office sees which day to open; each opens that day's list. */
export function ComingVisits({ shown, onOpen }: { shown: string; onOpen: (day: string) => void }) {
  const trpc = useTRPC();
  const coming = useQuery(trpc.visits.coming.queryOptions());
  return (
    <section aria-labelledby="visits-coming-title">
      <h3 id="visits-coming-title" className="panel-subtitle">
        Coming visits
      </h3>
      {coming.isError ? (
        <LoadFailed
          message="The coming visits could not be loaded. Please try again."
          onRetry={() => void coming.refetch()}
        />
      ) : coming.isPending ? (
        <p role="status">Loading the coming visits...</p>
      ) : coming.data.length === 0 ? (
        <p>No visit times are published for the next {COMING_VISIT_DAYS} days.</p>
      ) : (
        <ul className="visits__coming">
          {coming.data.map((day) => (
            <li key={day.day}>
              <button
                type="button"
                className="button button--outline visits__coming-day"
                aria-current={day.day === shown ? 'date' : undefined}
                onClick={() => onOpen(day.day)}
              >
                {comingDayText(day)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
