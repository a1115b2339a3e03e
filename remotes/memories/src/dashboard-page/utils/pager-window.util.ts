/** Most numbered page buttons the pager shows (spec section 9). */
export const PAGER_NUMBERS = 5;

/**
 * The zero-based pages the pager numbers: up to `max`, centred on the current page and shifted inwards at either
 * end so the window is always full when there are enough pages.
 */
export function pagerWindow(currentPage: number, totalPages: number, max = PAGER_NUMBERS): number[] {
  const count = Math.min(max, totalPages);
  const first = Math.min(Math.max(0, currentPage - Math.floor(max / 2)), totalPages - count);
  return Array.from({ length: count }, (_, index) => first + index);
}
