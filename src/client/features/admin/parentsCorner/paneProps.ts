import type { RefObject } from 'react';

/** What a pane of the Parents' Corner is given: its heading (the panel draws it), where focus waits when an item goes with its buttons. */
export type PaneProps = { headingRef: RefObject<HTMLHeadingElement | null> };
