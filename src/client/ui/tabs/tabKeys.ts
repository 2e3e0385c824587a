export type TabOrientation = 'horizontal' | 'vertical';

/**
 * The tab a key moves to in the WAI-ARIA tabs pattern: the arrow keys of the list's
 * orientation step to the next or previous tab (wrapping at the ends), Home and End jump to
 * the first and last. Undefined when the key is not one the tab list handles.
 */
export function tabIndexForKey(
  key: string,
  current: number,
  count: number,
  orientation: TabOrientation,
): number | undefined {
  const [previousKey, nextKey] = orientation === 'vertical' ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
  switch (key) {
    case nextKey:
      return (current + 1) % count;
    case previousKey:
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
