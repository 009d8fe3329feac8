// Headers are today, yesterday, day before yesterday, otherwise weekday and date.
// Time-zone helpers: days, times and day ranges are computed in the study time zone (DST-aware).
import { describe, test, expect } from 'vitest'
import {
  addDays,
  dayInZone,
  dayRangeUtc,
  daysBetween,
  dayToDisplay,
  formatDate,
  formatDayTime,
  formatTime,
  parseDay,
  zonedDateTimeToUtc,
  zonedParts,
} from './time'

const TZ = 'Europe/Berlin'

describe('dayInZone / formatTime / formatDate', () => {
  test.each([
    ['2026-01-15T22:59:59Z', TZ, '2026-01-15', '23:59', '15.01.2026'],
    ['2026-01-15T23:00:00Z', TZ, '2026-01-16', '00:00', '16.01.2026'],
    ['2026-07-15T21:59:00Z', TZ, '2026-07-15', '23:59', '15.07.2026'],
    ['2026-07-15T22:00:00Z', TZ, '2026-07-16', '00:00', '16.07.2026'],
    ['2026-03-29T00:59:00Z', TZ, '2026-03-29', '01:59', '29.03.2026'],
    ['2026-03-29T01:00:00Z', TZ, '2026-03-29', '03:00', '29.03.2026'],
    ['2026-10-25T00:30:00Z', TZ, '2026-10-25', '02:30', '25.10.2026'],
    ['2026-10-25T01:30:00Z', TZ, '2026-10-25', '02:30', '25.10.2026'],
    ['2026-07-15T12:05:00Z', 'UTC', '2026-07-15', '12:05', '15.07.2026'],
    ['2026-07-15T12:05:00Z', 'America/New_York', '2026-07-15', '08:05', '15.07.2026'],
  ])('%s in %s → %s %s', (iso, tz, day, time, date) => {
    const d = new Date(iso)
    expect(dayInZone(d, tz)).toBe(day)
    expect(formatTime(d, tz)).toBe(time)
    expect(formatDate(d, tz)).toBe(date)
    expect(formatDayTime(d, tz)).toBe(`${day} ${time}`)
  })
})

describe('zonedDateTimeToUtc', () => {
  test.each([
    ['2026-01-15', 12, 0, TZ, '2026-01-15T11:00:00.000Z'],
    ['2026-07-15', 12, 0, TZ, '2026-07-15T10:00:00.000Z'],
    ['2026-01-15', 0, 0, TZ, '2026-01-14T23:00:00.000Z'],
    ['2026-01-15', 24, 0, TZ, '2026-01-15T23:00:00.000Z'],
    ['2026-12-31', 24, 0, TZ, '2026-12-31T23:00:00.000Z'],
    // spring forward: 02:00-03:00 does not exist → shifted forward
    ['2026-03-29', 1, 59, TZ, '2026-03-29T00:59:00.000Z'],
    ['2026-03-29', 2, 30, TZ, '2026-03-29T01:30:00.000Z'],
    ['2026-03-29', 3, 0, TZ, '2026-03-29T01:00:00.000Z'],
    // fall back: 02:00-03:00 happens twice → earlier instant
    ['2026-10-25', 2, 30, TZ, '2026-10-25T00:30:00.000Z'],
    ['2026-10-25', 3, 0, TZ, '2026-10-25T02:00:00.000Z'],
    ['2026-07-15', 8, 5, 'America/New_York', '2026-07-15T12:05:00.000Z'],
    ['2026-07-15', 8, 5, 'UTC', '2026-07-15T08:05:00.000Z'],
  ])('%s %s:%s in %s → %s', (day, h, m, tz, iso) => {
    expect(zonedDateTimeToUtc(day, h, m, tz).toISOString()).toBe(iso)
  })

  test('rejects a malformed day', () => {
    expect(() => zonedDateTimeToUtc('2026-02-30', 0, 0, TZ)).toThrow(RangeError)
  })
})

describe('dayRangeUtc (half-open)', () => {
  test.each([
    ['2026-01-15', '2026-01-14T23:00:00.000Z', '2026-01-15T23:00:00.000Z', 24],
    ['2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', 23],
    ['2026-10-25', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z', 25],
  ])('%s → [%s, %s) (%s h)', (day, start, end, hours) => {
    const r = dayRangeUtc(day, TZ)
    expect(r.start.toISOString()).toBe(start)
    expect(r.end.toISOString()).toBe(end)
    expect((r.end.getTime() - r.start.getTime()) / 3_600_000).toBe(hours)
  })
})

describe('day arithmetic', () => {
  test.each([
    ['2026-03-01', -1, '2026-02-28'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-29', 1, '2026-03-30'],
    ['2026-01-01', 0, '2026-01-01'],
  ])('addDays(%s, %s) = %s', (day, n, expected) => {
    expect(addDays(day, n)).toBe(expected)
    expect(daysBetween(day, expected)).toBe(n)
  })

  test.each([
    ['2026-11-02', '02.11.2026'],
    ['2026-01-09', '09.01.2026'],
  ])('dayToDisplay(%s) = %s', (day, expected) => {
    expect(dayToDisplay(day)).toBe(expected)
  })

  test.each([
    ['2026-02-28', { year: 2026, month: 2, day: 28 }],
    ['2024-02-29', { year: 2024, month: 2, day: 29 }],
    ['2026-02-29', null],
    ['2026-02-30', null],
    ['2026-13-01', null],
    ['2026-00-10', null],
    ['2026-1-01', null],
    ['26-01-01', null],
    ['2026-01-01T00:00', null],
    ['', null],
  ])('parseDay(%j) = %j', (day, expected) => {
    expect(parseDay(day)).toEqual(expected)
  })
})

describe('zonedParts: arithmetic per hour agrees with Intl at every instant', () => {
  // Zones with whole-hour, half-hour and 45-minute offsets, southern and northern DST, and a zone whose DST shift is
  // 30 minutes (Lord Howe); instants every 7 min 13 s across a year with its transitions, and a few far ones.
  const zones = [
    'Europe/Berlin',
    'America/St_Johns',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'America/Sao_Paulo',
    'UTC',
  ]
  const formats = new Map<string, Intl.DateTimeFormat>()
  const intl = (date: Date, timeZone: string) => {
    // One formatter per zone: building one per instant made this test take seconds per zone on a busy machine.
    let f = formats.get(timeZone)
    if (!f) {
      const opts = {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      } as const
      f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', ...opts })
      formats.set(timeZone, f)
    }
    const o: Record<string, number> = {}
    for (const p of f.formatToParts(date)) if (p.type !== 'literal') o[p.type] = Number(p.value)
    return {
      year: o.year,
      month: o.month,
      day: o.day,
      hour: o.hour === 24 ? 0 : o.hour,
      minute: o.minute,
      second: o.second,
    }
  }
  for (const zone of zones)
    test(zone, () => {
      const start = Date.UTC(2026, 0, 1)
      const instants: number[] = [
        Date.UTC(1900, 5, 1, 12, 0, 7),
        Date.UTC(1969, 11, 31, 23, 59, 59, 999),
        Date.UTC(2100, 2, 28, 1, 30),
      ]
      for (let t = start; t < start + 366 * 86_400_000; t += 433_000) instants.push(t + (t % 997))
      const wrong = instants.filter(
        (t) => JSON.stringify(zonedParts(new Date(t), zone)) !== JSON.stringify(intl(new Date(t), zone)),
      )
      expect(wrong.map((t) => new Date(t).toISOString())).toEqual([])
    })
})
