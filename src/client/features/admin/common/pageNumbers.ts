/** A page number to show, or a gap between shown numbers. */
export type PageItem = number | 'gap';

/**
 * The page links of a pager: always the first and last page, the current one and its
 * neighbours, with gaps for the rest: 1 … 4 5 6 … 20.
 */
export function pageItems(current: number, pageCount: number, neighbours = 1): PageItem[] {
  const shown = new Set<number>([1, pageCount]);
  for (let page = current - neighbours; page <= current + neighbours; page++) {
    if (page >= 1 && page <= pageCount) shown.add(page);
  }
  const pages = [...shown].filter((page) => page >= 1).sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((page, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push('gap');
    items.push(page);
  });
  return items;
}
