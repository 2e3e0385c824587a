import type { ReactNode } from 'react';
import { NEW_TAB_HINT } from './newTab';

/** A link to another site: opens in a new tab and says so to screen-reader users. */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden">{` ${NEW_TAB_HINT}`}</span>
    </a>
  );
}
