import { useId } from 'react';
import { enquiryStatusOptions, type EnquiryStatus } from '#shared/dashboard/index.ts';
import type { useEnquiryActions } from './useEnquiryActions';
import type { EnquiryView } from '#client/features/admin/common/enquiryView.ts';

type StatusControlsProps = {
  view: EnquiryView;
  actions: ReturnType<typeof useEnquiryActions>;
};

/** The status dropdown and Mark as Responded (docs/spec.md §4). */
export function StatusControls({ view, actions }: StatusControlsProps) {
  const selectId = useId();
  const shownStatus = actions.pendingStatus ?? (actions.markingResponded ? 'responded' : view.status);
  const alreadyDone = view.status === 'responded' && view.isRead;
  return (
    <div className="status-controls">
      <label className="visually-hidden" htmlFor={selectId}>
        Status of {view.name}
      </label>
      <select
        id={selectId}
        className={`status-select status-select--${shownStatus}`}
        value={shownStatus}
        onChange={(event) => actions.setStatus(event.target.value as EnquiryStatus)}
      >
        {enquiryStatusOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {/* aria-disabled rather than disabled: the button keeps focus after it has done its job. */}
      <button
        type="button"
        className="button button--outline admin-small-button"
        onClick={() => {
          if (!alreadyDone && !actions.markingResponded) actions.markResponded();
        }}
        aria-disabled={alreadyDone || actions.markingResponded}
        aria-label={`Mark as Responded: ${view.name}`}
      >
        {actions.markingResponded ? 'Saving...' : 'Mark as Responded'}
      </button>
    </div>
  );
}
