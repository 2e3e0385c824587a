import type { Locator, Page } from 'playwright-core';

/**
 * Whether a person can press the control as it stands, once scrolled to it: the element at its
 * centre is the control (or inside it), and no notification overlaps any part of it.
 */
export function isUncovered(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    // Instant: the site scrolls smoothly, and a smooth scroll would not have arrived when the point is read.
    element.scrollIntoView({ block: 'nearest', behavior: 'instant' });
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    const overlaps = [...document.querySelectorAll('.toast')].some((toast) => {
      const other = toast.getBoundingClientRect();
      return other.left < box.right && box.left < other.right && other.top < box.bottom && box.top < other.bottom;
    });
    return hit !== null && element.contains(hit) && !overlaps;
  });
}

/** Waits until a notification shows and its entrance has finished, so its place is where it stays. */
export async function waitForToast(page: Page): Promise<void> {
  const card = page.locator('.toast');
  await card.waitFor();
  await card.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}
