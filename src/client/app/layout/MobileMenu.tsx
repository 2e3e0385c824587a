import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import type { MenuItem } from '../../../shared/siteNavigation';
import { CloseIcon, MenuIcon, PhoneIcon } from '../../ui/icons';
import { MOBILE_MEDIA_QUERY } from './constants';
import { ariaCurrent, isInSection, useCurrentPath } from './currentPath';
import { shellText } from './shellText';
import { SubmenuList, SubmenuToggle, submenuId } from './Submenu';
import { PhoneLink } from '../../ui/ContactLinks';
import { lockPageScroll } from '../../ui/scrollLock';
import { useSiteData } from '../siteData';

const PANEL_ID = 'mobile-menu';
const groupId = (item: MenuItem) => submenuId('mobile-menu-group', item);

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter(
    (element) => element.offsetParent !== null,
  );
}

/**
 * The menu on phones and small tablets: a button that opens a full-screen panel. Groups with
 * sub-pages expand one at a time; the panel keeps focus inside while open, locks the page's
 * scrolling, and closes on a link, the close button or Escape, handing focus back to the button.
 */
export function MobileMenu() {
  const { school, mainMenu, admissionEnquiryLink } = useSiteData();
  const currentPath = useCurrentPath();
  const [isOpen, setIsOpen] = useState(false);
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);

  const close = ({ restoreFocus }: { restoreFocus: boolean }) => {
    setIsOpen(false);
    setOpenGroup(null);
    if (restoreFocus) menuButtonRef.current?.focus();
  };

  useEffect(() => {
    if (!isOpen) return;
    const releaseScroll = lockPageScroll();
    closeButtonRef.current?.focus();
    // Growing past the breakpoint (rotating a tablet) hides the panel; close it properly.
    const wide = window.matchMedia(MOBILE_MEDIA_QUERY);
    const onChange = () => {
      if (!wide.matches) close({ restoreFocus: false });
    };
    wide.addEventListener('change', onChange);
    return () => {
      releaseScroll();
      wide.removeEventListener('change', onChange);
    };
  }, [isOpen]);

  // Any change of page (a link, or the browser's back button) closes the menu.
  useEffect(() => close({ restoreFocus: false }), [currentPath]);

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close({ restoreFocus: true });
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = focusableIn(panelRef.current);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  const onLinkClick = () => close({ restoreFocus: false });

  return (
    <div className="mobile-menu">
      <button
        ref={menuButtonRef}
        type="button"
        className="mobile-menu__button"
        aria-expanded={isOpen}
        aria-controls={PANEL_ID}
        onClick={() => setIsOpen(true)}
      >
        <MenuIcon size={22} />
        <span>{shellText.menuButton}</span>
      </button>
      <div
        ref={panelRef}
        id={PANEL_ID}
        className="mobile-menu__panel"
        role="dialog"
        aria-modal="true"
        aria-label={shellText.menuDialogLabel}
        hidden={!isOpen}
        onKeyDown={onPanelKeyDown}
      >
        <div className="mobile-menu__top">
          <span className="mobile-menu__title">{school.name}</span>
          <button
            ref={closeButtonRef}
            type="button"
            className="mobile-menu__close"
            aria-label={shellText.closeMenu}
            onClick={() => close({ restoreFocus: true })}
          >
            <CloseIcon size={22} />
          </button>
        </div>
        <nav aria-label={shellText.mainNavLabel}>
          <ul className="mobile-menu__list">
            {mainMenu.map((item) => (
              <li key={item.path} className="mobile-menu__item">
                <div className="mobile-menu__row">
                  <Link
                    href={item.path}
                    className={`mobile-menu__link${isInSection(item.path, currentPath) ? ' is-current' : ''}`}
                    aria-current={ariaCurrent(item.path, currentPath)}
                    onClick={onLinkClick}
                  >
                    {item.label}
                  </Link>
                  {item.children && (
                    <SubmenuToggle
                      item={item}
                      listId={groupId(item)}
                      expanded={openGroup === item.path}
                      className="mobile-menu__expand"
                      iconSize={20}
                      onClick={() => setOpenGroup((open) => (open === item.path ? null : item.path))}
                    />
                  )}
                </div>
                {item.children && (
                  <SubmenuList
                    id={groupId(item)}
                    items={item.children}
                    currentPath={currentPath}
                    open={openGroup === item.path}
                    className="mobile-menu__group"
                    linkClassName="mobile-menu__sublink"
                    onLinkClick={onLinkClick}
                  />
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="mobile-menu__actions">
          <Link href={admissionEnquiryLink.path} className="button button--accent" onClick={onLinkClick}>
            {admissionEnquiryLink.label}
          </Link>
          <PhoneLink phone={school.phones[0]} className="button button--outline">
            <PhoneIcon size={18} />
            {`${shellText.callPrefix} ${school.phones[0].display}`}
          </PhoneLink>
        </div>
      </div>
    </div>
  );
}
