import {
  conversions,
  percentOf,
  programLabel,
  reportPrograms,
  type AdmissionsReport,
  type ReportFigures,
} from './report';

const programColumn = (program: string) => `${programLabel(program)} enquiries`;

/** The report as a spreadsheet: a row per month, then the range's total. */
export function reportCsv(report: AdmissionsReport): { filename: string; header: string[]; records: string[][] } {
  const programList = reportPrograms(report);
  const header = [
    'Month',
    'Contact enquiries',
    'Admission enquiries',
    ...programList.map(programColumn),
    'Visits booked',
    'Visits',
    'Offers',
    'Enrolments',
    ...conversions.map((conversion) => `${conversion.label} (%)`),
    'Enquiries contacted',
    'Median days to first contact',
  ];
  const record = (label: string, figures: ReportFigures) => [
    label,
    ...[
      figures.contact,
      figures.enquiries,
      ...programList.map((program) => figures.programs[program] ?? 0),
      figures.visitsBooked,
      figures.visits,
      figures.offers,
      figures.enrolments,
    ].map(String),
    ...conversions.map((conversion) => String(percentOf(figures[conversion.of], figures[conversion.per]) ?? '')),
    String(figures.contacted),
    String(figures.medianDaysToContact ?? ''),
  ];
  return {
    filename: `admissions-report-${report.from}-to-${report.to}.csv`,
    header,
    records: [...report.months.map((month) => record(month.month, month)), record('Total', report.total)],
  };
}
