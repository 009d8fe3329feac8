import { isTimeValue } from './timeInput'
import { parseDay, zonedDateTimeToUtc, type Day } from './time'

/** Default answer when empty is today at 12:00. */
export const DEFAULT_ANSWER_HOUR = 12
export const DEFAULT_ANSWER_MINUTE = 0

const validHour = (h: number) => Number.isInteger(h) && h >= 0 && h <= 24
const validMinute = (m: number) => Number.isInteger(m) && m >= 0 && m <= 59

/**
 * The text may be a date as a unix-seconds string.
 * Wall-clock `day hour:minute` in the study time zone → unix seconds as a string ('1767265200').
 * Invalid day (not a real YYYY-MM-DD), hour (0-24) or minute (0-59) → null.
 */
export function dateToAnswerText(day: Day, hour: number, minute: number, timeZone: string): string | null {
  if (!parseDay(day) || !validHour(hour) || !validMinute(minute)) return null
  return String(Math.floor(zonedDateTimeToUtc(day, hour, minute, timeZone).getTime() / 1000))
}

/** Default answer when empty is today at 12:00. */
export function defaultDateAnswerText(today: Day, timeZone: string): string | null {
  return dateToAnswerText(today, DEFAULT_ANSWER_HOUR, DEFAULT_ANSWER_MINUTE, timeZone)
}

/** The text may be a date as a unix-seconds string — digits only, else null. */
export function answerTextToDate(text: string | null | undefined): Date | null {
  if (typeof text !== 'string' || !/^\d{1,12}$/.test(text.trim())) return null
  return new Date(Number(text.trim()) * 1000)
}

/** Date picker: no future dates (max today). Both are study-zone days 'YYYY-MM-DD'. */
export function isFutureDay(day: Day, today: Day): boolean {
  return day > today
}

/** Time answer text 'HH:mm:ss' (seconds always 00); hour 0-24, minute 0-59 (integers), else null. */
export function timeAnswer(hour: number, minute: number): string | null {
  if (!validHour(hour) || !validMinute(minute)) return null
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`
}

/** Inverse of timeAnswer: 'HH:mm:ss' → { hour, minute } or null. */
export function parseTimeAnswer(text: string | null | undefined): { hour: number; minute: number } | null {
  if (!isTimeValue(text)) return null
  return { hour: Number(text.slice(0, 2)), minute: Number(text.slice(3, 5)) }
}
