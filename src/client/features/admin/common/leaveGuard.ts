import { useEffect } from 'react';

/**
 * Work a person would lose by leaving the screen: a form registers what it holds unsaved, and
 * every way out of it (another dashboard address, Logout, closing or reloading the tab) asks
 * first. The browser's own question is the one it shows on closing a tab; inside the dashboard
 * `confirmLeave` asks in the school's words.
 */
const unsaved = new Map<symbol, string>();

function warnBeforeUnload(event: BeforeUnloadEvent) {
  if (unsaved.size === 0) return;
  event.preventDefault();
  // Older browsers show the question only when a value is returned.
  event.returnValue = '';
}

/** While `holdsChanges`, leaving asks first; `what` names the work, e.g. "the announcement". */
export function useLeaveGuard(what: string, holdsChanges: boolean): void {
  useEffect(() => {
    if (!holdsChanges) return;
    const key = Symbol(what);
    unsaved.set(key, what);
    if (unsaved.size === 1) window.addEventListener('beforeunload', warnBeforeUnload);
    return () => {
      unsaved.delete(key);
      if (unsaved.size === 0) window.removeEventListener('beforeunload', warnBeforeUnload);
    };
  }, [what, holdsChanges]);
}

/** Whether the person may leave now: true with nothing unsaved, else what they answer. */
export function confirmLeave(): boolean {
  if (unsaved.size === 0) return true;
  const names = [...new Set(unsaved.values())].join(' and ');
  return window.confirm(`Your changes to ${names} are not saved yet. Leave this page and lose them?`);
}
