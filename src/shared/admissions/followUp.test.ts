import { describe, expect, it } from 'vitest';
import { addWorkingDays, followUpAfterStageMove, followUpForNewEnquiry, isCalendarDay, isWorkingDay } from './followUp';

/** The test's own holidays: the rule takes whatever list it is given. */
const holidays = new Set(['2026-12-25', '2027-01-01', '2027-01-14', '2027-01-15', '2027-01-16']);
const none = new Set<string>();

describe('the suggested follow-up', () => {
  it('is two working days after a new enquiry', () => {
    expect(followUpForNewEnquiry('2026-12-01', holidays)).toBe('2026-12-03'); // Tue -> Thu
    expect(followUpForNewEnquiry('2026-12-03', holidays)).toBe('2026-12-05'); // Thu -> Sat: Saturday is a working day
  });

  it('skips Sundays', () => {
    expect(followUpForNewEnquiry('2026-12-04', none)).toBe('2026-12-07'); // Fri -> Mon
    expect(followUpForNewEnquiry('2026-12-05', none)).toBe('2026-12-08'); // Sat -> Tue
    expect(followUpForNewEnquiry('2026-12-06', none)).toBe('2026-12-08'); // an enquiry on a Sunday counts from Monday
  });

  it('skips the holidays it is given, and only those', () => {
    expect(isWorkingDay('2026-12-25', holidays)).toBe(false);
    expect(isWorkingDay('2026-12-25', none)).toBe(true);
    expect(followUpForNewEnquiry('2026-12-23', holidays)).toBe('2026-12-26'); // Wed -> Thu 24, (Fri 25 Christmas) -> Sat 26
    expect(followUpForNewEnquiry('2026-12-23', none)).toBe('2026-12-25');
    expect(followUpAfterStageMove('visited', '2026-12-24', holidays)).toBe('2026-12-26');
    expect(followUpForNewEnquiry('2027-01-13', holidays)).toBe('2027-01-19'); // Pongal Thu 14 to Sat 16, Sunday 17: Mon 18, Tue 19
    // A holiday the office adds on a Saturday moves the suggestion past the Sunday too: Thu 3 -> Fri 4, Mon 7.
    expect(followUpForNewEnquiry('2026-12-03', new Set(['2026-12-05']))).toBe('2026-12-07');
  });

  it('crosses month and year ends', () => {
    expect(followUpForNewEnquiry('2026-11-28', holidays)).toBe('2026-12-01'); // Sat 28 Nov -> (Sun) Mon 30 -> Tue 1 Dec
    expect(followUpForNewEnquiry('2026-12-30', holidays)).toBe('2027-01-02'); // Thu 31, (Fri 1 Jan New Year) -> Sat 2
    expect(followUpForNewEnquiry('2028-02-28', holidays)).toBe('2028-03-01'); // a leap year: Tue 29 Feb, Wed 1 Mar
    expect(addWorkingDays('2026-02-27', 1, holidays)).toBe('2026-02-28');
  });

  it('is the next working day after a visit, and leaves the date alone for other moves', () => {
    expect(followUpAfterStageMove('visited', '2026-12-05', holidays)).toBe('2026-12-07'); // Sat -> Mon
    expect(followUpAfterStageMove('visited', '2026-12-01', holidays)).toBe('2026-12-02');
    expect(followUpAfterStageMove('offered', '2026-12-01', holidays)).toBeUndefined();
    expect(followUpAfterStageMove('visit-booked', '2026-12-01', holidays)).toBeUndefined();
  });

  it('knows a calendar day from one that does not exist', () => {
    expect(['2026-12-31', '2028-02-29'].filter(isCalendarDay)).toHaveLength(2);
    expect(['2026-02-29', '2026-13-01', '2026-12-32', '5 Dec 2026', ''].filter(isCalendarDay)).toEqual([]);
  });
});
