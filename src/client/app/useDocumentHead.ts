import { useEffect, useRef } from 'react';

/**
 * Keeps title, description, canonical and Open Graph tags right after client-side navigation.
 * The first page arrives with its head prerendered, so nothing is done, and nothing of it loaded,
 * until the address changes.
 */
export function useDocumentHead(path: string): void {
  const firstPath = useRef(path);
  useEffect(() => {
    if (path === firstPath.current) return;
    firstPath.current = '';
    import('../documentHead')
      .then(({ applyHead }) => applyHead(path))
      .catch((error: unknown) => console.warn('Could not update the page title', error));
  }, [path]);
}
