import { describe, expect, test } from 'vitest'
import { suggestPurpose, type PastWay } from './purposeSuggestion'

const HOME = 1
const WORK = 2
const GYM = 3
const WORK_P = 10
const SHOP_P = 11
const LEISURE_P = 12
const past = (
  startPlace: number | null,
  endPlace: number | null,
  hhmm: string,
  purposeId: number,
  day = 1,
): PastWay => {
  const [h, m] = hhmm.split(':').map(Number)
  return { startPlace, endPlace, minuteOfDay: h! * 60 + m!, purposeId, startedAt: day * 86_400_000 }
}

describe('suggestPurpose', () => {
  const history = [
    past(HOME, WORK, '07:50', WORK_P, 1),
    past(HOME, WORK, '08:10', WORK_P, 2),
    past(HOME, WORK, '08:05', SHOP_P, 3),
    past(WORK, GYM, '18:00', LEISURE_P, 2),
    past(null, GYM, '23:30', SHOP_P, 4),
  ]
  test.each([
    [
      'the same two places: their most common purpose',
      { startPlace: HOME, endPlace: WORK, minuteOfDay: 600 },
      { purposeId: WORK_P, basis: 'samePlaces', support: 2 },
    ],
    [
      'the same destination at a similar time',
      { startPlace: null, endPlace: GYM, minuteOfDay: 17 * 60 },
      { purposeId: LEISURE_P, basis: 'sameDestinationAndTime', support: 1 },
    ],
    [
      'a similar time across midnight',
      { startPlace: null, endPlace: GYM, minuteOfDay: 30 },
      { purposeId: SHOP_P, basis: 'sameDestinationAndTime', support: 1 },
    ],
    [
      'the same destination at another time of day: none',
      { startPlace: null, endPlace: GYM, minuteOfDay: 12 * 60 },
      null,
    ],
    ['unsaved ends: never guessed', { startPlace: null, endPlace: null, minuteOfDay: 480 }, null],
    [
      'a new pair of places falls back to the destination',
      { startPlace: GYM, endPlace: WORK, minuteOfDay: 8 * 60 },
      { purposeId: WORK_P, basis: 'sameDestinationAndTime', support: 2 },
    ],
  ] as const)('%s', (_n, way, expected) => expect(suggestPurpose(way, history)).toEqual(expected))

  test('a tie goes to the purpose used most recently', () => {
    const tied = [past(HOME, WORK, '08:00', WORK_P, 1), past(HOME, WORK, '08:00', SHOP_P, 5)]
    expect(suggestPurpose({ startPlace: HOME, endPlace: WORK, minuteOfDay: 480 }, tied)?.purposeId).toBe(SHOP_P)
  })
  test('no history, no suggestion', () =>
    expect(suggestPurpose({ startPlace: HOME, endPlace: WORK, minuteOfDay: 480 }, [])).toBeNull())
})
