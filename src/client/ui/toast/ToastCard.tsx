import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type Toast } from './toastStore';

/**
 * Counts down a toast's display time, pausing while the visitor hovers or focuses it
 * (WCAG 2.2.1: time to read), and dismisses it when the time is up.
 */
function useDisplayTimer(id: number) {
  const remaining = useRef(TOAST_DURATION_MS);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const resume = () => {
    clearTimeout(timer.current);
    startedAt.current = Date.now();
    timer.current = setTimeout(() => dismissToast(id), remaining.current);
  };
  const pause = () => {
    if (timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
  };

  useEffect(() => {
    remaining.current = TOAST_DURATION_MS;
    resume();
    return () => clearTimeout(timer.current);
    // The timer belongs to one toast: a new id starts a new countdown.
  }, [id]);

  return { pause, resume };
}

/** Dismisses the toast when a touch drags it at least the threshold to the right. */
function useSwipeToDismiss(id: number) {
  const start = useRef<{ pointerId: number; x: number } | null>(null);

  const offset = (event: ReactPointerEvent<HTMLElement>) =>
    start.current ? Math.max(0, event.clientX - start.current.x) : 0;

  return {
    onPointerDown(event: ReactPointerEvent<HTMLElement>) {
      if (event.pointerType !== 'touch') return;
      start.current = { pointerId: event.pointerId, x: event.clientX };
    },
    onPointerMove(event: ReactPointerEvent<HTMLElement>) {
      if (start.current?.pointerId !== event.pointerId) return;
      event.currentTarget.style.transform = `translateX(${offset(event)}px)`;
    },
    onPointerUp(event: ReactPointerEvent<HTMLElement>) {
      if (start.current?.pointerId !== event.pointerId) return;
      const swiped = offset(event) >= TOAST_SWIPE_THRESHOLD_PX;
      start.current = null;
      if (swiped) dismissToast(id);
      else event.currentTarget.style.transform = '';
    },
    onPointerCancel(event: ReactPointerEvent<HTMLElement>) {
      start.current = null;
      event.currentTarget.style.transform = '';
    },
  };
}

export default function ToastCard({ toast }: { toast: Toast }) {
  const { pause, resume } = useDisplayTimer(toast.id);
  const swipe = useSwipeToDismiss(toast.id);
  return (
    <div
      className={`toast toast--${toast.variant}`}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismissToast(toast.id);
      }}
      {...swipe}
    >
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.description ? <p className="toast__description">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        className="toast__close"
        aria-label="Close notification"
        onClick={() => dismissToast(toast.id)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
