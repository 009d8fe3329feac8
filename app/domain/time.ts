/**
 * Time-zone helpers for the study time zone (e.g. Europe/Berlin). Pure, Intl-based, DST-aware.
 * A "day" is a calendar date string 'YYYY-MM-DD' in the study time zone.
 */

export type Day = string

interface ZonedParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, f)
  }
  return f
}

/** Wall-clock parts via Intl (formatToParts: exact, but the costly part of listing ways). */
function intlParts(date: Date, timeZone: string): ZonedParts {
  const out: Record<string, number> = {}
  for (const p of formatter(timeZone).formatToParts(date)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value)
  }
  return {
    year: out.year,
    month: out.month,
    day: out.day,
    hour: out.hour === 24 ? 0 : out.hour,
    minute: out.minute,
    second: out.second,
  }
}

const HOUR_MS = 3_600_000
/** Per time zone and UTC hour: the zone's offset in that hour, or null where it changes within the hour. */
const hourOffsets = new Map<string, Map<number, number | null>>()

/** Offset (ms) of the time zone from UTC at the given instant, e.g. +3_600_000 for CET, from `parts` (default: zonedParts). */
function offsetAt(ms: number, timeZone: string, parts: (date: Date, timeZone: string) => ZonedParts = zonedParts): number {
  const whole = Math.floor(ms / 1000) * 1000
  const p = parts(new Date(whole), timeZone)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole
}

/**
 * Wall-clock parts of an instant in a time zone. The zone's offset is asked of Intl once per UTC hour (the same at
 * the hour's first and last second: no change within it) and then applied by arithmetic; an hour with a change in
 * it (a zone that switches off the full hour) goes to Intl for every instant.
 */
export function zonedParts(date: Date, timeZone: string): ZonedParts {
  const ms = date.getTime()
  if (!Number.isFinite(ms)) return intlParts(date, timeZone)
  const hour = Math.floor(ms / HOUR_MS)
  let offsets = hourOffsets.get(timeZone)
  if (!offsets) hourOffsets.set(timeZone, (offsets = new Map()))
  let offset = offsets.get(hour)
  if (offset === undefined) {
    const first = offsetAt(hour * HOUR_MS, timeZone, intlParts)
    offset = first === offsetAt(hour * HOUR_MS + HOUR_MS - 1000, timeZone, intlParts) ? first : null
    // Bounded: a long export walks through thousands of hours, and this must not grow with it.
    if (offsets.size >= 2048) offsets.clear()
    offsets.set(hour, offset)
  }
  if (offset === null) return intlParts(date, timeZone)
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offset)
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  }
}

const pad = (n: number, len = 2) => String(n).padStart(len, '0')

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Parses a real calendar date 'YYYY-MM-DD' (2026-02-30 → null). */
export function parseDay(day: string): { year: number; month: number; day: number } | null {
  const m = DAY_RE.exec(day)
  if (!m) return null
  const [year, month, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const check = new Date(Date.UTC(year, month - 1, d))
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== d) {
    return null
  }
  return { year, month, day: d }
}

function requireDay(day: string) {
  const p = parseDay(day)
  if (!p) throw new RangeError(`Invalid day '${day}', expected YYYY-MM-DD`)
  return p
}

/** Study-zone calendar day of an instant: 'YYYY-MM-DD'. */
export function dayInZone(date: Date, timeZone: string): Day {
  const p = zonedParts(date, timeZone)
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`
}

/** 'HH:mm' in the time zone. */
export function formatTime(date: Date, timeZone: string): string {
  const p = zonedParts(date, timeZone)
  return `${pad(p.hour)}:${pad(p.minute)}`
}

/** 'DD.MM.YYYY' in the time zone. */
export function formatDate(date: Date, timeZone: string): string {
  return dayToDisplay(dayInZone(date, timeZone))
}

/** 'YYYY-MM-DD HH:mm' in the time zone. */
export function formatDayTime(date: Date, timeZone: string): string {
  // One zonedParts call (formatToParts is the costly part; trip lists format many of these).
  const p = zonedParts(date, timeZone)
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`
}

/** 'YYYY-MM-DD' → 'DD.MM.YYYY'. */
export function dayToDisplay(day: Day): string {
  const p = requireDay(day)
  return `${pad(p.day)}.${pad(p.month)}.${pad(p.year, 4)}`
}

/** Calendar arithmetic on days: addDays('2026-03-01', -1) → '2026-02-28'. */
export function addDays(day: Day, n: number): Day {
  const p = requireDay(day)
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + n))
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}

/** Whole days from `a` to `b` (b - a). */
export function daysBetween(a: Day, b: Day): number {
  const pa = requireDay(a)
  const pb = requireDay(b)
  return Math.round((Date.UTC(pb.year, pb.month - 1, pb.day) - Date.UTC(pa.year, pa.month - 1, pa.day)) / 86_400_000)
}

/**
 * The instant at which the wall clock in `timeZone` shows `day hour:minute`.
 * Hour 24 means 00:00 of the next day. Across DST: a non-existent time (spring-forward gap)
 * is shifted forward by the gap length; an ambiguous time (fall-back) takes the earlier instant.
 */
export function zonedDateTimeToUtc(day: Day, hour: number, minute: number, timeZone: string): Date {
  const p = requireDay(day)
  const local = Date.UTC(p.year, p.month - 1, p.day, hour, minute)
  const before = offsetAt(local - 86_400_000, timeZone)
  const after = offsetAt(local + 86_400_000, timeZone)
  const candidates = [...new Set([before, after])]
    .map((o) => local - o)
    .filter((t) => offsetAt(t, timeZone) === local - t)
    .sort((a, b) => a - b)
  return new Date(candidates.length > 0 ? candidates[0] : local - before)
}

/** Half-open UTC range [start, end) covering the study-zone day. */
export function dayRangeUtc(day: Day, timeZone: string): { start: Date; end: Date } {
  return { start: zonedDateTimeToUtc(day, 0, 0, timeZone), end: zonedDateTimeToUtc(day, 24, 0, timeZone) }
}
