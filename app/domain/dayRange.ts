// Ranges of days ('YYYY-MM-DD', oldest first) as the ways list passes them in its URLs. Free of imports, so the
// list's browser code can build its links without the date library.

type Day = string

/** Whether two inclusive day ranges share a day. */
export function rangesOverlap(a: { from: Day; to: Day }, b: { from: Day; to: Day }): boolean {
  return a.from <= b.to && b.from <= a.to
}

/** The URL form of a day range, as parseDayRange reads it. */
export function dayRangeParam(range: { from: Day; to: Day }): string {
  return range.from === range.to ? range.from : `${range.from}..${range.to}`
}

/** A real calendar date 'YYYY-MM-DD' (2026-02-30 is none), checked without the date library. */
function isCalendarDay(day: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!m) return false
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const length = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  return length != null && date >= 1 && date <= length
}

/** 'FROM..TO' or a single day, as dayRangeParam writes it; null for anything else (unreal days, FROM after TO). */
export function parseDayRange(value: string | null | undefined): { from: Day; to: Day } | null {
  if (!value) return null
  const [from, to = from, ...rest] = value.split('..')
  if (rest.length || !isCalendarDay(from) || !isCalendarDay(to) || from > to) return null
  return { from, to }
}
