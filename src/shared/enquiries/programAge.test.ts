import { describe, expect, it } from 'vitest';
import { programAgeHint } from './programAge';

// Noon at the school on 1 June 2026: ages below are counted to this day.
const now = new Date('2026-06-01T06:30:00Z');

describe('the hint when a child’s age and the chosen program disagree', () => {
  it('names the child’s age, the program’s ages and the one that fits, for a child of 4 chosen for Toddler', () => {
    expect(programAgeHint('toddler', '2022-03-10', now)).toBe(
      'Your child is 4 years 2 months today, and the Toddler Community is for ages 18 months – 3 years. ' +
        "The Primary Children's House (3 – 6 years) may suit better. " +
        'You can still send the form: the office will talk it through with you.',
    );
  });

  it('says nothing when the age fits, or the child reaches it within the coming year (families apply ahead)', () => {
    expect(programAgeHint('toddler', '2024-06-01', now)).toBeUndefined();
    expect(programAgeHint('primary', '2023-09-01', now)).toBeUndefined();
    expect(programAgeHint('elementary', '2021-03-01', now)).toBeUndefined();
  });

  it('hints at a child too young for the program even a year ahead', () => {
    expect(programAgeHint('elementary', '2024-01-01', now)).toContain(
      'the Elementary Community is for ages 6 – 11 years',
    );
  });

  it('leaves out the better program when none fits (a child older than every program)', () => {
    const hint = programAgeHint('adolescent', '2011-01-01', now);
    expect(hint).toContain('Your child is 15 years 5 months today');
    expect(hint).not.toContain('may suit better');
  });

  it('says nothing without a program or a birth date', () => {
    expect(programAgeHint('', '2022-03-10', now)).toBeUndefined();
    expect(programAgeHint('toddler', '', now)).toBeUndefined();
  });
});
