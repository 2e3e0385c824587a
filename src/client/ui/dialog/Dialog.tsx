import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { lockPageScroll } from '../scrollLock';

type DialogProps = {
  open: boolean;
  /** Called when the visitor asks to close: Escape, a click on the backdrop, or a close button inside. */
  onClose: () => void;
  /** Id of the element that names the dialog. */
  labelledBy: string;
  /** Where focus goes when the dialog opens; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
};

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

function focusableElements(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (element) => !element.closest('[hidden], [inert]'),
  );
}

/** Marks <html> while a modal is open, so the page behind it cannot scroll. */

/**
 * A modal dialog (WAI-ARIA dialog pattern) on the native <dialog> element opened with
 * showModal(): the page behind becomes inert and its scrolling is locked, focus moves in and
 * cycles inside on Tab, Escape and a click on the backdrop close it, and focus returns to the
 * element that opened it. Its content is rendered only while it is open.
 */
export function Dialog({ open, onClose, labelledBy, initialFocus, className, children }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    const releaseScroll = lockPageScroll();
    (initialFocus?.current ?? focusableElements(dialog)[0] ?? dialog).focus();
    return () => {
      if (dialog.open) dialog.close();
      releaseScroll();
      if (opener?.isConnected) opener.focus();
    };
    // Opening is driven by `open` alone; the focus target is read once, when it opens.
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = focusableElements(dialogRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function onClick(event: MouseEvent<HTMLDialogElement>) {
    // The dialog element spans the viewport; a click that lands on it directly, rather than
    // on its content, is a click on the backdrop.
    if (event.target === event.currentTarget) onClose();
  }

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={labelledBy}
      className={className ? `dialog ${className}` : 'dialog'}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onCancel={(event) => {
        // Escape: let the owner close it, so its state and the element stay in step.
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        // The browser may close the dialog itself (a repeated Escape); tell the owner.
        if (open) onClose();
      }}
    >
      {open && children}
    </dialog>
  );
}
