import { useId, type ReactNode } from 'react';
import {
  conversions,
  monthLabel,
  percentOf,
  programLabel,
  reportPrograms,
  type AdmissionsReport,
  type ReportFigures,
} from '#shared/admissions/report.ts';

/** "50% (2 of 4)"; a dash, read as "none", when there was nothing to convert from. */
function Conversion({ count, of }: { count: number; of: number }) {
  const percent = percentOf(count, of);
  if (percent === null) return <None />;
  return (
    <>
      {percent}%{' '}
      <span className="report-table__counts">
        ({count} of {of})
      </span>
    </>
  );
}

function None() {
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">none</span>
    </>
  );
}

const days = (median: number | null) => (median === null ? <None /> : `${median} ${median === 1 ? 'day' : 'days'}`);

function FigureCells({ figures }: { figures: ReportFigures }) {
  return (
    <>
      <td>{figures.contact}</td>
      <td>{figures.enquiries}</td>
      <td>{figures.visitsBooked}</td>
      <td>{figures.visits}</td>
      <td>{figures.offers}</td>
      <td>{figures.enrolments}</td>
      {conversions.map((conversion) => (
        <td key={conversion.label}>
          <Conversion count={figures[conversion.of]} of={figures[conversion.per]} />
        </td>
      ))}
      <td>{figures.contacted}</td>
      <td>{days(figures.medianDaysToContact)}</td>
    </>
  );
}

/** A table in a region of its own that scrolls sideways on a phone, reachable and named for the keyboard and a screen reader. */
function ScrollingTable({ caption, children }: { caption: string; children: ReactNode }) {
  const captionId = useId();
  return (
    <div className="report-table" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table>
        <caption id={captionId}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** The figures per month and for the range, as a table (the chart's figures, for everyone). */
export function MonthsTable({ report, range }: { report: AdmissionsReport; range: string }) {
  return (
    <ScrollingTable caption={`Admissions per month, ${range}`}>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">Contact enquiries</th>
          <th scope="col">Admission enquiries</th>
          <th scope="col">Visits booked</th>
          <th scope="col">Visits</th>
          <th scope="col">Offers</th>
          <th scope="col">Enrolments</th>
          {conversions.map((conversion) => (
            <th key={conversion.label} scope="col">
              {conversion.label}
            </th>
          ))}
          <th scope="col">Enquiries contacted</th>
          <th scope="col">Median days to first contact</th>
        </tr>
      </thead>
      <tbody>
        {report.months.map((month) => (
          <tr key={month.month}>
            <th scope="row">{monthLabel(month.month)}</th>
            <FigureCells figures={month} />
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <FigureCells figures={report.total} />
        </tr>
      </tfoot>
    </ScrollingTable>
  );
}

/** Where the range's enquiries came from: the two forms, and the Admission Form's by program. */
export function SourcesTable({ report, range }: { report: AdmissionsReport; range: string }) {
  const { total } = report;
  const all = total.contact + total.enquiries;
  const share = (count: number) => (all === 0 ? <None /> : `${Math.round((count / all) * 100)}%`);
  const rows: [string, number][] = [
    ['Contact Form', total.contact],
    ['Admission Form', total.enquiries],
    ...reportPrograms(report).map((program): [string, number] => [
      `Admission Form: ${programLabel(program)}`,
      total.programs[program] ?? 0,
    ]),
  ];
  return (
    <ScrollingTable caption={`Where enquiries came from, ${range}`}>
      <thead>
        <tr>
          <th scope="col">Source</th>
          <th scope="col">Enquiries</th>
          <th scope="col">Share of all enquiries</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([source, count]) => (
          <tr key={source}>
            <th scope="row">{source}</th>
            <td>{count}</td>
            <td>{share(count)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
