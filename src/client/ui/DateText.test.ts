import { afterEach, describe, expect, it } from 'vitest';
import { formatDisplayDate } from './DateText';

const originalTimeZone = process.env.TZ;

describe('formatDisplayDate', () => {
  afterEach(() => {
    process.env.TZ = originalTimeZone;
  });

  it('writes the month in full, the day without padding and the four-digit year', () => {
    expect(formatDisplayDate('2025-03-08')).toBe('March 8, 2025');
    expect(formatDisplayDate('2019-12-10')).toBe('December 10, 2019');
  });

  it.each(['America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati'])(
    'shows the same calendar day when the clock is in %s',
    (timeZone) => {
      process.env.TZ = timeZone;
      expect(formatDisplayDate('2024-01-01')).toBe('January 1, 2024');
      expect(formatDisplayDate('2023-12-31')).toBe('December 31, 2023');
    },
  );
});
