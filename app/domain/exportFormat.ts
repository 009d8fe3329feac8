// Formats of the research export and the participant's own-data download: RFC 4180 CSV with a guard
// against spreadsheet formula injection, ISO 8601 times with the study zone's offset, RFC 7946 geometries. Pure.
import { zonedParts } from './time'

export type CellValue = string | number | boolean | null | undefined | readonly (string | number)[]

/** Separator of list values (several modes, purposes, reasons) inside one CSV cell or GeoJSON property. */
const LIST_SEPARATOR = '|'

/** A plain decimal number: a spreadsheet reads it as a number, never as a formula, so it is left as it is. */
const PLAIN_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/

/**
 * OWASP "CSV injection": a cell starting with = + - @ (or a tab / carriage return, which some spreadsheets skip
 * before such a character) is taken as a formula. Such a text cell gets a leading apostrophe, which spreadsheets
 * hide and which keeps the text a text. A plain number such as '-5' (an answer) stays untouched.
 */
export function guardFormula(text: string): string {
  if (text === '' || !/^[=+\-@\t\r]/.test(text) || PLAIN_NUMBER.test(text)) return text
  return `'${text}`
}

/** One CSV field (RFC 4180): null/undefined empty, lists joined with '|', quoted when it holds , " CR or LF. */
export function csvField(value: CellValue): string {
  if (value == null) return ''
  let text: string
  if (typeof value === 'number') text = Number.isFinite(value) ? String(value) : ''
  else if (typeof value === 'boolean') text = value ? 'true' : 'false'
  else if (typeof value === 'string') text = guardFormula(value)
  else text = guardFormula(value.join(LIST_SEPARATOR))
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One CSV record with its CRLF line break (RFC 4180 §2.1). */
export function csvRecord(values: readonly CellValue[]): string {
  return values.map(csvField).join(',') + '\r\n'
}

const pad = (n: number, len = 2) => String(Math.abs(n)).padStart(len, '0')

/**
 * An instant as ISO 8601 with the time zone's offset at that instant, to the second:
 * 2026-11-02T07:10:00Z in Europe/Berlin → '2026-11-02T08:10:00+01:00' (summer time: +02:00).
 */
export function isoInZone(date: Date, timeZone: string): string {
  const whole = Math.floor(date.getTime() / 1000) * 1000
  const p = zonedParts(new Date(whole), timeZone)
  const offsetMinutes = Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole) / 60_000)
  const sign = offsetMinutes < 0 ? '-' : '+'
  const offset = `${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${offset}`
}

export interface LineString {
  type: 'LineString'
  coordinates: [number, number][]
}

/**
 * RFC 7946 geometry of a recorded track: a LineString of [lon, lat] positions (§3.1.1: longitude first); a track
 * with fewer than two usable points has no line, so null (§3.2: a Feature's geometry may be null). Points whose
 * coordinates are not finite or out of range are left out.
 */
export function lineGeometry(points: readonly { lat: number; lon: number }[]): LineString | null {
  const coordinates: [number, number][] = []
  for (const p of points) {
    if (!Number.isFinite(p.lat) || !Number.isFinite(p.lon) || Math.abs(p.lat) > 90 || Math.abs(p.lon) > 180) continue
    coordinates.push([p.lon, p.lat])
  }
  return coordinates.length >= 2 ? { type: 'LineString', coordinates } : null
}

/** Metres → kilometres with three decimals (one metre), for sums in tables. */
export function kilometres(metres: number): number {
  return Math.round(metres) / 1000
}
