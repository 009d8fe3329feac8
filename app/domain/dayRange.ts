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
