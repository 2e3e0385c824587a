import { useState, type ReactNode } from 'react';
import { ConfirmRemoval } from './ConfirmRemoval';
import type { PaneRemoval } from './usePaneRemoval';

type PaneItemsProps<Item> = {
  items: readonly Item[];
  /** The item as its buttons name it: "the event Annual Day". */
  nameOf: (item: Item) => string;
  /** The Change button's words, when they say more than "Change". */
  changeText?: (item: Item) => string;
  /** What removing an item means for the parents, asked before it goes. */
  consequence: string;
  removal: PaneRemoval;
  /** The item's lines under its title. */
  view: (item: Item) => ReactNode;
  /** The item's form to change it, and what ends the change (saved or cancelled). */
  form: (item: Item, done: () => void) => ReactNode;
};

/** A pane's list: each item with its title, its lines, Change (its form in its place) and Remove. */
export function PaneItems<Item extends { id: number; title: string }>({
  items,
  nameOf,
  changeText = () => 'Change',
  consequence,
  removal,
  view,
  form,
}: PaneItemsProps<Item>) {
  const [editing, setEditing] = useState<number | undefined>(undefined);
  return (
    <ul className="parents-panes__list">
      {items.map((item) => (
        <li key={item.id} className="parents-panes__item">
          {editing === item.id ? (
            form(item, () => setEditing(undefined))
          ) : (
            <>
              <p className="parents-panes__item-title">{item.title}</p>
              {view(item)}
              <div className="parents-panes__actions">
                <button
                  type="button"
                  className="button button--outline admin-small-button"
                  aria-label={`Change ${nameOf(item)}`}
                  onClick={() => setEditing(item.id)}
                >
                  {changeText(item)}
                </button>
                <ConfirmRemoval
                  what={nameOf(item)}
                  consequence={consequence}
                  pending={removal.pending}
                  onRemove={() => removal.remove(item.id)}
                />
              </div>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
