import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  visitPatternSchemaAt,
  visitPatternWarnings,
  visitSlotSchemaAt,
  visitSlotWarnings,
  visitWeekdays,
} from '#shared/admissions/visits.ts';
import { addWorkingDays } from '#shared/admissions/followUp.ts';
import type { SchoolHoliday } from '#shared/admissions/holidays.ts';
import { programLabel } from '#shared/admissions/report.ts';
import { ageInWholeYears, ageInYearsText } from '#shared/enquiries/birthDate.ts';
import { formatPhone } from '#shared/enquiries/fields.ts';
import { telUrl } from '#shared/contactUrls.ts';
import { schoolToday } from '#shared/time.ts';
import { formatSchoolDay, formatSchoolTime } from '#shared/schoolTimes.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { AdminField } from '#client/features/admin/common/AdminField.tsx';
import { isUnauthorized } from '#client/features/admin/common/apiErrors.ts';
import { LoadFailed } from '#client/features/admin/common/LoadFailed.tsx';
import { useFocusAfterRender } from '#client/features/admin/common/useFocusAfterRender.ts';
import { CancelSource } from './CancelSource';
import { ComingVisits } from './ComingVisits';
import { FastFilledDays } from './FastFilledDays';
import { firstMessagePerField } from '#client/features/admin/common/fieldMessages.ts';
import './visits.css';

const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';

type Errors = Record<string, string | undefined>;

function TextInput({
  label,
  name,
  type = 'text',
  value,
  onChange,
  error,
}: {
  label: ReactNode;
  name: string;
  type?: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <AdminField label={label} error={error}>
      {(control) => (
        <input
          {...control}
          className="field__input"
          name={name}
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </AdminField>
  );
}

/** What the form says of a slot without refusing it (a Sunday, a holiday, inside the cut-off). */
function SlotWarnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="visits__warnings" aria-live="polite">
      {warnings.map((warning) => (
        <li key={warning}>{warning}</li>
      ))}
    </ul>
  );
}

/** Publishing waits for the school's holidays, so the forms start at the next working day and can warn of a holiday. */
function PublishSlots() {
  const trpc = useTRPC();
  const holidays = useQuery(trpc.holidays.list.queryOptions());
  if (holidays.isPending) return <p role="status">Loading…</p>;
  // Without the list the forms still work: they start at the next day that is not a Sunday, and warn of no holiday.
  return <PublishForms holidays={holidays.data ?? []} />;
}

