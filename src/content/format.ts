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
