import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import {
  enquiryFiltersSchema,
  type EnquiryFilters as AppliedFilters,
  type EnquiryKind,
  type EnquiryListPage,
} from '#shared/dashboard/index.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { downloadExport } from './exportCsv';
import type { ExportFormat } from '#shared/dashboard/exportUrl.ts';
import { Pagination } from '#client/features/admin/common/Pagination.tsx';
import { useStaffSession } from '#client/features/admin/common/session.tsx';
import { FilterBar, hasFilters, noFilters, type FilterDraft } from './FilterBar';
import { EnquiryList } from './EnquiryList';
import { enquiryView, kindTexts, type EnquiryView } from '#client/features/admin/common/enquiryView.ts';
import { useDebouncedValue } from '#client/features/admin/common/useDebouncedValue.ts';
import { useMediaQuery } from '#client/ui/useMediaQuery.ts';
import { StageViewSwitch } from './StageViewSwitch';
import { useStageCounts } from './useStageCounts';
import './enquiries.css';
import { LoadFailed } from '#client/features/admin/common/LoadFailed.tsx';
import { useEnquiryParts } from '#client/features/admin/common/enquiryParts.tsx';

/** The board's columns need a laptop's width; narrower screens filter the list by stage instead. */
const BOARD_LAYOUT_QUERY = '(min-width: 1200px)';

/** How long typing must pause before the search is sent. */
const SEARCH_DEBOUNCE_MS = 300;

/** Until the office types a filter: every row. */
const unfiltered: AppliedFilters = enquiryFiltersSchema.parse({});

const LOAD_FAILED = 'Failed to load submissions from database. Please try again.';

function viewsOf(page: EnquiryListPage): EnquiryView[] {
  return page.kind === 'contact'
    ? page.rows.map((row) => enquiryView('contact', row))
    : page.rows.map((row) => enquiryView('admission', row));
}

/**
 * The filters the server is asked with: the draft once typing pauses, checked with the same
 * schema the server uses; while the draft is invalid the last valid filters stay applied.
 */
function useAppliedFilters(
  kind: EnquiryKind,
  draft: FilterDraft,
): { filters: AppliedFilters; error: string | undefined } {
  const search = useDebouncedValue(draft.search, SEARCH_DEBOUNCE_MS);
  const program = kind === 'admission' ? draft.program : '';
  const stage = kind === 'admission' ? draft.stage : '';
  const parsed = useMemo(
    () =>
      enquiryFiltersSchema.safeParse({ search, status: draft.status, program, stage, from: draft.from, to: draft.to }),
    [search, draft.status, program, stage, draft.from, draft.to],
  );
  const lastValid = useRef<AppliedFilters>(unfiltered);
  useEffect(() => {
    if (parsed.success) lastValid.current = parsed.data;
  }, [parsed]);
  return parsed.success
    ? { filters: parsed.data, error: undefined }
    : { filters: lastValid.current, error: parsed.error.issues[0]?.message };
}

function rangeText(page: EnquiryListPage): string {
  const first = (page.page - 1) * page.pageSize + 1;
  const last = first + page.rows.length - 1;
  return `Showing ${first}–${last} of ${page.total}`;
}

