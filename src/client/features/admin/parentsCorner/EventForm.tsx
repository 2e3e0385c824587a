import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  parentEventLabels,
  parentEventSchema,
  type OfficeParentEvent,
  type ParentEventInput,
} from '../../../../shared/parents/events';
import { useTRPC } from '../../../trpc';
import { toast } from '../../../ui/toast/toastStore';
import { AdminField } from '../common/AdminField';
import { httpStatusOf, isUnauthorized } from '../common/apiErrors';
import { firstMessagePerField } from '../common/fieldMessages';

type Field = keyof ParentEventInput;
type Errors = Partial<Record<Field, string>>;
type Draft = { title: string; date: string; wholeDay: boolean; time: string; place: string; text: string };

const fields: readonly Field[] = ['title', 'date', 'time', 'place', 'text'];

const draftOf = (event: OfficeParentEvent | undefined): Draft => ({
  title: event?.title ?? '',
  date: event?.date ?? '',
  wholeDay: event ? event.time === null : false,
  time: event?.time ?? '',
  place: event?.place ?? '',
  text: event?.text ?? '',
});

/** Adds an event, or (given `event`) changes it; checked with the server's schema before it is sent. */
export function EventForm({ event, onDone }: { event?: OfficeParentEvent; onDone?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(event));
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  function showErrors(found: Errors) {
    setErrors(found);
    const first = fields.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="event-${first}"]`)?.focus();
  }

  const handlers = {
    onSuccess: () => {
      toast({ title: event ? `Event changed: ${draft.title.trim()}` : `Event added: ${draft.title.trim()}` });
      if (!event) setDraft(draftOf(undefined));
      setErrors({});
      onDone?.();
    },
    onError: (failure: unknown) => {
      if (isUnauthorized(failure)) return;
      const status = httpStatusOf(failure);
      const fieldErrors = (failure as { data?: { fieldErrors?: Record<string, string[] | undefined> } }).data
        ?.fieldErrors;
      if (status === 400 && fieldErrors)
        return showErrors(Object.fromEntries(fields.map((field) => [field, fieldErrors[field]?.[0]])));
      toast({
        title: event ? 'Not changed' : 'Not added',
        description: status === 404 && failure instanceof Error ? failure.message : 'Please try again.',
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries(trpc.parents.events.pathFilter()),
  };
  const add = useMutation(trpc.parents.addEvent.mutationOptions(handlers));
  const edit = useMutation(trpc.parents.editEvent.mutationOptions(handlers));
  const pending = add.isPending || edit.isPending;

  function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const checked = parentEventSchema.safeParse({ ...draft, time: draft.wholeDay ? null : draft.time });
    if (!checked.success) return showErrors(firstMessagePerField(checked.error.issues));
    setErrors({});
    if (event) edit.mutate({ ...checked.data, id: event.id });
    else add.mutate(checked.data);
  }

  const titleId = `${id}-title`;
  return (
    <form ref={formRef} className="parents-panes__form" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h4 id={titleId} className="panel-subtitle">
        {event ? `Change “${event.title}”` : 'Add an event'}
      </h4>
      <AdminField label={parentEventLabels.title} error={errors.title}>
        {(control) => (
          <input
            {...control}
            name="event-title"
            className="field__input"
            type="text"
            autoComplete="off"
            value={draft.title}
            onChange={(change) => set('title', change.target.value)}
          />
        )}
      </AdminField>
      <AdminField label={parentEventLabels.date} error={errors.date}>
        {(control) => (
          <input
            {...control}
            name="event-date"
            className="field__input"
            type="date"
            value={draft.date}
            onChange={(change) => set('date', change.target.value)}
          />
        )}
      </AdminField>
      <div className="field field--checkbox">
        <div className="field__check">
          <input
            id={`${id}-whole-day`}
            type="checkbox"
            className="field__checkbox"
            checked={draft.wholeDay}
            onChange={(change) => set('wholeDay', change.target.checked)}
          />
          <label className="field__label" htmlFor={`${id}-whole-day`}>
            {parentEventLabels.wholeDay}
          </label>
        </div>
      </div>
      {draft.wholeDay ? null : (
        <AdminField
          label={parentEventLabels.time}
          hint="India time, as the school's clocks show it."
          error={errors.time}
        >
          {(control) => (
            <input
              {...control}
              name="event-time"
              className="field__input"
              type="time"
              value={draft.time}
              onChange={(change) => set('time', change.target.value)}
            />
          )}
        </AdminField>
      )}
      <AdminField
        label={
          <>
            {parentEventLabels.place} <span className="field__optional">(optional)</span>
          </>
        }
        hint="Leave empty for an event at school."
        error={errors.place}
      >
        {(control) => (
          <input
            {...control}
            name="event-place"
            className="field__input"
            type="text"
            value={draft.place}
            onChange={(change) => set('place', change.target.value)}
          />
        )}
      </AdminField>
      <AdminField label={parentEventLabels.text} error={errors.text}>
        {(control) => (
          <textarea
            {...control}
            name="event-text"
            className="field__input"
            rows={3}
            value={draft.text}
            onChange={(change) => set('text', change.target.value)}
          />
        )}
      </AdminField>
      <div className="parents-panes__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {event ? 'Save the event' : 'Add the event'}
        </button>
        {event ? (
          <button type="button" className="button button--outline" onClick={onDone}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
