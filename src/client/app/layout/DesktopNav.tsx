import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { Link } from 'wouter';
import type { MenuItem } from '#shared/siteNavigation.ts';
import { NAV_CLOSE_DELAY_MS } from './constants';
import { ariaCurrent, isInSection, useCurrentPath } from './currentPath';
import { shellText } from './shellText';
import { SubmenuList, SubmenuToggle, submenuId } from './Submenu';
import { useSiteData } from '../siteData';

/**
 * The header menu on wider screens. Items with sub-pages follow the WAI-ARIA disclosure
 * navigation pattern: the parent's name is a link to its page, and a small button beside it
 * opens the submenu, so the dropdown works by hover, keyboard and touch alike.
 */
export function DesktopNav() {
  const { mainMenu } = useSiteData();
  const currentPath = useCurrentPath();
  // A dropdown opened by a click or tap is pinned: the next click on its button closes it. One
  // opened by hovering is not, so clicking the button of a hovered dropdown keeps it open.
  const [openMenu, setOpenMenu] = useState<{ path: string; pinned: boolean } | null>(null);
  const openPath = openMenu?.path ?? null;
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const navRef = useRef<HTMLElement>(null);

  const cancelClose = () => clearTimeout(closeTimer.current);
  const openOnHover = (path: string) => {
    cancelClose();
    setOpenMenu((current) => (current?.path === path ? current : { path, pinned: false }));
  };
  const toggle = (path: string) => {
    cancelClose();
    setOpenMenu((current) => (current?.path === path && current.pinned ? null : { path, pinned: true }));
  };
  const close = () => {
    cancelClose();
    setOpenMenu(null);
  };

  // A new page closes any open dropdown.
  useEffect(close, [currentPath]);

  // A tap or click anywhere outside the menu closes the dropdown.
  useEffect(() => {
    if (openPath === null) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openPath]);

  useEffect(() => cancelClose, []);

  return (
    <nav className="desktop-nav" aria-label={shellText.mainNavLabel} ref={navRef}>
      <ul className="desktop-nav__list">
        {mainMenu.map((item) =>
          item.children ? (
            <DropdownItem
              key={item.path}
              item={item}
              subItems={item.children}
              currentPath={currentPath}
              isOpen={openPath === item.path}
              onHover={() => openOnHover(item.path)}
              onToggle={() => toggle(item.path)}
              onClose={close}
              onCloseSoon={() => {
                cancelClose();
                closeTimer.current = setTimeout(() => setOpenMenu(null), NAV_CLOSE_DELAY_MS);
              }}
            />
          ) : (
            <li key={item.path} className="desktop-nav__item">
              <Link
                href={item.path}
                className={`desktop-nav__link${isInSection(item.path, currentPath) ? ' is-current' : ''}`}
                aria-current={ariaCurrent(item.path, currentPath)}
              >
                {item.label}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

type DropdownItemProps = {
  item: MenuItem;
  subItems: MenuItem[];
  currentPath: string;
  isOpen: boolean;
  onHover(): void;
  onToggle(): void;
  onClose(): void;
  onCloseSoon(): void;
};

function DropdownItem({
  item,
  subItems,
  currentPath,
  isOpen,
  onHover,
  onToggle,
  onClose,
  onCloseSoon,
}: DropdownItemProps) {
  const toggleRef = useRef<HTMLButtonElement>(null);
  const id = submenuId('nav-submenu', item);
  const inSection = isInSection(item.path, currentPath);

  // Only a real mouse opens on hover; a touch lands on the link or the button instead.
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') onHover();
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') onCloseSoon();
  };
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (isOpen && !event.currentTarget.contains(event.relatedTarget as Node | null)) onClose();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      onClose();
      toggleRef.current?.focus();
    }
  };

  return (
    <li
      className={`desktop-nav__item desktop-nav__item--parent${isOpen ? ' is-open' : ''}`}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <Link
        href={item.path}
        className={`desktop-nav__link${inSection ? ' is-current' : ''}`}
        aria-current={ariaCurrent(item.path, currentPath)}
      >
        {item.label}
      </Link>
      <SubmenuToggle
        ref={toggleRef}
        item={item}
        listId={id}
        expanded={isOpen}
        className="desktop-nav__toggle"
        iconSize={16}
        onClick={onToggle}
      />
      <SubmenuList
        id={id}
        items={subItems}
        currentPath={currentPath}
        open={isOpen}
        className="desktop-nav__submenu"
        linkClassName="desktop-nav__sublink"
        onLinkClick={onClose}
      />
    </li>
  );
}
