/**
 * Time-zone helpers for the study time zone (e.g. Europe/Berlin): wall clocks, formatting and calendar arithmetic on
 * dayjs in UTC; DST-aware. A "day" is a calendar date string 'YYYY-MM-DD' in the study time zone.
 *
 * The zone's offset at an instant comes from Intl (formatToParts), cached per UTC hour. dayjs's timezone plugin is
 * not used for it: `dayjs(instant).tz(zone)` reads the zone's wall clock back through the host's own zone (an hour
 * wrong where the host has a DST gap, e.g. New York's 02:30 on the day Berlin springs forward, on a Berlin host),
 * `dayjs.tz(wall clock, zone)` picks an ambiguous wall clock's instant by today's date (the rule here: the earlier
 * instant), and both round old local mean times to whole minutes.
 */
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc.js'

dayjs.extend(utc)

export type Day = string

interface ZonedParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

const formatters = new Map<string, Intl.DateTimeFormat>()

/** Offset (ms) of the time zone from UTC at an instant, exact to the second, from Intl's wall clock. */
function intlOffsetAt(ms: number, timeZone: string): number {
  let f = formatters.get(timeZone)
  if (!f) {
    const opts = {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    } as const
    formatters.set(timeZone, (f = new Intl.DateTimeFormat('en-US', opts)))
  }
  const whole = Math.floor(ms / 1000) * 1000
  const p: Record<string, number> = {}
  for (const part of f.formatToParts(new Date(whole))) if (part.type !== 'literal') p[part.type] = Number(part.value)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour === 24 ? 0 : p.hour, p.minute, p.second) - whole
}

/** Per time zone and UTC hour: the zone's offset in that hour, or null where it changes within the hour. */
const hourOffsets = new Map<string, Map<number, number | null>>()

/** Offset (ms) of the time zone from UTC at the given instant, e.g. +3_600_000 for CET. */
function offsetAt(ms: number, timeZone: string): number {
  const hour = Math.floor(ms / HOUR_MS)
  let offsets = hourOffsets.get(timeZone)
  if (!offsets) hourOffsets.set(timeZone, (offsets = new Map()))
  let offset = offsets.get(hour)
  if (offset === undefined) {
    // Asked once per UTC hour (the same at the hour's first and last second: no change within it).
    const first = intlOffsetAt(hour * HOUR_MS, timeZone)
    offset = first === intlOffsetAt(hour * HOUR_MS + HOUR_MS - 1000, timeZone) ? first : null
    // Bounded: a long export walks through thousands of hours, and this must not grow with it.
    if (offsets.size >= 2048) offsets.clear()
    offsets.set(hour, offset)
  }
  return offset ?? intlOffsetAt(ms, timeZone)
}

/** The wall clock of an instant in the zone, as a dayjs in UTC (for formatting and reading its parts). */
function wallClock(date: Date, timeZone: string): dayjs.Dayjs {
  const ms = Math.floor(date.getTime() / 1000) * 1000
  return dayjs.utc(ms + offsetAt(ms, timeZone))
}

/** Wall-clock parts of an instant in a time zone. */
export function zonedParts(date: Date, timeZone: string): ZonedParts {
  const w = wallClock(date, timeZone)
  return { year: w.year(), month: w.month() + 1, day: w.date(), hour: w.hour(), minute: w.minute(), second: w.second() }
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/

/** A real calendar date 'YYYY-MM-DD' as a dayjs at UTC midnight, or null (2026-02-30 → null). */
function dayjsOfDay(day: string): dayjs.Dayjs | null {
  if (!DAY_RE.test(day)) return null
  const d = dayjs.utc(day)
  // dayjs rolls 2026-02-30 over to March: only a date that formats back to itself is real.
  return d.isValid() && d.format('YYYY-MM-DD') === day ? d : null
}

/** Parses a real calendar date 'YYYY-MM-DD' (2026-02-30 → null). */
export function parseDay(day: string): { year: number; month: number; day: number } | null {
  const d = dayjsOfDay(day)
  return d ? { year: d.year(), month: d.month() + 1, day: d.date() } : null
}

function requireDay(day: string): dayjs.Dayjs {
  const d = dayjsOfDay(day)
  if (!d) throw new RangeError(`Invalid day '${day}', expected YYYY-MM-DD`)
  return d
}

/** Study-zone calendar day of an instant: 'YYYY-MM-DD'. */
export function dayInZone(date: Date, timeZone: string): Day {
  return wallClock(date, timeZone).format('YYYY-MM-DD')
}

/** 'HH:mm' in the time zone. */
export function formatTime(date: Date, timeZone: string): string {
  return wallClock(date, timeZone).format('HH:mm')
}

/** 'DD.MM.YYYY' in the time zone. */
export function formatDate(date: Date, timeZone: string): string {
  return wallClock(date, timeZone).format('DD.MM.YYYY')
}

/** 'YYYY-MM-DD HH:mm' in the time zone. */
export function formatDayTime(date: Date, timeZone: string): string {
  return wallClock(date, timeZone).format('YYYY-MM-DD HH:mm')
}

// 'YYYY-MM-DD' → 'DD.MM.YYYY': without dayjs (displayDate.ts), for pages that only show dates.
export { dayToDisplay } from './displayDate'

/** Calendar arithmetic on days: addDays('2026-03-01', -1) → '2026-02-28'. */
export function addDays(day: Day, n: number): Day {
  return requireDay(day).add(n, 'day').format('YYYY-MM-DD')
}

/** Whole days from `a` to `b` (b - a). */
export function daysBetween(a: Day, b: Day): number {
  return requireDay(b).diff(requireDay(a), 'day')
}

/**
 * The instant at which the wall clock in `timeZone` shows `day hour:minute`.
 * Hour 24 means 00:00 of the next day. Across DST: a non-existent time (spring-forward gap)
 * is shifted forward by the gap length; an ambiguous time (fall-back) takes the earlier instant.
 */
export function zonedDateTimeToUtc(day: Day, hour: number, minute: number, timeZone: string): Date {
  const local = requireDay(day).add(hour, 'hour').add(minute, 'minute').valueOf()
  // The zone's offsets a day either side; an instant whose own offset gives back the wall clock is a match.
  const before = offsetAt(local - DAY_MS, timeZone)
  const after = offsetAt(local + DAY_MS, timeZone)
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
