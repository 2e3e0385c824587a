import { useQuery } from '@tanstack/react-query';
import { formatSchoolDay } from '#shared/schoolTimes.ts';
import { useTRPC } from '#client/trpc.tsx';

/**
 * The days whose places went fast (half or more within an hour; the office was emailed too): each
 * opens its list, where the connection each family booked from shows and can be cancelled whole.
 */
export function FastFilledDays({ onOpen }: { onOpen: (day: string) => void }) {
  const trpc = useTRPC();
  const alerts = useQuery(trpc.visits.fillAlerts.queryOptions());
  if (!alerts.data?.length) return null;
  return (
    <section aria-labelledby="visits-fast-title" className="visits__fast" role="alert">
      <h3 id="visits-fast-title" className="panel-subtitle">
        Filled unusually fast
      </h3>
      <ul>
        {alerts.data.map((alert) => (
          <li key={alert.day}>
            {alert.booked} of {alert.places} places on {formatSchoolDay(alert.day)} were booked within an hour.{' '}
            <button type="button" className="button button--outline" onClick={() => onOpen(alert.day)}>
              Check who booked
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
