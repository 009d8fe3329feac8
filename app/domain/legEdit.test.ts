// Purposes and modes compare as sets; a leg without modes means UNKNOWN.
import { expect, test } from 'vitest'
import { normalisedModes, sameSet } from './legEdit'

test.each([
  [[1, 2], [2, 1], true],
  [[1, 2, 2], [1, 2], true],
  [[1], [1, 2], false],
  [[], [], true],
  [[3], [4], false],
])('sameSet(%j, %j) = %s', (a, b, expected) => expect(sameSet(a, b)).toBe(expected))

test.each([
  [[], ['UNKNOWN']],
  [['CAR'], ['CAR']],
  [
    ['WALK', 'CAR'],
    ['WALK', 'CAR'],
  ],
])('normalisedModes(%j) = %j', (modes, expected) => expect(normalisedModes(modes)).toEqual(expected))
