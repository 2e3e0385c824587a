import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { holidayDayText, schoolHolidaySchema, type SchoolHoliday } from '#shared/admissions/holidays.ts';
import { schoolToday } from '#shared/time.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { AdminField } from '#client/features/admin/common/AdminField.tsx';
import { httpStatusOf, isUnauthorized } from '#client/features/admin/common/apiErrors.ts';
import { firstMessagePerField } from '#client/features/admin/common/fieldMessages.ts';
import { LoadedList } from '#client/features/admin/common/LoadedList.tsx';

type Errors = Partial<Record<keyof SchoolHoliday, string>>;

const emptyDraft: SchoolHoliday = { day: '', name: '' };

const holidayText = (holiday: SchoolHoliday) => `${holidayDayText(holiday.day)}, ${holiday.name}`;

/**
 * "School holidays" under Due today (decision 0039): the coming days the follow-up rule skips,
 * kept by the office itself, a holiday added or removed at a time.
 */
export function SchoolHolidays() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const holidays = useQuery(trpc.holidays.list.queryOptions());
  const [draft, setDraft] = useState<SchoolHoliday>(emptyDraft);
  const [errors, setErrors] = useState<Errors>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldRefs = { day: useRef<HTMLInputElement>(null), name: useRef<HTMLInputElement>(null) };
  // A holiday changes the follow-ups suggested from now on, which the opened enquiries show.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.holidays.pathFilter()),
      queryClient.invalidateQueries(trpc.followUps.pathFilter()),
    ]);

  function showErrors(found: Errors) {
    setErrors(found);
    const first = (['day', 'name'] as const).find((field) => found[field]);
    if (first) fieldRefs[first].current?.focus();
  }

  const add = useMutation(
    trpc.holidays.add.mutationOptions({
      onSuccess: (added) => {
        setDraft(emptyDraft);
        setErrors({});
        toast({ title: `Holiday added: ${holidayText(added)}` });
      },
      onError: (failure) => {
        if (isUnauthorized(failure)) return;
        const status = httpStatusOf(failure);
        // A day listed already or passed belongs to the date; the schema's own checks to their fields.
        if (status === 409 || status === 400) {
          const fieldErrors = failure.data?.fieldErrors;
          showErrors(
            fieldErrors ? { day: fieldErrors.day?.[0], name: fieldErrors.name?.[0] } : { day: failure.message },
          );
        } else
          toast({
            title: 'Not added',
            description: 'The holiday could not be saved. Please try again.',
            variant: 'destructive',
          });
      },
      onSettled: refresh,
    }),
  );
  const remove = useMutation(
    trpc.holidays.remove.mutationOptions({
      onSuccess: (removed) => toast({ title: `Holiday removed: ${holidayText(removed)}` }),
      onError: (failure) => {
        if (isUnauthorized(failure)) return;
        toast({
          title: 'Not removed',
          description: httpStatusOf(failure) === 404 ? failure.message : 'Please try again.',
          variant: 'destructive',
        });
      },
      onSettled: refresh,
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = schoolHolidaySchema.safeParse(draft);
    if (!checked.success) return showErrors(firstMessagePerField(checked.error.issues));
    setErrors({});
    add.mutate(checked.data);
  }

  function removeHoliday(holiday: SchoolHoliday) {
    // The button goes with its holiday: the cursor waits on the heading of the list.
    headingRef.current?.focus();
    remove.mutate({ day: holiday.day });
  }

  return (
    <section className="school-holidays" aria-labelledby="school-holidays-title">
      <h3 id="school-holidays-title" ref={headingRef} tabIndex={-1} className="panel-subtitle">
        School holidays
      </h3>
      <p className="admin-section__plain">
        No follow-up is suggested on these days, nor on a Sunday. Add the school’s holidays for each year when its
        calendar is published.
      </p>
      <LoadedList
        query={holidays}
        failed="The holidays could not be loaded. Please try again."
        empty="No holidays are listed from today on."
      >
        {(items) => (
          <ul className="school-holidays__list">
            {items.map((holiday) => (
              <li key={holiday.day} className="school-holidays__item">
                <time className="school-holidays__day" dateTime={holiday.day}>
                  {holidayDayText(holiday.day)}
                </time>
                <span className="school-holidays__name">{holiday.name}</span>
                <button
                  type="button"
                  className="button button--outline admin-small-button"
                  aria-label={`Remove ${holidayText(holiday)}`}
                  disabled={remove.isPending}
                  onClick={() => removeHoliday(holiday)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </LoadedList>
      <form className="school-holidays__form" onSubmit={submit} noValidate aria-labelledby="school-holidays-add-title">
        <h4 id="school-holidays-add-title" className="school-holidays__form-title">
          Add a holiday
        </h4>
        <AdminField label="Date" error={errors.day}>
          {(control) => (
            <input
              {...control}
              ref={fieldRefs.day}
              className="field__input"
              name="holiday-day"
              type="date"
              min={schoolToday()}
              value={draft.day}
              onChange={(event) => setDraft({ ...draft, day: event.target.value })}
            />
          )}
        </AdminField>
        <AdminField label="Name" error={errors.name}>
          {(control) => (
            <input
              {...control}
              ref={fieldRefs.name}
              className="field__input"
              name="holiday-name"
              type="text"
              autoComplete="off"
              value={draft.name}
              onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            />
          )}
        </AdminField>
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          Add holiday
        </button>
      </form>
    </section>
  );
}
