import type { EnquiryView } from './enquiryView';

/** "Parent: Revathi", marked in words when the name looks like an advertisement (issue 34 §8). */
export function ParentName({ view }: { view: EnquiryView }) {
  if (!view.parentName) return null;
  return (
    <>
      Parent: {view.parentName}
      {view.parentNameWarning && <span className="suspicious-name"> Suspicious name: {view.parentNameWarning}</span>}
    </>
  );
}
