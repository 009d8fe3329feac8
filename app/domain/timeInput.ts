import { parseDay } from './time'

const INT_RE = /^\s*[+-]?\d+\s*$/

function clampInt(input: string, previous: number, min: number, max: number): number {
  if (typeof input !== 'string' || !INT_RE.test(input)) return previous
  return Math.min(max, Math.max(min, Number(input)))
}

/** Hour input clamped to 0-24, minute to 0-59, shown as two digits; invalid input falls back to the previous value. */
export function clampHour(input: string, previous: number): number {
  return clampInt(input, previous, 0, 24)
}

/** Hour input clamped to 0-24, minute to 0-59, shown as two digits; invalid input falls back to the previous value. */
export function clampMinute(input: string, previous: number): number {
  return clampInt(input, previous, 0, 59)
}

/** Shown as two digits: 5 → '05', 12 → '12'. */
export function twoDigits(n: number): string {
  return String(Math.trunc(n)).padStart(2, '0')
}

/** A date route parameter must match YYYY-MM-DD and be a real calendar date. */
export function isDateParam(s: string | null | undefined): s is string {
  return typeof s === 'string' && parseDay(s) !== null
}

/**
 * A time value must match HH:MM:SS.
 * Also range-checked: HH 00-24 (24 allowed because hour input goes up to 24), MM and SS 00-59.
 */
export function isTimeValue(s: string | null | undefined): s is string {
  const m = typeof s === 'string' ? /^(\d{2}):(\d{2}):(\d{2})$/.exec(s) : null
  return m !== null && Number(m[1]) <= 24 && Number(m[2]) <= 59 && Number(m[3]) <= 59
}

export interface ManualWayInput {
  purposes: number[]
  tfcModes: string[]
  start: Date | null
  end: Date | null
}

/** The manual way's messages, as catalogue keys (shown as they are on the add/edit page). */
export type ManualWayError = 'ways:addWay.fillAll' | 'ways:addWay.endBeforeStart' | 'ways:noFuture.message'

const isValidDate = (d: Date | null): d is Date => d instanceof Date && !Number.isNaN(d.getTime())

/**
 * With `now`: a start or end after the current minute → 'ways:noFuture.message'.
 * Start, end, at least one trip purpose and at least one traffic mode are required, otherwise
 * 'Please fill in all fields.' The start must not be after the end, otherwise 'The start time must be
 * before the arrival time.'" — start == end is allowed. Returns an i18n key or null when valid.
 */
export function validateManualWay(way: ManualWayInput, now?: Date): ManualWayError | null {
  if (!isValidDate(way.start) || !isValidDate(way.end) || way.purposes.length === 0 || way.tfcModes.length === 0) {
    return 'ways:addWay.fillAll'
  }
  if (way.start.getTime() > way.end.getTime()) return 'ways:addWay.endBeforeStart'
  // A way cannot have happened yet: neither its start nor its end may be later than now (the minute now is in counts).
  if (now && way.end.getTime() >= Math.floor(now.getTime() / 60_000) * 60_000 + 60_000) return 'ways:noFuture.message'
  return null
}
