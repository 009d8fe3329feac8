import { describe, expect, test } from 'vitest'
import {
  ANSWER_BOUNDS,
  LIMITS,
  LIMIT_ERROR,
  MANUAL_WAY_HOURS_UNASKED,
  leadingWithin,
  wayNeedsDurationConfirmation,
  withinLimit,
} from './limits'
import de from '../../locales/de/errors.json'
import en from '../../locales/en/errors.json'

describe('per-participant caps', () => {
  test.each([
    ['waysPerDay', 49, 1, true],
    ['waysPerDay', 50, 1, false],
    ['legsPerWay', 49, 1, true],
    ['legsPerWay', 50, 1, false],
    ['legsPerWay', 0, 51, false],
    ['pointsPerLeg', 19_999, 1, true],
    ['pointsPerLeg', 20_000, 1, false],
    ['pointsPerWay', 30_000, 20_000, true],
    ['pointsPerWay', 40_000, 20_000, false],
    ['placesPerParticipant', 499, 1, true],
    ['placesPerParticipant', 500, 1, false],
    ['answerChars', 0, 10_000, true],
    ['answerChars', 0, 10_001, false],
    ['answersPerQuestionnaire', 0, 2_001, false],
  ] as const)('%s: %d + %d → %s', (name, existing, adding, ok) => expect(withinLimit(name, existing, adding)).toBe(ok))

  test('the documented numbers', () => {
    expect(LIMITS).toEqual({
      pointsPerLeg: 20_000,
      pointsPerWay: 50_000,
      legsPerWay: 50,
      waysPerDay: 50,
      placesPerParticipant: 500,
      answerChars: 10_000,
      answersPerQuestionnaire: 2_000,
    })
    // One way at the cap always fits in one answer.
    expect(LIMITS.pointsPerWay).toBeLessThanOrEqual(ANSWER_BOUNDS.pointsPerAnswer)
  })

  test('every cap has a message in both languages that states the number', () => {
    for (const [name, constant] of [...Object.entries(LIMIT_ERROR), ['pointsPerAnswer', 'LIMIT_ANSWER_POINTS']]) {
      for (const catalogue of [de, en] as unknown as Record<string, string>[]) {
        expect(catalogue[constant], constant).toBeTruthy()
        expect(catalogue[constant]).toContain('{{max}}')
      }
      expect({ ...LIMITS, ...ANSWER_BOUNDS }[name as keyof typeof LIMITS]).toBeGreaterThan(0)
    }
  })
})

describe('leadingWithin: how many leading items fit in a budget', () => {
  test.each([
    [[], 10, 0],
    [[3, 3, 3], 10, 3],
    [[3, 3, 3, 3], 10, 3],
    [[10, 1], 10, 1],
    [[11, 1], 10, 1], // the first always
    [[0, 0, 0], 0, 3],
    [[5, 6], 10, 1],
  ])('%j within %d → %d', (sizes, budget, n) => expect(leadingWithin(sizes, budget)).toBe(n))
})

describe('a way entered by hand that lasts longer than a day is asked about', () => {
  const start = new Date('2026-11-12T08:00:00Z')
  const after = (minutes: number) => new Date(start.getTime() + minutes * 60_000)
  test.each([
    ['half an hour', 30, false],
    ['exactly 24 hours', 24 * 60, false],
    ['one minute more', 24 * 60 + 1, true],
    ['14 days and 30 minutes (a start date typed two weeks off)', 14 * 24 * 60 + 30, true],
    ['end before start (another rule answers it)', -30, false],
  ])('%s → %s', (_label, minutes, asked) => {
    expect(MANUAL_WAY_HOURS_UNASKED).toBe(24)
    expect(wayNeedsDurationConfirmation(start, after(minutes))).toBe(asked)
  })
})
