import type { Ref } from 'react';
import { Link } from 'wouter';
import type { MenuItem } from '#shared/siteNavigation.ts';
import { ChevronDownIcon } from '#client/ui/icons/index.tsx';
import { ariaCurrent } from './currentPath';
import { submenuButtonName } from './shellText';

/**
 * A menu item's sub-pages, as the header's dropdown and the phone menu's groups both show them:
 * a button beside the item's link that shows or hides the list, and the list of links. Each menu
 * names its own classes, icon size and id prefix.
 */

/** The list's id: the prefix and the item's path, slashes as hyphens. */
export const submenuId = (prefix: string, item: MenuItem) => `${prefix}${item.path.replaceAll('/', '-')}`;

type SubmenuToggleProps = {
  item: MenuItem;
  listId: string;
  expanded: boolean;
  className: string;
  iconSize: number;
  onClick(): void;
  ref?: Ref<HTMLButtonElement>;
};

export function SubmenuToggle({ item, listId, expanded, className, iconSize, onClick, ref }: SubmenuToggleProps) {
  return (
    <button
      ref={ref}
      type="button"
      className={className}
      aria-expanded={expanded}
      aria-controls={listId}
      onClick={onClick}
    >
      <ChevronDownIcon size={iconSize} />
      <span className="visually-hidden">{submenuButtonName(item.label)}</span>
    </button>
  );
}

type SubmenuListProps = {
  id: string;
  items: readonly MenuItem[];
  currentPath: string;
  open: boolean;
  className: string;
  linkClassName: string;
  onLinkClick(): void;
};

export function SubmenuList({ id, items, currentPath, open, className, linkClassName, onLinkClick }: SubmenuListProps) {
  return (
    <ul id={id} className={className} hidden={!open}>
      {items.map((child) => (
        <li key={child.path}>
          <Link
            href={child.path}
            className={linkClassName}
            aria-current={ariaCurrent(child.path, currentPath)}
            onClick={onLinkClick}
          >
            {child.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
