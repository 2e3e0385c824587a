import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { currentToast, serverToast, subscribeToToasts, TOAST_HOTKEY, type Toast } from './toastStore';

// Only the forms and the dashboard raise toasts: the card's code loads with the first one, not with every page.
const ToastCard = lazy(() => import('./ToastCard'));

// The boundary only while a toast shows: an empty one would add markers to every prerendered page.
function LazyCard({ toast }: { toast: Toast }) {
  return (
    <Suspense fallback={null}>
      <ToastCard key={toast.id} toast={toast} />
    </Suspense>
  );
}

/**
 * The notifications region, mounted once in the layout. Both live regions are always in the
 * page, so a toast placed in one is announced: politely, or at once for destructive ones.
 * F8 moves focus to the region.
 */
export function Toaster() {
  const toast = useSyncExternalStore(subscribeToToasts, currentToast, serverToast);
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      event.preventDefault();
      const target = region.current?.querySelector<HTMLElement>('.toast__close') ?? region.current;
      target?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section ref={region} className="toaster" aria-label={`Notifications (${TOAST_HOTKEY})`} tabIndex={-1}>
      <div role="status" aria-live="polite" aria-atomic="true">
        {toast?.variant === 'default' ? <LazyCard toast={toast} /> : null}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {toast?.variant === 'destructive' ? <LazyCard toast={toast} /> : null}
      </div>
    </section>
  );
}