/** Publishing: one slot, or one a week on a weekday between two dates. */
function PublishForms({ holidays }: { holidays: SchoolHoliday[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [firstDay] = useState(() => addWorkingDays(schoolToday(), 1, new Set(holidays.map((holiday) => holiday.day))));
  const [single, setSingle] = useState({ day: firstDay, time: '10:00', minutes: '45', places: '3' });
  const [pattern, setPattern] = useState({
    weekday: 'Saturday',
    time: '10:00',
    minutes: '45',
    places: '3',
    from: firstDay,
    to: firstDay,
  });
  const [singleErrors, setSingleErrors] = useState<Errors>({});
  const [patternErrors, setPatternErrors] = useState<Errors>({});
  const done = {
    onSuccess: ({ added }: { added: number }) =>
      toast({ title: added === 1 ? '1 slot published' : `${added} slots published` }),
    onError: (failure: unknown) => {
      if (!isUnauthorized(failure))
        toast({ title: 'Not published', description: errorText(failure), variant: 'destructive' });
    },
    onSettled: () => queryClient.invalidateQueries(trpc.visits.pathFilter()),
  };
  const publishSlot = useMutation(trpc.visits.publishSlot.mutationOptions(done));
  const publishPattern = useMutation(trpc.visits.publishPattern.mutationOptions(done));

  function sendSingle(event: FormEvent) {
    event.preventDefault();
    const checked = visitSlotSchemaAt(new Date()).safeParse({
      ...single,
      minutes: Number(single.minutes),
      places: Number(single.places),
    });
    setSingleErrors(checked.success ? {} : firstMessagePerField(checked.error.issues));
    if (checked.success) publishSlot.mutate(checked.data);
  }
  function sendPattern(event: FormEvent) {
    event.preventDefault();
    const checked = visitPatternSchemaAt(new Date()).safeParse({
      ...pattern,
      minutes: Number(pattern.minutes),
      places: Number(pattern.places),
    });
    setPatternErrors(checked.success ? {} : firstMessagePerField(checked.error.issues));
    if (checked.success) publishPattern.mutate(checked.data);
  }

  return (
    <section aria-labelledby="visits-publish-title">
      <h3 id="visits-publish-title" className="panel-subtitle">
        Publish visit times
      </h3>
      <div className="visits__forms">
        <form className="visits__form" onSubmit={sendSingle} noValidate aria-labelledby="visits-one-title">
          <h4 id="visits-one-title" className="visits__form-title">
            One visit time
          </h4>
          <TextInput
            label="Date"
            name="day"
            type="date"
            value={single.day}
            onChange={(day) => setSingle({ ...single, day })}
            error={singleErrors.day}
          />
          <TextInput
            label="Start (school time)"
            name="time"
            type="time"
            value={single.time}
            onChange={(time) => setSingle({ ...single, time })}
            error={singleErrors.time}
          />
          <TextInput
            label="Length in minutes"
            name="minutes"
            type="number"
            value={single.minutes}
            onChange={(minutes) => setSingle({ ...single, minutes })}
            error={singleErrors.minutes}
          />
          <TextInput
            label="Families"
            name="places"
            type="number"
            value={single.places}
            onChange={(places) => setSingle({ ...single, places })}
            error={singleErrors.places}
          />
          <SlotWarnings warnings={visitSlotWarnings(single, new Date(), holidays)} />
          <button type="submit" className="button button--primary" disabled={publishSlot.isPending}>
            Publish this slot
          </button>
        </form>
        <form className="visits__form" onSubmit={sendPattern} noValidate aria-labelledby="visits-weekly-title">
          <h4 id="visits-weekly-title" className="visits__form-title">
            The same time every week
          </h4>
          <AdminField label="Every" error={patternErrors.weekday}>
            {(control) => (
              <select
                {...control}
                className="field__input"
                name="weekday"
                value={pattern.weekday}
                onChange={(event) => setPattern({ ...pattern, weekday: event.target.value })}
              >
                {visitWeekdays.map((weekday) => (
                  <option key={weekday}>{weekday}</option>
                ))}
              </select>
            )}
          </AdminField>
          <TextInput
            label="Start (school time)"
            name="time"
            type="time"
            value={pattern.time}
            onChange={(time) => setPattern({ ...pattern, time })}
            error={patternErrors.time}
          />
          <TextInput
            label="Length in minutes"
            name="minutes"
            type="number"
            value={pattern.minutes}
            onChange={(minutes) => setPattern({ ...pattern, minutes })}
            error={patternErrors.minutes}
          />
          <TextInput
            label="Families"
            name="places"
            type="number"
            value={pattern.places}
            onChange={(places) => setPattern({ ...pattern, places })}
            error={patternErrors.places}
          />
          <TextInput
            label="From"
            name="from"
            type="date"
            value={pattern.from}
            onChange={(from) => setPattern({ ...pattern, from })}
            error={patternErrors.from}
          />
          <TextInput
            label="To"
            name="to"
            type="date"
            value={pattern.to}
            onChange={(to) => setPattern({ ...pattern, to })}
            error={patternErrors.to}
          />
          <SlotWarnings warnings={visitPatternWarnings(pattern, new Date(), holidays)} />
          <button type="submit" className="button button--primary" disabled={publishPattern.isPending}>
            Publish every week
          </button>
        </form>
      </div>
    </section>
  );
}

/** A day's visits: each slot, and each family booked in it. */
function DayVisits({ day, setDay }: { day: string; setDay: (day: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const visits = useQuery(trpc.visits.day.queryOptions({ day }, { enabled: /^\d{4}-\d{2}-\d{2}$/.test(day) }));
  const withdraw = useMutation(
    trpc.visits.withdrawSlot.mutationOptions({
      onSuccess: () => toast({ title: 'Slot withdrawn' }),
      onError: (failure: unknown) => {
        if (!isUnauthorized(failure))
          toast({ title: 'Not withdrawn', description: errorText(failure), variant: 'destructive' });
      },
      onSettled: () => queryClient.invalidateQueries(trpc.visits.pathFilter()),
    }),
  );
  return (
    <section aria-labelledby="visits-day-title">
      <h3 id="visits-day-title" className="panel-subtitle" tabIndex={-1}>
        Visits on {/^\d{4}-\d{2}-\d{2}$/.test(day) ? formatSchoolDay(day) : 'a day'}
      </h3>
      <div className="visits__day">
        <TextInput label="Day" name="visit-day" type="date" value={day} onChange={setDay} error={undefined} />
      </div>
      {visits.isError ? (
        <LoadFailed message="The visits could not be loaded. Please try again." onRetry={() => void visits.refetch()} />
      ) : visits.isLoading ? (
        <p role="status">Loading the visits...</p>
      ) : visits.data?.length === 0 ? (
        <p>No visit times on this day.</p>
      ) : null}
      {visits.data?.map((slot) => (
        <div key={slot.id} className="visits__slot">
          <h4 id={`visit-slot-${slot.id}`}>
            {formatSchoolTime(slot.startsAt).split(', ')[1]}, {slot.minutes} minutes: {slot.visitors.length} of{' '}
            {slot.places} booked
          </h4>
          {slot.visitors.length === 0 ? (
            <button type="button" className="button button--secondary" onClick={() => withdraw.mutate({ id: slot.id })}>
              Withdraw this slot
            </button>
          ) : (
            // Focusable and named, so that a keyboard can scroll it too when it is wider than a phone.
            <div className="visits__table-scroll" role="region" aria-labelledby={`visit-slot-${slot.id}`} tabIndex={0}>
              <table className="visits__table">
                <thead>
                  <tr>
                    <th scope="col">Family</th>
                    <th scope="col">Child</th>
                    <th scope="col">Age</th>
                    <th scope="col">Program</th>
                    <th scope="col">Phone</th>
                    <th scope="col">Booked from</th>
                  </tr>
                </thead>
                <tbody>
                  {slot.visitors.map((visitor) => (
                    <tr key={visitor.bookingId}>
                      <td>{visitor.parentName}</td>
                      <td>{visitor.studentName}</td>
                      <td>{ageInYearsText(ageInWholeYears(visitor.birthDate)) ?? ''}</td>
                      <td>{programLabel(visitor.program)}</td>
                      <td>
                        <a className="visits__phone" href={telUrl(formatPhone(visitor.countryCode, visitor.phone))}>
                          {formatPhone(visitor.countryCode, visitor.phone)}
                        </a>
                      </td>
                      <td>
                        {visitor.source ?? ''} {visitor.source ? <CancelSource source={visitor.source} /> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      ))}
    </section>
  );
}

/** The Visits section (issue 24 §2): the coming days with visits, a day's visits, and the times families can book. */
export function VisitsPanel() {
  const [day, setDay] = useState(schoolToday());
  const focusAfterRender = useFocusAfterRender();
  function open(chosen: string) {
    setDay(chosen);
    focusAfterRender('visits-day-title');
  }
  return (
    <div className="visits">
      <FastFilledDays onOpen={open} />
      <div className="visits__days">
        <ComingVisits shown={day} onOpen={open} />
        <DayVisits day={day} setDay={setDay} />
      </div>
      <PublishSlots />
    </div>
  );
}
