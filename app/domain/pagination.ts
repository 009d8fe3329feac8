/** Trips page size: the list call defaults to 10. */
export const TRIPS_PAGE_SIZE = 10
/** Paginator shows 6 pages at a time. */
export const PAGINATOR_WINDOW = 6

/** Page count is total trips divided by the page limit, rounded up. (0 trips → 0 pages) */
export function pageCount(total: number, limit: number = TRIPS_PAGE_SIZE): number {
  if (!(total > 0) || !(limit > 0)) return 0
  return Math.ceil(total / limit)
}

/** The page a trip stands on when `before` trips come before it in the list's order: pages count from 1. */
export function pageOfPosition(before: number, limit: number = TRIPS_PAGE_SIZE): number {
  return Math.floor(before / limit) + 1
}

export interface PageFetch {
  offset: number
  fetchNext: number
}

/**
 * Page offset: the first page fetches limit trips; later pages fetch one extra trip
 * overlapping the previous page. Sort order is descending by start.
 * page 1 → { offset: 0, fetchNext: limit }; page p > 1 → { offset: (p-1)*limit - 1, fetchNext: limit + 1 }.
 */
export function pageFetch(page: number, limit: number = TRIPS_PAGE_SIZE): PageFetch {
  if (page <= 1) return { offset: 0, fetchNext: limit }
  return { offset: (page - 1) * limit - 1, fetchNext: limit + 1 }
}

/**
 * Splits the rows fetched by pageFetch: on pages > 1 the first row is the last trip of the
 * previous page (used e.g. to decide whether a day header is needed), the rest are the page's trips.
 */
export function splitOverlap<T>(rows: T[], page: number): { previous: T | null; items: T[] } {
  if (page <= 1) return { previous: null, items: rows }
  return { previous: rows[0] ?? null, items: rows.slice(1) }
}

/**
 * Paginator shows 6 pages at a time.
 * Up to `window` consecutive page numbers containing `current`, as centred as possible (for an even
 * window the current page sits just left of the middle: 3 4 [5] 6 7 8), clamped to 1..count.
 */
export function visiblePages(current: number, count: number, window: number = PAGINATOR_WINDOW): number[] {
  if (count < 1 || window < 1) return []
  const cur = Math.min(Math.max(1, Math.trunc(current)), count)
  const size = Math.min(window, count)
  const start = Math.min(Math.max(1, cur - Math.floor((size - 1) / 2)), count - size + 1)
  return Array.from({ length: size }, (_, i) => start + i)
}

/** A page route/search parameter: positive integer only ('1', '12'); anything else → null. */
export function parsePage(str: string | null | undefined): number | null {
  if (typeof str !== 'string' || !/^[1-9]\d*$/.test(str)) return null
  const n = Number(str)
  return Number.isSafeInteger(n) ? n : null
}
