// The pagination window of every list (the same in the areas and the back office): at most 7 page
// numbers; the first 7 while the current page is below 4, the last 7 within 4 of the end,
// else the current page in the middle; hidden with one page or fewer. Pages count from 1 in
// URLs (?page=3) and on screen.
export const PAGE_WINDOW = 7;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(0, Math.ceil(total / pageSize));
}

/** The page numbers to show, [] when there is one page or none. */
export function pageWindow(current: number, pages: number): number[] {
  if (pages <= 1) return [];
  if (pages <= PAGE_WINDOW) return Array.from({ length: pages }, (_, i) => i + 1);
  const half = Math.floor(PAGE_WINDOW / 2);
  let first: number;
  if (current < 4) first = 1;
  else if (current > pages - 4) first = pages - PAGE_WINDOW + 1;
  else first = current - half;
  return Array.from({ length: PAGE_WINDOW }, (_, i) => first + i);
}

/** ?page= as a page number from 1, junk and out-of-range values → 1. */
export function pageParam(raw: string | null | undefined): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}
