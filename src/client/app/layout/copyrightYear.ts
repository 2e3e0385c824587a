import { useState } from 'react';

export const COPYRIGHT_YEAR_ID = 'copyright-year';

/**
 * The year the page was rendered. A prerendered page was rendered at build time, so while
 * hydrating the browser reads the year from that markup rather than its own clock: on the
 * first days of a new year the two differ, and a mismatch would make React throw the page away.
 * A page rendered only in the browser (the dashboard) uses the current year.
 */
function renderedYear(): number {
  const prerendered = typeof document === 'undefined' ? null : document.getElementById(COPYRIGHT_YEAR_ID);
  const year = Number(prerendered?.getAttribute('datetime'));
  return Number.isInteger(year) && year > 0 ? year : new Date().getFullYear();
}

export function useCopyrightYear(): number {
  const [year] = useState(renderedYear);
  return year;
}
