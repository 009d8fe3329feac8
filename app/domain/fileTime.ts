// Times in researchers' files. A wall-clock time ('YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss', also with a 'T'
// between date and time) is read in the study's time zone; an ISO 8601 time with an offset or 'Z' is an instant
// and needs no zone. Anything else is not a time.
import { parseDay, zonedDateTimeToUtc } from './time'

export type FileTime =
  { kind: 'wall'; day: string; hour: number; minute: number; second: number } | { kind: 'instant'; date: Date }

const PATTERN =
  /^(\d{4}-\d{2}-\d{2})[ T]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/

/** The time a file's string means, or null when it is not 'YYYY-MM-DD HH:mm[:ss]' or ISO 8601 with an offset. */
export function parseFileTime(value: string): FileTime | null {
  const m = PATTERN.exec(value)
  if (!m || !parseDay(m[1])) return null
  const [, day, hh, mm, ss, offset] = m
  if (offset) {
    const date = new Date(value.replace(' ', 'T'))
    return Number.isNaN(date.getTime()) ? null : { kind: 'instant', date }
  }
  return { kind: 'wall', day, hour: Number(hh), minute: Number(mm), second: Number(ss ?? 0) }
}

/** The instant of a file's time; wall-clock times are read in `timeZone`. */
export function fileTimeToDate(time: FileTime, timeZone: string): Date {
  if (time.kind === 'instant') return time.date
  return new Date(zonedDateTimeToUtc(time.day, time.hour, time.minute, timeZone).getTime() + time.second * 1000)
}

/** A clock time of day: 'HH:mm' or 'HH:mm:ss' (seconds other than 00 are kept only as the minute). */
export function parseClock(value: string): { hour: number; minute: number; second: number } | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(value)
  return m ? { hour: Number(m[1]), minute: Number(m[2]), second: Number(m[3] ?? 0) } : null
}
