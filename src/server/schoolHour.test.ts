import { describe, expect, it } from 'vitest';
import { lastSchoolWeekdayHour } from './schoolHour';

const friday4pm = (now: string) => lastSchoolWeekdayHour(new Date(now), 5, 16).toISOString();

describe('the last Friday 4 PM at the school (Asia/Kolkata, UTC+5:30)', () => {
  it('is that moment itself once it has come, and the week before until then', () => {
    expect(friday4pm('2026-12-04T16:00:00+05:30')).toBe('2026-12-04T10:30:00.000Z');
    expect(friday4pm('2026-12-04T15:59:59+05:30')).toBe('2026-11-27T10:30:00.000Z');
  });

  it('reaches back over the weekend and across a month, by the school’s day, not UTC’s', () => {
    expect(friday4pm('2026-12-07T09:00:00+05:30')).toBe('2026-12-04T10:30:00.000Z');
    // Friday 00:30 at the school is still Thursday in UTC.
    expect(friday4pm('2027-01-01T00:30:00+05:30')).toBe('2026-12-25T10:30:00.000Z');
    expect(friday4pm('2027-01-02T00:30:00+05:30')).toBe('2027-01-01T10:30:00.000Z');
  });
});
