import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'wouter';
import type { MenuItem } from '#shared/siteNavigation.ts';
import { CloseIcon, PhoneIcon } from '#client/ui/icons/index.tsx';
import { PhoneLink } from '#client/ui/ContactLinks.tsx';
import { lockPageScroll } from '#client/ui/scrollLock.ts';
import { useSiteData } from '../siteData';
import { MOBILE_MEDIA_QUERY } from './constants';
import { ariaCurrent, isInSection, useCurrentPath } from './currentPath';
import { shellText } from './shellText';
import { SubmenuList, SubmenuToggle, submenuId } from './Submenu';

const groupId = (item: MenuItem) => submenuId('mobile-menu-group', item);

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter(
    (element) => element.offsetParent !== null,
  );
}

export type MobileMenuPanelProps = {
  /** The dialog element the panel fills. */
  dialogRef: RefObject<HTMLDivElement | null>;
  onClose(options: { restoreFocus: boolean }): void;
};

/**
 * What the open phone menu shows, mounted while it is open: the school's name and the close
 * button, the site's pages with their groups expanding one at a time, and the enquiry and call
 * buttons. While mounted it keeps focus inside the dialog, locks the page's scrolling, and
 * closes on Escape.
 */
export function MobileMenuPanel({ dialogRef, onClose }: MobileMenuPanelProps) {
  const { school, mainMenu, admissionEnquiryLink } = useSiteData();
  const currentPath = useCurrentPath();
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);

  // A layout effect: the page is locked and focus is on the close button as the panel appears.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const releaseScroll = lockPageScroll();
    closeButtonRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose({ restoreFocus: true });
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = focusableIn(dialog);
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
    dialog.addEventListener('keydown', onKeyDown);
    // Growing past the breakpoint (rotating a tablet) hides the panel; close it properly.
    const wide = window.matchMedia(MOBILE_MEDIA_QUERY);
    const onChange = () => {
      if (!wide.matches) onClose({ restoreFocus: false });
    };
    wide.addEventListener('change', onChange);
    return () => {
      releaseScroll();
      dialog.removeEventListener('keydown', onKeyDown);
      wide.removeEventListener('change', onChange);
    };
  }, [dialogRef, onClose]);

  const onLinkClick = () => onClose({ restoreFocus: false });

  return (
    <>
      <div className="mobile-menu__top">
        <span className="mobile-menu__title">{school.name}</span>
        <button
          ref={closeButtonRef}
          type="button"
          className="mobile-menu__close"
          aria-label={shellText.closeMenu}
          onClick={() => onClose({ restoreFocus: true })}
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
    </>
  );
}
