import { useContext, useEffect, useRef } from 'react';
import { matchRoute } from '../../shared/routeTable';
import { InitialPageDataContext, loadedPageData } from './pageData';

/**
 * Keeps title, description, canonical and Open Graph tags right after client-side navigation.
 * The first page arrives with its head prerendered, so nothing is done, and nothing of it loaded,
 * until the address changes. A blog post's title and description come with its page data: the
 * posts are the office's, not in any script.
 */
export function useDocumentHead(path: string): void {
  const initial = useContext(InitialPageDataContext);
  const firstPath = useRef(path);
  useEffect(() => {
    if (path === firstPath.current) return;
    firstPath.current = '';
    const route = matchRoute(path);
    const post = route.page === 'blogPost' ? loadedPageData('blogPost', route, initial).then((data) => data.post) : undefined;
    Promise.all([import('../documentHead'), post])
      .then(([{ applyHead }, shown]) => applyHead(path, shown ? [shown] : []))
      .catch((error: unknown) => console.warn('Could not update the page title', error));
  }, [path, initial]);
}
