import { noticesTexts } from '../../../../../shared/content/parts/notices';
import type { PartEditorProps } from '../ContentItemControls';
import { DatedItemsEditor } from '../DatedItemsEditor';

/** Parents' Corner's notices, each shown until removed. */
export function NoticesEditor({ value, errors, onChange }: PartEditorProps<'notices'>) {
  return <DatedItemsEditor part="notices" texts={noticesTexts} entries={value} errors={errors} onChange={onChange} />;
}
