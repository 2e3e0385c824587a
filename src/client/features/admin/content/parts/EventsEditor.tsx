import { eventsTexts, pastEventNote } from '../../../../../shared/content/parts/events';
import { schoolToday } from '../../../../../shared/time';
import type { PartEditorProps } from '../ContentItemControls';
import { DatedItemsEditor } from '../DatedItemsEditor';

/** Parents' Corner's events; one whose day has passed stays listed (the office may reuse it) with a note that the site no longer shows it. */
export function EventsEditor({ value, errors, onChange }: PartEditorProps<'events'>) {
  const today = schoolToday();
  return (
    <DatedItemsEditor
      part="events"
      texts={eventsTexts}
      entries={value}
      errors={errors}
      onChange={onChange}
      dateNote={(event) => (event.date !== '' && event.date < today ? pastEventNote : undefined)}
    />
  );
}
