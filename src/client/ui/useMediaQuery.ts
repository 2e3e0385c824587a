import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, re-rendering when that changes. The prerendered markup and
 * the first (hydrating) render assume it does not; the real answer follows right after, without
 * a hydration mismatch (so layout must come from CSS media queries, not from this value).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
