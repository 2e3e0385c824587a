/** The shell's constants from docs/spec.md §9. */

/** The back-to-top button shows once the page has scrolled further than this. */
export const BACK_TO_TOP_THRESHOLD_PX = 300;

/**
 * At this width and below the header shows the menu button instead of the desktop menu.
 * layout.css repeats the figure in its media queries (CSS cannot read it from here).
 */
export const MOBILE_BREAKPOINT_PX = 768;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** A desktop dropdown stays open this long after the pointer leaves, so a diagonal move does not close it. */
export const NAV_CLOSE_DELAY_MS = 100;

/** The element at the very top of the page that the back-to-top button moves focus to. */
export const PAGE_TOP_ID = 'page-top';
export const MAIN_CONTENT_ID = 'main';
