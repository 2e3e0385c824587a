import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { tabIndexForKey, type TabOrientation } from './tabKeys';

export type TabItem<Id extends string> = { id: Id; label: ReactNode };

export function tabElementId(idPrefix: string, id: string): string {
  return `${idPrefix}-tab-${id}`;
}

export function tabPanelElementId(idPrefix: string, id: string): string {
  return `${idPrefix}-panel-${id}`;
}

type TabListProps<Id extends string> = {
  /** Prefix of the ids that tie each tab to its panel; unique on the page. */
  idPrefix: string;
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  orientation?: TabOrientation;
  /**
   * Which panels are in the page: every tab's ('all', the others hidden) or only the selected
   * tab's. aria-controls may name only a panel that exists, so with 'selected' the other tabs go without.
   */
  panels?: 'all' | 'selected';
  className?: string;
};

/**
 * A WAI-ARIA tab list with automatic activation: the arrow keys of its orientation move focus
 * and select at once (panels show without delay), Home and End jump to the ends, and only the
 * selected tab is in the Tab sequence (roving tabindex).
 */
export function TabList<Id extends string>({
  idPrefix,
  label,
  items,
  selected,
  onSelect,
  orientation = 'horizontal',
  panels = 'all',
  className,
}: TabListProps<Id>) {
  const tabs = useRef(new Map<string, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = items.findIndex((item) => item.id === selected);
    const next = tabIndexForKey(event.key, Math.max(current, 0), items.length, orientation);
    const target = next === undefined ? undefined : items[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    tabs.current.get(target.id)?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation={orientation}
      className={className ? `tabs__list ${className}` : 'tabs__list'}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => {
        const isSelected = item.id === selected;
        return (
          <button
            key={item.id}
            ref={(element) => {
              if (element) tabs.current.set(item.id, element);
              else tabs.current.delete(item.id);
            }}
            type="button"
            role="tab"
            id={tabElementId(idPrefix, item.id)}
            aria-selected={isSelected}
            aria-controls={panels === 'all' || isSelected ? tabPanelElementId(idPrefix, item.id) : undefined}
            tabIndex={isSelected ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(item.id)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

type TabPanelProps = {
  idPrefix: string;
  id: string;
  hidden?: boolean;
  /**
   * True when the panel starts with text rather than a focusable control, so keyboard users
   * can reach it with Tab straight from the tab list (as the pattern recommends).
   */
  focusable?: boolean;
  className?: string;
  children: ReactNode;
};

export function TabPanel({ idPrefix, id, hidden = false, focusable = true, className, children }: TabPanelProps) {
  return (
    <div
      role="tabpanel"
      id={tabPanelElementId(idPrefix, id)}
      aria-labelledby={tabElementId(idPrefix, id)}
      tabIndex={focusable ? 0 : undefined}
      hidden={hidden}
      className={className ? `tabs__panel ${className}` : 'tabs__panel'}
    >
      {children}
    </div>
  );
}
