// Hour input clamped to 0-24, minute to 0-59, shown as two digits; invalid input falls back to the previous value.
// A date route parameter must match YYYY-MM-DD; a time value must match HH:MM:SS.
// Start, end, at least one trip purpose and at least one traffic mode are required, otherwise 'Please fill in
//        all fields.' The start must not be after the end, otherwise 'The start time must be before the arrival time.'
import { describe, test, expect } from 'vitest'
import { clampHour, clampMinute, isDateParam, isTimeValue, twoDigits, validateManualWay } from './timeInput'

describe('clampHour / clampMinute', () => {
  test.each([
    // input, previous, hour, minute
    ['0', 7, 0, 0],
    ['5', 7, 5, 5],
    ['05', 7, 5, 5],
    ['24', 7, 24, 24],
    ['25', 7, 24, 25],
    ['59', 7, 24, 59],
    ['60', 7, 24, 59],
    ['999', 7, 24, 59],
    ['-1', 7, 0, 0],
    [' 8 ', 7, 8, 8],
    ['', 7, 7, 7],
    ['abc', 7, 7, 7],
    ['1.5', 7, 7, 7],
    ['1e1', 7, 7, 7],
    // relied on by the add/edit way form (server and on blur): leading zeros and a sign are numbers, blanks fall back
    ['007', 7, 7, 7],
    ['+3', 7, 3, 3],
    ['   ', 12, 12, 12],
    ['12:30', 12, 12, 12],
    ['٣', 7, 7, 7],
  ])('%j (previous %s) → hour %s, minute %s', (input, previous, hour, minute) => {
    expect(clampHour(input, previous)).toBe(hour)
    expect(clampMinute(input, previous)).toBe(minute)
  })
})

describe('twoDigits', () => {
  test.each([
    [0, '00'],
    [5, '05'],
    [12, '12'],
    [24, '24'],
  ])('%s → %s', (n, expected) => {
    expect(twoDigits(n)).toBe(expected)
  })
})

describe('isDateParam', () => {
  test.each([
    ['2026-11-02', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-1-2', false],
    ['02.11.2026', false],
    ['2026-11-02x', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (s, expected) => {
    expect(isDateParam(s)).toBe(expected)
  })
})

describe('isTimeValue', () => {
  test.each([
    ['00:00:00', true],
    ['12:30:00', true],
    ['23:59:59', true],
    ['24:00:00', true],
    ['25:00:00', false],
    ['12:60:00', false],
    ['12:00:60', false],
    ['12:00', false],
    ['1:00:00', false],
    ['12:00:00Z', false],
    [null, false],
  ])('%j → %s', (s, expected) => {
    expect(isTimeValue(s)).toBe(expected)
  })
})

describe('validateManualWay', () => {
  const a = new Date('2026-11-02T08:00:00Z')
  const b = new Date('2026-11-02T09:00:00Z')
  test.each([
    ['complete', { purposes: [1], tfcModes: ['WALK'], start: a, end: b }, null],
    ['start == end allowed', { purposes: [1], tfcModes: ['WALK'], start: a, end: a }, null],
    ['start after end', { purposes: [1], tfcModes: ['WALK'], start: b, end: a }, 'ways:addWay.endBeforeStart'],
    ['no purpose', { purposes: [], tfcModes: ['WALK'], start: a, end: b }, 'ways:addWay.fillAll'],
    ['no mode', { purposes: [1], tfcModes: [], start: a, end: b }, 'ways:addWay.fillAll'],
    ['no start', { purposes: [1], tfcModes: ['WALK'], start: null, end: b }, 'ways:addWay.fillAll'],
    ['no end', { purposes: [1], tfcModes: ['WALK'], start: a, end: null }, 'ways:addWay.fillAll'],
    ['invalid date', { purposes: [1], tfcModes: ['WALK'], start: new Date('x'), end: b }, 'ways:addWay.fillAll'],
    ['missing fields win over order', { purposes: [], tfcModes: ['WALK'], start: b, end: a }, 'ways:addWay.fillAll'],
  ])('%s', (_label, way, expected) => {
    expect(validateManualWay(way)).toBe(expected)
  })

  const way = (start: Date, end: Date) => ({ purposes: [1], tfcModes: ['WALK'], start, end })
  const now = new Date('2026-11-02T09:00:30Z')
  test.each([
    ['ends now (same minute)', way(a, new Date('2026-11-02T09:00:59Z')), null],
    ['ends before now', way(a, b), null],
    ['ends next minute', way(a, new Date('2026-11-02T09:01:00Z')), 'ways:noFuture.message'],
    [
      'starts and ends in the future',
      way(new Date('2026-11-02T10:00:00Z'), new Date('2026-11-02T11:00:00Z')),
      'ways:noFuture.message',
    ],
    ['missing fields first', { ...way(a, b), purposes: [] }, 'ways:addWay.fillAll'],
  ])('with now: %s', (_label, w, expected) => {
    expect(validateManualWay(w, now)).toBe(expected)
  })
})
