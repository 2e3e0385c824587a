import { useContext, useEffect, useRef } from 'react';
import { InitialPageDataContext } from './pageData';

/**
 * Keeps title, description, canonical and Open Graph tags right after client-side navigation.
 * The first page arrives with its head prerendered, so nothing is done, and nothing of it loaded,
 * until the address changes.
 */
export function useDocumentHead(path: string): void {
  const initial = useContext(InitialPageDataContext);
  const firstPath = useRef(path);
  useEffect(() => {
    if (path === firstPath.current) return;
    firstPath.current = '';
    import('#client/documentHead.ts')
      .then(({ applyHead }) => applyHead(path, initial))
      .catch((error: unknown) => console.warn('Could not update the page title', error));
  }, [path, initial]);
}
