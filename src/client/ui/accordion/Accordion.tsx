import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronDownIcon } from '../icons';

export type AccordionItem = { id: string; heading: ReactNode; content: ReactNode };

type AccordionProps = {
  /** Prefix of the element ids; unique on the page. */
  idPrefix: string;
  items: readonly AccordionItem[];
  /** The open item (at most one), or null. */
  openId: string | null;
  onToggle: (id: string) => void;
  /** Level of the headings that hold the buttons, to fit the page outline. */
  headingLevel: 2 | 3 | 4;
  className?: string;
};

const navigationKeys = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End']);

/**
 * A WAI-ARIA accordion: each header is a button inside a heading, with aria-expanded and
 * aria-controls; each panel is a region labelled by its button. Closed panels stay in the
 * markup (hidden), so the text is prerendered and findable. Enter and Space toggle (native
 * buttons); the optional Up/Down/Home/End keys move between headers.
 */
export function Accordion({ idPrefix, items, openId, onToggle, headingLevel, className }: AccordionProps) {
  const root = useRef<HTMLDivElement>(null);
  const Heading = `h${headingLevel}` as const;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!navigationKeys.has(event.key) || !root.current) return;
    const buttons = [
      ...root.current.querySelectorAll<HTMLButtonElement>(
        ':scope > .accordion__item > .accordion__heading > .accordion__trigger',
      ),
    ];
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (current === -1) return;
    const last = buttons.length - 1;
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? last
          : event.key === 'ArrowDown'
            ? current === last
              ? 0
              : current + 1
            : current === 0
              ? last
              : current - 1;
    event.preventDefault();
    buttons[next]?.focus();
  }

  return (
    <div ref={root} className={className ? `accordion ${className}` : 'accordion'} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const open = item.id === openId;
        const buttonId = `${idPrefix}-button-${item.id}`;
        const panelId = `${idPrefix}-panel-${item.id}`;
        return (
          <div key={item.id} className={open ? 'accordion__item accordion__item--open' : 'accordion__item'}>
            <Heading className="accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="accordion__trigger"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onToggle(item.id)}
              >
                <span className="accordion__title">{item.heading}</span>
                <ChevronDownIcon className="accordion__icon" size={20} />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion__panel" hidden={!open}>
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
