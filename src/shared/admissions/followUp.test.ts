import { describe, expect, it } from 'vitest';
import { addWorkingDays, followUpAfterStageMove, followUpForNewEnquiry, isWorkingDay } from './followUp';
import { schoolHolidays } from './holidays';

describe('the suggested follow-up', () => {
  it('is two working days after a new enquiry', () => {
    expect(followUpForNewEnquiry('2026-12-01')).toBe('2026-12-03'); // Tue -> Thu
    expect(followUpForNewEnquiry('2026-12-03')).toBe('2026-12-05'); // Thu -> Sat: Saturday is a working day
  });

  it('skips Sundays', () => {
    expect(followUpForNewEnquiry('2026-12-04')).toBe('2026-12-07'); // Fri -> Mon
    expect(followUpForNewEnquiry('2026-12-05')).toBe('2026-12-08'); // Sat -> Tue
    expect(followUpForNewEnquiry('2026-12-06')).toBe('2026-12-08'); // an enquiry on a Sunday counts from Monday
  });

  it("skips the school's holidays", () => {
    expect(isWorkingDay('2026-12-25')).toBe(false);
    expect(followUpForNewEnquiry('2026-12-23')).toBe('2026-12-26'); // Wed -> Thu 24, (Fri 25 Christmas) -> Sat 26
    expect(followUpAfterStageMove('visited', '2026-12-24')).toBe('2026-12-26');
    expect(followUpForNewEnquiry('2027-01-13')).toBe('2027-01-19'); // Pongal Thu 14 to Sat 16, Sunday 17: Mon 18, Tue 19
  });

  it('crosses month and year ends', () => {
    expect(followUpForNewEnquiry('2026-11-28')).toBe('2026-12-01'); // Sat 28 Nov -> (Sun) Mon 30 -> Tue 1 Dec
    expect(followUpForNewEnquiry('2026-12-30')).toBe('2027-01-02'); // Thu 31, (Fri 1 Jan New Year) -> Sat 2
    expect(followUpForNewEnquiry('2028-02-28')).toBe('2028-03-01'); // a leap year: Tue 29 Feb, Wed 1 Mar
    expect(addWorkingDays('2026-02-27', 1)).toBe('2026-02-28');
  });

  it('is the next working day after a visit, and leaves the date alone for other moves', () => {
    expect(followUpAfterStageMove('visited', '2026-12-05')).toBe('2026-12-07'); // Sat -> Mon
    expect(followUpAfterStageMove('visited', '2026-12-01')).toBe('2026-12-02');
    expect(followUpAfterStageMove('offered', '2026-12-01')).toBeUndefined();
    expect(followUpAfterStageMove('visit-booked', '2026-12-01')).toBeUndefined();
  });

  it('has holidays written as real calendar days, each once', () => {
    for (const { day } of schoolHolidays) expect(new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10)).toBe(day);
    expect(new Set(schoolHolidays.map(({ day }) => day)).size).toBe(schoolHolidays.length);
  });
});
