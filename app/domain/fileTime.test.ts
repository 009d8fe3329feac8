import { describe, expect, test } from 'vitest'
import { fileTimeToDate, parseClock, parseFileTime } from './fileTime'

describe('parseFileTime', () => {
  test.each([
    ['2026-11-02 08:10', '2026-11-02T07:10:00.000Z'],
    ['2026-11-02 08:10:30', '2026-11-02T07:10:30.000Z'],
    ['2026-11-02T08:10:30', '2026-11-02T07:10:30.000Z'],
    ['2026-11-02T08:10:00+01:00', '2026-11-02T07:10:00.000Z'],
    ['2026-11-02T07:10:00.000Z', '2026-11-02T07:10:00.000Z'],
    ['2026-07-02 08:10', '2026-07-02T06:10:00.000Z'],
  ])('%s is %s (Europe/Berlin)', (value, iso) => {
    const t = parseFileTime(value)
    expect(t).not.toBeNull()
    expect(fileTimeToDate(t!, 'Europe/Berlin').toISOString()).toBe(iso)
  })
  test.each([
    '2026-02-30 08:10',
    '2026-11-02 24:00',
    '2026-11-02',
    '08:10',
    '2026-11-02 8:10',
    'yesterday',
    '2026-11-02 08:10:61',
  ])('%s is not a time', (value) => expect(parseFileTime(value)).toBeNull())
})

describe('parseClock', () => {
  test.each([
    ['08:00', { hour: 8, minute: 0, second: 0 }],
    ['08:00:00', { hour: 8, minute: 0, second: 0 }],
    ['23:59:59', { hour: 23, minute: 59, second: 59 }],
    ['24:00', null],
    ['8:00', null],
  ])('%s', (value, expected) => expect(parseClock(value)).toEqual(expected))
})
