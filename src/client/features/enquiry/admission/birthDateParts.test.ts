import { describe, expect, it } from 'vitest';
import { choices, dateOf, fitted, partsOf } from './birthDateParts';

const allowed = { earliest: '2010-03-15', latest: '2026-03-15' };

describe('birth-date picker choices', () => {
  it('offers the years of the window, newest first', () => {
    const { years } = choices({ year: '', month: '', day: '' }, allowed);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(2010);
    expect(years).toHaveLength(17);
  });

  it('limits months and days at both ends of the window', () => {
    expect(choices({ year: '2010', month: '', day: '' }, allowed).months).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(choices({ year: '2026', month: '', day: '' }, allowed).months).toEqual([1, 2, 3]);
    expect(choices({ year: '2010', month: '3', day: '' }, allowed).days[0]).toBe(15);
    expect(choices({ year: '2026', month: '3', day: '' }, allowed).days.at(-1)).toBe(15);
  });

  it('knows the length of each month, and allows 29 February until a year is chosen', () => {
    expect(choices({ year: '2023', month: '2', day: '' }, allowed).days.at(-1)).toBe(28);
    expect(choices({ year: '2024', month: '2', day: '' }, allowed).days.at(-1)).toBe(29);
    expect(choices({ year: '', month: '2', day: '' }, allowed).days.at(-1)).toBe(29);
    expect(choices({ year: '2023', month: '4', day: '' }, allowed).days.at(-1)).toBe(30);
  });

  it('drops a day or month that a new choice no longer allows', () => {
    expect(fitted({ year: '2023', month: '2', day: '29' }, allowed)).toEqual({ year: '2023', month: '2', day: '' });
    expect(fitted({ year: '2026', month: '7', day: '1' }, allowed)).toEqual({ year: '2026', month: '', day: '1' });
    expect(fitted({ year: '2024', month: '2', day: '29' }, allowed)).toEqual({ year: '2024', month: '2', day: '29' });
  });

  it('turns complete choices into a calendar date and back', () => {
    expect(dateOf({ year: '2021', month: '5', day: '4' })).toBe('2021-05-04');
    expect(dateOf({ year: '2021', month: '5', day: '' })).toBe('');
    expect(partsOf('2021-05-04')).toEqual({ year: '2021', month: '5', day: '4' });
    expect(partsOf('2021-02-30')).toEqual({ year: '', month: '', day: '' });
  });
});
