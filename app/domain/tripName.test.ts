// Derived name from purposes: up to 3 distinct purpose names, then an ellipsis
// Purposes shown on a leg: at most 2, then an ellipsis.
// Trip card: at most 5 mode dots.
import { describe, test, expect } from 'vitest'
import { legPurposesLabel, modeDots, tripName } from './tripName'

const purposes = new Map<number, string>([
  [1, 'Work'],
  [2, 'Shopping'],
  [3, 'Leisure'],
  [4, 'Education'],
  [5, 'Work'], // same name, different id
])

describe('tripName', () => {
  test.each([
    ['given name wins', { name: 'My trip', legs: [{ purposeIds: [1] }] }, 'My trip'],
    ['given name is trimmed', { name: '  Home  ', legs: [] }, 'Home'],
    ['blank name falls back', { name: '   ', legs: [{ purposeIds: [1] }] }, 'Work'],
    ['null name falls back', { name: null, legs: [{ purposeIds: [1, 2] }] }, 'Work, Shopping'],
    ['no purposes', { legs: [{ purposeIds: [] }] }, ''],
    ['no legs', { legs: [] }, ''],
    ['exactly 3', { legs: [{ purposeIds: [1, 2] }, { purposeIds: [3] }] }, 'Work, Shopping, Leisure'],
    ['more than 3', { legs: [{ purposeIds: [1, 2] }, { purposeIds: [3, 4] }] }, 'Work, Shopping, Leisure…'],
    [
      'duplicates count once',
      { legs: [{ purposeIds: [1, 2] }, { purposeIds: [1, 5, 2, 3] }] },
      'Work, Shopping, Leisure',
    ],
    ['unknown ids skipped', { legs: [{ purposeIds: [99, 2] }] }, 'Shopping'],
  ])('%s', (_label, trip, expected) => {
    expect(tripName(trip, purposes)).toBe(expected)
  })
})

describe('legPurposesLabel', () => {
  test.each([
    [[], ''],
    [['Work'], 'Work'],
    [['Work', 'Shopping'], 'Work, Shopping'],
    [['Work', 'Shopping', 'Leisure'], 'Work, Shopping…'],
  ])('%j → %j', (names, expected) => {
    expect(legPurposesLabel(names)).toBe(expected)
  })
})

describe('modeDots', () => {
  test.each([
    [[], []],
    [[{ modes: ['WALK'] }], ['WALK']],
    [[{ modes: [] }], ['UNKNOWN']],
    [
      [{ modes: ['WALK'] }, { modes: [] }, { modes: ['BUS', 'TRAIN'] }],
      ['WALK', 'UNKNOWN', 'BUS', 'TRAIN'],
    ],
    [
      [{ modes: ['WALK', 'BIKE'] }, { modes: ['BUS'] }, { modes: ['TRAIN', 'TRAM'] }, { modes: ['CAR'] }],
      ['WALK', 'BIKE', 'BUS', 'TRAIN', 'TRAM'],
    ],
    [[1, 2, 3, 4, 5, 6].map(() => ({ modes: [] })), ['UNKNOWN', 'UNKNOWN', 'UNKNOWN', 'UNKNOWN', 'UNKNOWN']],
  ])('%j → %j', (legs, expected) => {
    expect(modeDots(legs)).toEqual(expected)
  })
})
