/**
 * The days the school office is closed besides Sundays (decision 0039): a follow-up is never
 * suggested for one of them. One dated list, read by the server when it suggests a date and by
 * the dashboard, which shows the office the coming ones under "Due today". The school's calendar
 * for each academic year is added here when it is published (the Parents' Corner calendar).
 */
export const schoolHolidays: readonly { day: string; name: string }[] = [
  { day: '2026-01-01', name: "New Year's Day" },
  { day: '2026-01-14', name: 'Bhogi' },
  { day: '2026-01-15', name: 'Pongal' },
  { day: '2026-01-16', name: 'Thiruvalluvar Day' },
  { day: '2026-01-17', name: 'Uzhavar Thirunal' },
  { day: '2026-01-26', name: 'Republic Day' },
  { day: '2026-04-03', name: 'Good Friday' },
  { day: '2026-04-14', name: 'Tamil New Year' },
  { day: '2026-05-01', name: 'May Day' },
  { day: '2026-08-15', name: 'Independence Day' },
  { day: '2026-09-14', name: 'Vinayakar Chathurthi' },
  { day: '2026-10-02', name: 'Gandhi Jayanthi' },
  { day: '2026-10-19', name: 'Ayudha Pooja' },
  { day: '2026-10-20', name: 'Vijaya Dasami' },
  { day: '2026-11-08', name: 'Deepavali' },
  { day: '2026-12-25', name: 'Christmas' },
  { day: '2027-01-01', name: "New Year's Day" },
  { day: '2027-01-14', name: 'Pongal' },
  { day: '2027-01-15', name: 'Thiruvalluvar Day' },
  { day: '2027-01-16', name: 'Uzhavar Thirunal' },
  { day: '2027-01-26', name: 'Republic Day' },
  { day: '2027-03-26', name: 'Good Friday' },
  { day: '2027-04-14', name: 'Tamil New Year' },
  { day: '2027-05-01', name: 'May Day' },
];

const holidayDays: ReadonlySet<string> = new Set(schoolHolidays.map(({ day }) => day));

export const isSchoolHoliday = (day: string): boolean => holidayDays.has(day);
