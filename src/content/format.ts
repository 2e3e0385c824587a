/** Small text helpers used to build sentences from facts defined elsewhere. */

/** ['June', 'September', 'January'] -> 'June, September and January' */
export function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const numberWords = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'] as const;

/** 3 -> 'three' (falls back to digits above ten) */
export function numberWord(n: number): string {
  return numberWords[n] ?? String(n);
}

/**
 * Where a text states the admissions year. The office sets the year in the dashboard (Site
 * content); every page is rendered with it in place of this mark. school.ts's admissionsYear is
 * the year the site starts with.
 */
export const ADMISSIONS_YEAR = '{admissions year}';

/** A text with the admissions year in place of its mark. */
export function withAdmissionsYear(text: string, year: string): string {
  return text.replaceAll(ADMISSIONS_YEAR, year);
}
