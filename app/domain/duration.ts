import type { Locale } from './locale'

export interface DurationParts {
  days: number
  hours: number
  minutes: number
  /** Only non-zero when days, hours and minutes are all 0. */
  seconds: number
  /** True when nothing is to be shown (zero, negative, non-finite or < 1 s). */
  underOneMinute: boolean
}

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * Duration display: days, hours and minutes; 'under 1 minute' for zero; seconds only if there are no minutes.
 * All parts are floored. Seconds are reported only when days = hours = minutes = 0.
 */
export function durationParts(ms: number): DurationParts {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms) : 0
  const days = Math.floor(total / DAY)
  const hours = Math.floor((total % DAY) / HOUR)
  const minutes = Math.floor((total % HOUR) / MINUTE)
  const hasLarger = days > 0 || hours > 0 || minutes > 0
  const seconds = hasLarger ? 0 : Math.floor(total / SECOND)
  return { days, hours, minutes, seconds, underOneMinute: !hasLarger && seconds === 0 }
}

const UNITS = {
  de_DE: { day: 'Tag', days: 'Tage', h: 'Std.', min: 'Min.', s: 'Sek.', under: 'unter 1 Minute' },
  en_US: { day: 'day', days: 'days', h: 'h', min: 'min', s: 's', under: 'under 1 minute' },
} as const

/**
 * Duration display: days, hours and minutes; 'under 1 minute' for zero; seconds only if there are no minutes.
 * Zero-valued parts are omitted: de '1 Tag 2 Std. 5 Min.', '45 Sek.', 'unter 1 Minute';
 * en '1 day 2 h 5 min', '45 s', 'under 1 minute'.
 */
export function formatDuration(ms: number, locale: Locale): string {
  const p = durationParts(ms)
  const u = UNITS[locale]
  if (p.underOneMinute) return u.under
  if (p.seconds > 0) return `${p.seconds} ${u.s}`
  const out: string[] = []
  if (p.days > 0) out.push(`${p.days} ${p.days === 1 ? u.day : u.days}`)
  if (p.hours > 0) out.push(`${p.hours} ${u.h}`)
  if (p.minutes > 0) out.push(`${p.minutes} ${u.min}`)
  return out.join(' ')
}
