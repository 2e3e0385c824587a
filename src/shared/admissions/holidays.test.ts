import { describe, expect, it } from 'vitest';
import { holidayDaySchema, holidayDayText, holidayMessages, schoolHolidaySchema } from './holidays';

const messagesOf = (input: unknown) => {
  const checked = schoolHolidaySchema.safeParse(input);
  return checked.success ? [] : checked.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
};

describe('a school holiday as the office enters it', () => {
  it('takes a real calendar day and a name of 1 to 80 characters, trimmed', () => {
    expect(schoolHolidaySchema.parse({ day: '2026-12-05', name: '  Founders’ Day ' })).toEqual({
      day: '2026-12-05',
      name: 'Founders’ Day',
    });
    expect(schoolHolidaySchema.parse({ day: '2028-02-29', name: 'x'.repeat(80) }).name).toHaveLength(80);
  });

  it('refuses a day that does not exist, or is not a day, in plain words tied to the field', () => {
    expect(messagesOf({ day: '2026-02-30', name: 'Holiday' })).toEqual(['day: Please enter a date that exists.']);
    expect(messagesOf({ day: '', name: 'Holiday' })[0]).toBe(
      'day: Please enter the holiday’s date as a day, month and year.',
    );
    expect(messagesOf({ day: '05/12/2026', name: 'Holiday' })[0]).toBe(
      'day: Please enter the holiday’s date as a day, month and year.',
    );
    expect(holidayDaySchema.safeParse({ day: '2026-04-31' }).success).toBe(false);
  });

  it('refuses an empty name, a name of spaces, one too long, and invisible characters', () => {
    expect(messagesOf({ day: '2026-12-05', name: '   ' })).toEqual(['name: Please enter the holiday’s name.']);
    expect(messagesOf({ day: '2026-12-05', name: 'x'.repeat(81) })).toEqual([
      'name: Please keep the name to 80 characters or fewer.',
    ]);
    expect(messagesOf({ day: '2026-12-05', name: 'Pongal\u0000' })).toHaveLength(1);
  });

  it('reads a holiday’s day with its year, and says plainly when a day is listed already', () => {
    expect(holidayDayText('2026-12-05')).toBe('Sat 5 Dec 2026');
    expect(holidayMessages.taken({ day: '2027-01-14', name: 'Pongal' })).toBe(
      'Thu 14 Jan 2027 is already in the list, as Pongal.',
    );
  });
});
