/**
 * The site's notifications (docs/spec.md §4 and §9): at most one at a time, a newer one
 * replaces the one showing. A tiny module-level store so any code can call `toast()` without
 * a provider; `<Toaster />` subscribes to it.
 */
export type ToastVariant = 'default' | 'destructive';

export type ToastInput = { title: string; description?: string; variant?: ToastVariant };

export type Toast = { id: number; title: string; description: string | undefined; variant: ToastVariant };

/** How long a toast stays on screen unless the visitor is reading it (hover or focus). */
export const TOAST_DURATION_MS = 5000;
/** A swipe to the right this far dismisses a toast on touch screens. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** The key that moves focus to the notifications region. */
export const TOAST_HOTKEY = 'F8';

type Listener = () => void;

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function publish(toastOrNull: Toast | null): void {
  current = toastOrNull;
  for (const listener of listeners) listener();
}

/** Shows a notification, replacing any that is showing. Returns its id. */
export function toast({ title, description, variant = 'default' }: ToastInput): number {
  const id = nextId++;
  publish({ id, title, description, variant });
  return id;
}

/** Removes the notification with this id (or the current one); a stale id does nothing. */
export function dismissToast(id?: number): void {
  if (current && (id === undefined || current.id === id)) publish(null);
}

export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToast(): Toast | null {
  return current;
}

/** The server never shows toasts: every prerendered page starts without one. */
export function serverToast(): Toast | null {
  return null;
}
