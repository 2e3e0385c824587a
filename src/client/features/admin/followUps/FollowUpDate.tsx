import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { holidayMessages } from '#shared/admissions/holidays.ts';
import { formatSchoolDay } from '#shared/schoolTimes.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { httpStatusOf, isUnauthorized } from '#client/features/admin/common/apiErrors.ts';
import { AdminField } from '#client/features/admin/common/AdminField.tsx';

type Card = { followUpOn: string | null; suggested: string; today: string };

/** The date field, starting from the date set or else today's suggestion for the stage. */
function FollowUpForm({ id, name, card }: { id: number; name: string; card: Card }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(card.followUpOn ?? card.suggested);
  const [error, setError] = useState<string | undefined>();
  const save = useMutation(
    trpc.followUps.set.mutationOptions({
      onSuccess: async (saved) => {
        setError(undefined);
        await queryClient.invalidateQueries(trpc.followUps.pathFilter());
        await queryClient.invalidateQueries(trpc.dashboard.pathFilter());
        toast({
          title: saved.followUpOn ? `Follow-up set for ${formatSchoolDay(saved.followUpOn)}` : 'Follow-up cleared',
        });
      },
      onError: (failure) => {
        if (isUnauthorized(failure)) return;
        setError(
          httpStatusOf(failure) === 400 ? failure.message : 'The follow-up date could not be saved. Please try again.',
        );
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft) {
      setError('Please choose a date, or use Clear to remove the follow-up.');
      return;
    }
    // A day past would only ever show as overdue: the office means a coming day.
    if (draft < card.today) {
      setError(holidayMessages.passed);
      return;
    }
    save.mutate({ id, followUpOn: draft });
  }

  function takeSuggestion() {
    setDraft(card.suggested);
    save.mutate({ id, followUpOn: card.suggested });
  }

  return (
    <form className="follow-up" onSubmit={submit} aria-label={`Follow-up for ${name}`} noValidate>
      <AdminField
        label="Follow-up date"
        hint={`${card.followUpOn ? `Set for ${formatSchoolDay(card.followUpOn)}.` : 'None set.'} Suggested: ${formatSchoolDay(card.suggested)}.`}
        error={error}
        className="field follow-up__field"
      >
        {(control) => (
          <input
            {...control}
            className="field__input"
            type="date"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        )}
      </AdminField>
      <div className="follow-up__actions">
        <button type="submit" className="button button--primary admin-small-button" disabled={save.isPending}>
          Save date
        </button>
        {card.followUpOn !== card.suggested && (
          <button
            type="button"
            className="button button--outline admin-small-button"
            disabled={save.isPending}
            onClick={takeSuggestion}
          >
            Use {formatSchoolDay(card.suggested)}
          </button>
        )}
        {card.followUpOn && (
          <button
            type="button"
            className="button button--outline admin-small-button"
            disabled={save.isPending}
            onClick={() => save.mutate({ id, followUpOn: null })}
          >
            Clear
          </button>
        )}
      </div>
    </form>
  );
}

/** An admission enquiry's follow-up date on its opened card: the suggestion, changeable, or cleared. */
export function FollowUpDate({ id, name }: { id: number; name: string }) {
  const trpc = useTRPC();
  const card = useQuery(trpc.followUps.card.queryOptions({ id }));
  if (!card.data) return null;
  // Keyed on the stored date: a change saved (here or elsewhere) starts the field from it again.
  return <FollowUpForm key={card.data.followUpOn ?? 'none'} id={id} name={name} card={card.data} />;
}
