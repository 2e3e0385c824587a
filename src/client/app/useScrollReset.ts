import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { PageId } from '#shared/routeTable.ts';

/**
 * Scrolls to the top when the visitor moves to another page. Switching program tabs rewrites
 * the address but stays on one page, so it keeps the reader's place.
 */
export function useScrollReset(page: PageId): void {
  const [location] = useLocation();
  const key = page === 'programs' ? page : location;
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [key]);
}
