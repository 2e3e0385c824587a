import { describe, expect, it } from 'vitest';
import { patternDays, visitPatternWarnings, visitSlotWarnings } from './visits';

// 09:00 at the school on Friday 4 December 2026.
const now = new Date('2026-12-04T03:30:00Z');
const holidays = [{ day: '2026-12-25', name: 'Christmas' }];
const cutOff = expect.stringContaining('less than 12 hours away');

describe('the warnings of the weekly visit-times form, the single-slot form’s own', () => {
  it('warns once for Sundays, for each school holiday the pattern meets, and for a first time inside the cut-off', () => {
    expect(
      visitPatternWarnings({ weekday: 'Sunday', time: '10:00', from: '2026-12-05', to: '2026-12-20' }, now, []),
    ).toEqual(['Sundays are days the school is closed.']);
    expect(
      visitPatternWarnings({ weekday: 'Friday', time: '15:00', from: '2026-12-04', to: '2026-12-31' }, now, holidays),
    ).toEqual([visitSlotWarnings({ day: '2026-12-25', time: '15:00' }, now, holidays)[0], cutOff]);
  });

  it('says nothing of a pattern on working days, of days already gone, or of dates that are no dates', () => {
    expect(
      visitPatternWarnings({ weekday: 'Monday', time: '10:00', from: '2026-12-07', to: '2026-12-21' }, now, holidays),
    ).toEqual([]);
    expect(
      visitPatternWarnings({ weekday: 'Friday', time: '08:00', from: '2026-11-01', to: '2026-12-04' }, now, holidays),
    ).toEqual([]);
    expect(visitPatternWarnings({ weekday: 'Friday', time: '10:00', from: '2026-12', to: '' }, now, holidays)).toEqual(
      [],
    );
  });

  it('takes the pattern’s days within the weeks allowed at once', () => {
    expect(patternDays({ weekday: 'Friday', from: '2026-12-01', to: '2026-12-14' })).toEqual([
      '2026-12-04',
      '2026-12-11',
    ]);
    expect(patternDays({ weekday: 'Friday', from: '2026-12-01', to: '2027-12-01' })).toEqual([]);
  });
});
