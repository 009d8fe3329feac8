// How a day is written for people: 'YYYY-MM-DD' becomes 'DD.MM.YYYY', and only a real calendar date is one
// (2026-02-30 is refused, 2024-02-29 is a day). Plain string work without a date library, so a page that only shows
// dates (the way's page) loads none; time.ts hands these out as part of its calendar rules.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** 'YYYY-MM-DD' → 'DD.MM.YYYY'; a string that is no real calendar date throws. */
export function dayToDisplay(day: string): string {
  const m = DAY.exec(day)
  if (!m || !isRealDate(Number(m[1]), Number(m[2]), Number(m[3])))
    throw new RangeError(`Invalid day '${day}', expected YYYY-MM-DD`)
  return `${m[3]}.${m[2]}.${m[1]}`
}

/** 'YYYY-MM-DD HH:mm' (a wall clock as the ways list and trip pages carry it) → 'DD.MM.YYYY'. */
export function dayTimeToDisplayDate(dayTime: string): string {
  return dayToDisplay(dayTime.slice(0, 10))
}

function isRealDate(year: number, month: number, day: number): boolean {
  const d = new Date(0)
  d.setUTCFullYear(year, month - 1, day)
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
}
