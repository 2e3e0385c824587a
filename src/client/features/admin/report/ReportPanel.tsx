import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  addMonths,
  monthLabel,
  REPORT_DEFAULT_MONTHS,
  REPORT_MAX_MONTHS,
  reportDefinitions,
  schoolMonth,
} from '#shared/admissions/report.ts';
import { toast } from '#client/ui/toast/toastStore.ts';
import { useTRPC } from '#client/trpc.tsx';
import { downloadFile } from '#client/features/admin/common/downloadFile.ts';
import { useStaffSession } from '#client/features/admin/common/session.tsx';
import { ReportChart } from './ReportChart';
import { MonthsTable, SourcesTable } from './ReportTables';
import './report.css';
import { LoadFailed } from '#client/features/admin/common/LoadFailed.tsx';

/**
 * The head of school's picture of admissions (issue 24 §3): per month, the enquiries, visits,
 * offers and enrolments, the conversions, how soon families heard back and where they came from;
 * a chart, the same figures as tables, and as a CSV file.
 */
export function ReportPanel() {
  const trpc = useTRPC();
  const id = useId();
  const { endSession } = useStaffSession();
  const thisMonth = schoolMonth(new Date());
  const choices = Array.from({ length: REPORT_MAX_MONTHS }, (_, index) => addMonths(thisMonth, -index));
  const [range, setRange] = useState({ from: addMonths(thisMonth, -(REPORT_DEFAULT_MONTHS - 1)), to: thisMonth });
  const inOrder = range.from <= range.to;
  const [shown, setShown] = useState(range);
  const report = useQuery(trpc.report.admissions.queryOptions(shown, { placeholderData: keepPreviousData }));
  const [downloading, setDownloading] = useState(false);

  function choose(key: 'from' | 'to', month: string) {
    const next = { ...range, [key]: month };
    setRange(next);
    if (next.from <= next.to) setShown(next);
  }

  async function downloadCsv() {
    setDownloading(true);
    const query = new URLSearchParams(shown).toString();
    const { outcome } = await downloadFile(
      `/api/admin/report.csv?${query}`,
      'text/csv',
      `admissions-report-${shown.from}-to-${shown.to}.csv`,
    );
    setDownloading(false);
    if (outcome === 'unauthorized') endSession();
    else if (outcome === 'saved') toast({ title: 'Report downloaded' });
    else
      toast({
        title: 'Download failed',
        description: 'The report could not be downloaded. Please try again.',
        variant: 'destructive',
      });
  }

  const rangeText =
    shown.from === shown.to ? monthLabel(shown.from) : `${monthLabel(shown.from)} to ${monthLabel(shown.to)}`;
  return (
    <div className="report">
      <div className="filters" role="group" aria-label="Months to show">
        {(['from', 'to'] as const).map((key) => (
          <div key={key} className="filters__field">
            <label htmlFor={`${id}-${key}`}>{key === 'from' ? 'From' : 'To'}</label>
            <select
              id={`${id}-${key}`}
              className="field__input"
              value={range[key]}
              aria-invalid={!inOrder}
              aria-describedby={inOrder ? undefined : `${id}-error`}
              onChange={(event) => choose(key, event.target.value)}
            >
              {choices.map((month) => (
                <option key={month} value={month}>
                  {monthLabel(month)}
                </option>
              ))}
            </select>
          </div>
        ))}
        <button
          type="button"
          className="button button--outline"
          disabled={downloading || !report.data}
          onClick={() => void downloadCsv()}
        >
          {downloading ? 'Downloading...' : 'Download CSV'}
        </button>
        {inOrder ? null : (
          <p id={`${id}-error`} className="field__error filters__error">
            The first month must not be after the last.
          </p>
        )}
      </div>
      {report.isPending ? (
        <p className="enquiries__state" role="status">
          Loading the report...
        </p>
      ) : report.isError && !report.data ? (
        <LoadFailed message="Failed to load the report. Please try again." onRetry={() => void report.refetch()} />
      ) : (
        <div
          className={report.isFetching ? 'report__figures is-busy' : 'report__figures'}
          aria-busy={report.isFetching}
        >
          <ReportChart
            months={report.data.months}
            captionId={`${id}-chart`}
            caption={`Enquiries, visits, offers and enrolments per month, ${rangeText}. The table below gives the figures.`}
          />
          <MonthsTable report={report.data} range={rangeText} />
          <SourcesTable report={report.data} range={rangeText} />
        </div>
      )}
      <h3 className="report__definitions-title">How the figures are counted</h3>
      <ul className="report__definitions">
        {reportDefinitions.map((definition) => (
          <li key={definition}>{definition}</li>
        ))}
      </ul>
    </div>
  );
}
