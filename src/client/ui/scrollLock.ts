/** Class on <html> while a modal layer (the mobile menu, a dialog) holds the page still. */
const SCROLL_LOCK_CLASS = 'is-scroll-locked';

let holders = 0;

/**
 * Stops the page behind a modal layer from scrolling. Returns the release; the page scrolls
 * again when every layer that locked it has released it.
 */
export function lockPageScroll(): () => void {
  holders += 1;
  document.documentElement.classList.add(SCROLL_LOCK_CLASS);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) document.documentElement.classList.remove(SCROLL_LOCK_CLASS);
  };
}
