import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches. The prerendered markup and the first (hydrating) render
 * assume it does not; the real answer follows right after, without a hydration mismatch.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
