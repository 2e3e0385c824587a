import type { ReactNode } from 'react';

/** One labelled fact of an enquiry, in a `row-details__facts` list. `wrap`: long unbroken text (an email) may break anywhere. */
export function Fact({ label, wrap = false, children }: { label: ReactNode; wrap?: boolean; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={wrap ? 'row-details__wrap' : undefined}>{children}</dd>
    </div>
  );
}
