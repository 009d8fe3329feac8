// Date picker: no future dates (max today). Default answer when empty is today at 12:00.
// The text may be a date as a unix-seconds string
// A time value must match HH:MM:SS.
import { describe, test, expect } from 'vitest'
import {
  answerTextToDate,
  dateToAnswerText,
  defaultDateAnswerText,
  isFutureDay,
  parseTimeAnswer,
  timeAnswer,
} from './questionText'

const TZ = 'Europe/Berlin'

describe('dateToAnswerText', () => {
  test.each([
    ['2026-01-01', 12, 0, TZ, String(Date.parse('2026-01-01T11:00:00Z') / 1000)],
    ['2026-07-01', 12, 0, TZ, String(Date.parse('2026-07-01T10:00:00Z') / 1000)],
    ['2026-07-01', 0, 0, 'UTC', String(Date.parse('2026-07-01T00:00:00Z') / 1000)],
    ['2026-07-01', 24, 0, 'UTC', String(Date.parse('2026-07-02T00:00:00Z') / 1000)],
    ['2026-02-30', 12, 0, TZ, null],
    ['2026-07-01', 25, 0, TZ, null],
    ['2026-07-01', 12, 60, TZ, null],
    ['2026-07-01', 1.5, 0, TZ, null],
  ])('%s %s:%s %s → %s', (day, h, m, tz, expected) => {
    expect(dateToAnswerText(day, h, m, tz)).toBe(expected)
  })

  test('default answer is today at 12:00', () => {
    expect(defaultDateAnswerText('2026-01-01', TZ)).toBe(String(Date.parse('2026-01-01T11:00:00Z') / 1000))
  })
})

describe('answerTextToDate', () => {
  test.each([
    ['1767265200', '2026-01-01T11:00:00.000Z'],
    [' 0 ', '1970-01-01T00:00:00.000Z'],
    ['', null],
    ['abc', null],
    ['-5', null],
    ['1.5', null],
    ['12:00:00', null],
    [null, null],
  ])('%j → %s', (text, expected) => {
    expect(answerTextToDate(text)?.toISOString() ?? null).toBe(expected)
  })

  test('round trip', () => {
    const text = dateToAnswerText('2026-10-25', 2, 30, TZ)!
    expect(answerTextToDate(text)?.toISOString()).toBe('2026-10-25T00:30:00.000Z')
  })
})

describe('isFutureDay', () => {
  test.each([
    ['2026-11-05', '2026-11-05', false],
    ['2026-11-04', '2026-11-05', false],
    ['2026-11-06', '2026-11-05', true],
    ['2027-01-01', '2026-12-31', true],
  ])('%s (today %s) → %s', (day, today, expected) => {
    expect(isFutureDay(day, today)).toBe(expected)
  })
})

describe('timeAnswer / parseTimeAnswer', () => {
  test.each([
    [0, 0, '00:00:00'],
    [9, 5, '09:05:00'],
    [23, 59, '23:59:00'],
    [24, 0, '24:00:00'],
    [25, 0, null],
    [-1, 0, null],
    [12, 60, null],
    [12, -1, null],
    [12.5, 0, null],
    [Number.NaN, 0, null],
  ])('timeAnswer(%s, %s) = %j', (h, m, expected) => {
    expect(timeAnswer(h, m)).toBe(expected)
    if (expected) expect(parseTimeAnswer(expected)).toEqual({ hour: h, minute: m })
  })

  test.each([['12:3:00'], ['ab:cd:ef'], [''], [undefined]])('parseTimeAnswer(%j) = null', (t) => {
    expect(parseTimeAnswer(t)).toBeNull()
  })
})