/** One tab: its toolbar, its rows and its pages. */
export function EnquiriesPanel({ kind }: { kind: EnquiryKind }) {
  const trpc = useTRPC();
  const { Board } = useEnquiryParts();
  const { endSession } = useStaffSession();
  const texts = kindTexts[kind];
  // "Due today" opens an enquiry by its address: /admin/enquiries/admission?search=<the family's email>.
  const searched = new URLSearchParams(useSearch()).get('search');
  const [draft, setDraft] = useState<FilterDraft>(() => (searched ? { ...noFilters, search: searched } : noFilters));
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { filters, error: filterError } = useAppliedFilters(kind, draft);
  const [byStage, setByStage] = useState(false);
  const boardFits = useMediaQuery(BOARD_LAYOUT_QUERY);
  const showBoard = kind === 'admission' && boardFits && byStage;
  const stageCounts = useStageCounts(kind === 'admission' && !showBoard, filters);

  const list = useQuery(
    trpc.dashboard.list.queryOptions({ kind, ...filters, page }, { placeholderData: keepPreviousData }),
  );
  const counts = useQuery(trpc.dashboard.counts.queryOptions());
  const unread = counts.data?.[kind].unread;

  // A change elsewhere (a row answered under a status filter) can leave this page past the end.
  const pageCount = list.data?.pageCount;
  useEffect(() => {
    if (pageCount !== undefined && pageCount > 0 && page > pageCount) setPage(pageCount);
  }, [page, pageCount]);

  function showPage(next: number) {
    setPage(next);
    panelRef.current?.scrollIntoView({ block: 'start' });
  }

  function changeFilters(next: FilterDraft) {
    setDraft(next);
    setPage(1);
  }

  async function exportAs(format: ExportFormat) {
    if (list.data && list.data.total === 0) {
      toast({ title: 'No data to export', description: texts.nothingToExport });
      return;
    }
    setExporting(format);
    const { outcome } = await downloadExport(kind, filters, format);
    setExporting(null);
    if (outcome === 'unauthorized') endSession();
    else if (outcome === 'saved') toast({ title: 'Export successful' });
    else toast({ title: 'Export failed', description: texts.exportFailed, variant: 'destructive' });
  }

  const filtered = hasFilters(draft);
  const rangeShown = !showBoard && list.data !== undefined && list.data.total > 0;
  return (
    <div className="enquiries" ref={panelRef}>
      <div className="enquiries__toolbar">
        <p className="enquiries__summary" role="status">
          {rangeShown && list.data && <span>{rangeText(list.data)}</span>}
          {unread !== undefined && (
            <span className={unread > 0 ? 'enquiries__unread' : undefined}>
              {/* Read between the range and the count; on the board there is no range before it. */}
              {rangeShown && <span className="visually-hidden">, </span>}
              {unread} unread
            </span>
          )}
        </p>
        {kind === 'admission' && boardFits && <StageViewSwitch byStage={byStage} onChange={setByStage} />}
        <button
          type="button"
          className="button button--outline enquiries__export"
          onClick={() => void exportAs('xlsx')}
          disabled={exporting !== null}
        >
          {exporting === 'xlsx' ? 'Exporting...' : 'Export to Excel (.xlsx)'}
        </button>
        <button
          type="button"
          className="button button--primary enquiries__export"
          onClick={() => void exportAs('csv')}
          disabled={exporting !== null}
        >
          {exporting === 'csv' ? 'Exporting...' : 'Export to CSV'}
        </button>
      </div>
      <FilterBar kind={kind} draft={draft} onChange={changeFilters} error={filterError} stageCounts={stageCounts} />
      {showBoard ? (
        <Board filters={filters} />
      ) : list.isPending ? (
        <p className="enquiries__state" role="status">
          Loading submissions...
        </p>
      ) : list.isError && !list.data ? (
        <LoadFailed message={LOAD_FAILED} onRetry={() => window.location.reload()} />
      ) : list.data.total === 0 ? (
        <div className="enquiries__state" role="status">
          {filtered ? (
            <>
              <p>No {texts.noun} match these filters.</p>
              <button type="button" className="button button--outline" onClick={() => changeFilters(noFilters)}>
                Clear filters
              </button>
            </>
          ) : (
            <p>{texts.empty}</p>
          )}
        </div>
      ) : (
        <>
          {list.isError && (
            <p className="field__error" role="alert">
              {LOAD_FAILED}
            </p>
          )}
          <EnquiryList kind={kind} views={viewsOf(list.data)} busy={list.isFetching} />
          <Pagination page={list.data.page} pageCount={list.data.pageCount} noun={texts.noun} onPage={showPage} />
        </>
      )}
    </div>
  );
}
