import { useId, useState } from 'react';
import { programNames, programs } from '#content/programs.ts';
import {
  dashboardLimits,
  enquiryStatusOptions,
  type EnquiryKind,
  type EnquiryStatus,
} from '#shared/dashboard/index.ts';
import type { ProgramName } from '#content/programs.ts';
import { ChevronDownIcon } from '#client/ui/icons/index.tsx';
import { useMediaQuery } from '#client/ui/useMediaQuery.ts';
import { DateRangeFields } from '#client/features/admin/common/DateRangeFields.tsx';
import { admissionStages, stageLabels, type AdmissionStage } from '#shared/admissions/stages.ts';

/** The filters as typed: '' means "any". */
export type FilterDraft = {
  search: string;
  status: '' | EnquiryStatus;
  program: '' | ProgramName;
  stage: '' | AdmissionStage;
  from: string;
  to: string;
};

export const noFilters: FilterDraft = { search: '', status: '', program: '', stage: '', from: '', to: '' };

export function hasFilters(draft: FilterDraft): boolean {
  return Object.values(draft).some((value) => value.trim() !== '');
}

/** How many of the filters besides the search are set. */
function narrowingCount(draft: FilterDraft): number {
  return [draft.status, draft.program, draft.from, draft.to].filter((value) => value !== '').length;
}

/** On a phone the filters besides the search fold away behind a button, so the enquiries come first. */
const ALL_FILTERS_SHOWN_QUERY = '(min-width: 768px)';

type FilterBarProps = {
  kind: EnquiryKind;
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
  /** A message when the filters cannot be applied (the start date after the end date). */
  error: string | undefined;
  /** Admissions: how many enquiries each stage holds under the other filters; the stage filter shows when given. */
  stageCounts?: Record<AdmissionStage, number> | undefined;
};

/** The stage filter stays out of the fold on a phone: there it is how the office sees the tab by stage. */
function StageFilter({
  id,
  value,
  counts,
  onChange,
}: {
  id: string;
  value: FilterDraft['stage'];
  counts: Record<AdmissionStage, number>;
  onChange: (stage: FilterDraft['stage']) => void;
}) {
  const all = admissionStages.reduce((sum, stage) => sum + counts[stage], 0);
  return (
    <div className="filters__field">
      <label htmlFor={`${id}-stage`}>Stage</label>
      <select
        id={`${id}-stage`}
        className="field__input"
        value={value}
        onChange={(event) => onChange(event.target.value as FilterDraft['stage'])}
      >
        <option value="">All stages ({all})</option>
        {admissionStages.map((stage) => (
          <option key={stage} value={stage}>
            {stageLabels[stage]} ({counts[stage]})
          </option>
        ))}
      </select>
    </div>
  );
}

/** Search by name, email or phone; stage, status and program (admissions); received between two dates. */
export function FilterBar({ kind, draft, onChange, error, stageCounts }: FilterBarProps) {
  const id = useId();
  const wide = useMediaQuery(ALL_FILTERS_SHOWN_QUERY);
  const [unfolded, setUnfolded] = useState(false);
  const set = <K extends keyof FilterDraft>(name: K, value: FilterDraft[K]) => onChange({ ...draft, [name]: value });
  const narrowing = narrowingCount(draft);
  const showAll = wide || unfolded || error !== undefined;
  return (
    <div
      className="filters"
      role="search"
      aria-label={`Filter ${kind === 'contact' ? 'contact submissions' : 'admission enquiries'}`}
    >
      <div className="filters__field filters__field--search">
        <label htmlFor={`${id}-search`}>Search</label>
        <input
          id={`${id}-search`}
          className="field__input"
          type="search"
          placeholder="Name, email, phone"
          maxLength={dashboardLimits.searchLength}
          value={draft.search}
          onChange={(event) => set('search', event.target.value)}
        />
      </div>
      {kind === 'admission' && stageCounts && (
        <StageFilter id={id} value={draft.stage} counts={stageCounts} onChange={(stage) => set('stage', stage)} />
      )}
      {!wide && (
        <button
          type="button"
          className="button button--outline admin-small-button filters__toggle"
          aria-expanded={showAll}
          aria-controls={`${id}-more`}
          onClick={() => setUnfolded(!unfolded)}
        >
          {narrowing > 0 ? `Filters (${narrowing})` : 'Filters'}
          <ChevronDownIcon size={18} className="filters__toggle-icon" />
        </button>
      )}
      <div id={`${id}-more`} className="filters__more" hidden={!showAll}>
        <div className="filters__field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            className="field__input"
            value={draft.status}
            onChange={(event) => set('status', event.target.value as FilterDraft['status'])}
          >
            <option value="">All statuses</option>
            {enquiryStatusOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {kind === 'admission' && (
          <div className="filters__field">
            <label htmlFor={`${id}-program`}>Program</label>
            <select
              id={`${id}-program`}
              className="field__input"
              value={draft.program}
              onChange={(event) => set('program', event.target.value as FilterDraft['program'])}
            >
              <option value="">All programs</option>
              {programNames.map((name) => (
                <option key={name} value={name}>
                  {programs[name].label}
                </option>
              ))}
            </select>
          </div>
        )}
        <DateRangeFields
          id={id}
          labels={{ from: 'Received from', to: 'Received to' }}
          from={draft.from}
          to={draft.to}
          onFrom={(value) => set('from', value)}
          onTo={(value) => set('to', value)}
          invalid={error !== undefined}
        />
      </div>
      {hasFilters(draft) && (
        <button type="button" className="button button--link filters__clear" onClick={() => onChange(noFilters)}>
          Clear filters
        </button>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error filters__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
