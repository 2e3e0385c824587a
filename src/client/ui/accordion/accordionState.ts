/**
 * The single-open rule: activating the open item closes it, activating another item opens it
 * (and so closes the one that was open).
 */
export function toggleOpenItem(open: string | null, activated: string): string | null {
  return open === activated ? null : activated;
}
