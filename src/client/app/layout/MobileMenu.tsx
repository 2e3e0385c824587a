import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { MenuIcon } from '#client/ui/icons/index.tsx';
import { useCurrentPath } from './currentPath';
import type { MobileMenuPanelProps } from './MobileMenuPanel';
import { shellText } from './shellText';

const PANEL_ID = 'mobile-menu';

// The panel is code a page runs only once the menu opens: it loads when the visitor reaches for
// the Menu button (a touch, a focus), not with every page (decision 0006).
let loadedPanel: ComponentType<MobileMenuPanelProps> | undefined;
const loadPanel = () =>
  import('./MobileMenuPanel').then(({ MobileMenuPanel }) => {
    loadedPanel = MobileMenuPanel;
  });

/**
 * The menu on phones and small tablets: a button that opens a full-screen panel (a modal
 * dialog), which hands focus back to the button when it closes. A press before the panel has
 * arrived opens it once it has; a failed load (no connection) is tried again at the next press.
 */
export function MobileMenu() {
  const currentPath = useCurrentPath();
  const [isOpen, setIsOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  const close = useCallback(({ restoreFocus }: { restoreFocus: boolean }) => {
    setIsOpen(false);
    if (restoreFocus) menuButtonRef.current?.focus();
  }, []);

  // Any change of page (a link, or the browser's back button) closes the menu.
  useEffect(() => close({ restoreFocus: false }), [currentPath, close]);

  const fetchPanel = () => void loadPanel().catch(() => undefined);
  const open = () => {
    if (loadedPanel) setIsOpen(true);
    else
      loadPanel().then(
        () => setIsOpen(true),
        () => undefined,
      );
  };
  const Panel = loadedPanel;

  return (
    <div className="mobile-menu">
      <button
        ref={menuButtonRef}
        type="button"
        className="mobile-menu__button"
        aria-expanded={isOpen}
        aria-controls={PANEL_ID}
        onPointerDown={fetchPanel}
        onFocus={fetchPanel}
        onClick={open}
      >
        <MenuIcon size={22} />
        <span>{shellText.menuButton}</span>
      </button>
      <div
        ref={dialogRef}
        id={PANEL_ID}
        className="mobile-menu__panel"
        role="dialog"
        aria-modal="true"
        aria-label={shellText.menuDialogLabel}
        hidden={!isOpen}
      >
        {isOpen && Panel && <Panel dialogRef={dialogRef} onClose={close} />}
      </div>
    </div>
  );
}
