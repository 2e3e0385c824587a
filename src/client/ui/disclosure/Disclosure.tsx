import { useId, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from '../icons';

type DisclosureProps = {
  /** Button label while the content is hidden, e.g. 'Read more'. */
  showLabel: string;
  /** Button label while the content is shown, e.g. 'Read less'. */
  hideLabel: string;
  /**
   * What the content is about, added to the button's accessible name after the visible label
   * ('Read more: A Day on the Farm'), so a list of buttons can be told apart by ear. The
   * name starts with the visible label (WCAG 2.5.3, label in name).
   */
  subject: string;
  /** The extra text: always in the markup (so it is prerendered), hidden until opened. */
  children: ReactNode;
  className?: string;
};

/**
 * A show/hide toggle (WAI-ARIA disclosure pattern): a real button with aria-expanded and
 * aria-controls, placed after the content it reveals so the text grows where the reader is.
 */
export function Disclosure({ showLabel, hideLabel, subject, children, className }: DisclosureProps) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  const label = open ? hideLabel : showLabel;
  return (
    <div className={className ? `disclosure ${className}` : 'disclosure'}>
      <div id={contentId} className="disclosure__content" hidden={!open}>
        {children}
      </div>
      <button
        type="button"
        className="disclosure__toggle"
        aria-expanded={open}
        aria-controls={contentId}
        aria-label={`${label}: ${subject}`}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {label}
        <ChevronDownIcon className="disclosure__icon" size={18} />
      </button>
    </div>
  );
}
