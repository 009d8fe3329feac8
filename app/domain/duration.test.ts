// Duration display: days, hours and minutes; 'under 1 minute' for zero; seconds only if there are no minutes.
import { describe, test, expect } from 'vitest'
import { durationParts, formatDuration } from './duration'

const S = 1000
const M = 60 * S
const H = 60 * M
const D = 24 * H

describe('durationParts', () => {
  test.each([
    [0, { days: 0, hours: 0, minutes: 0, seconds: 0, underOneMinute: true }],
    [-5 * M, { days: 0, hours: 0, minutes: 0, seconds: 0, underOneMinute: true }],
    [Number.NaN, { days: 0, hours: 0, minutes: 0, seconds: 0, underOneMinute: true }],
    [999, { days: 0, hours: 0, minutes: 0, seconds: 0, underOneMinute: true }],
    [45 * S, { days: 0, hours: 0, minutes: 0, seconds: 45, underOneMinute: false }],
    [59 * S + 999, { days: 0, hours: 0, minutes: 0, seconds: 59, underOneMinute: false }],
    [M, { days: 0, hours: 0, minutes: 1, seconds: 0, underOneMinute: false }],
    [M + 30 * S, { days: 0, hours: 0, minutes: 1, seconds: 0, underOneMinute: false }],
    [H + 30 * S, { days: 0, hours: 1, minutes: 0, seconds: 0, underOneMinute: false }],
    [D + 2 * H + 5 * M + 7 * S, { days: 1, hours: 2, minutes: 5, seconds: 0, underOneMinute: false }],
    [3 * D, { days: 3, hours: 0, minutes: 0, seconds: 0, underOneMinute: false }],
  ])('%s ms → %j', (ms, expected) => {
    expect(durationParts(ms)).toEqual(expected)
  })
})

describe('formatDuration', () => {
  test.each([
    [0, 'de_DE', 'unter 1 Minute'],
    [0, 'en_US', 'under 1 minute'],
    [45 * S, 'de_DE', '45 Sek.'],
    [45 * S, 'en_US', '45 s'],
    [5 * M, 'de_DE', '5 Min.'],
    [5 * M + 10 * S, 'en_US', '5 min'],
    [2 * H, 'en_US', '2 h'],
    [D + 2 * H + 5 * M, 'de_DE', '1 Tag 2 Std. 5 Min.'],
    [D + 2 * H + 5 * M, 'en_US', '1 day 2 h 5 min'],
    [2 * D + 5 * M, 'de_DE', '2 Tage 5 Min.'],
    [2 * D + 5 * M, 'en_US', '2 days 5 min'],
  ] as const)('%s ms in %s → %j', (ms, locale, expected) => {
    expect(formatDuration(ms, locale)).toBe(expected)
  })
})
