import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  parentEventLabels,
  parentEventSchema,
  type OfficeParentEvent,
  type ParentEventInput,
} from '#shared/parents/events.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { AdminTextField } from '#client/features/admin/common/AdminField.tsx';
import { httpStatusOf, isUnauthorized } from '#client/features/admin/common/apiErrors.ts';
import { firstMessagePerField } from '#client/features/admin/common/fieldMessages.ts';
import { PaneForm } from './PaneForm';

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
  /** What a field of text shows and keeps: its label, message, name and value in the draft. */
  const textField = (field: Field) => ({
    label: parentEventLabels[field],
    error: errors[field],
    name: `event-${field}`,
    value: draft[field],
    onChange: (value: string) => set(field, value),
  });

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

  return (
    <PaneForm
      title={event ? `Change “${event.title}”` : 'Add an event'}
      formRef={formRef}
      onSubmit={submit}
      submitText={event ? 'Save the event' : 'Add the event'}
      pending={pending}
      onCancel={event ? onDone : undefined}
    >
      <AdminTextField {...textField('title')} autoComplete="off" />
      <AdminTextField {...textField('date')} type="date" />
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
        <AdminTextField {...textField('time')} type="time" hint="India time, as the school's clocks show it." />
      )}
      <AdminTextField {...textField('place')} optional hint="Leave empty for an event at school." />
      <AdminTextField {...textField('text')} rows={3} />
    </PaneForm>
  );
}
