import { describe, expect, it } from 'vitest'
import { sameProps } from './same-props'

const f = () => 1
const g = () => 1

describe('sameProps', () => {
  it.each([
    ['the same values', { a: 1, s: 'x', n: null, u: undefined }, { a: 1, s: 'x', n: null, u: undefined }, true],
    ['a number that differs', { a: 1 }, { a: 2 }, false],
    [
      'new objects of the same data',
      { leg: { id: 1, n: 2 }, ids: [1, 2] },
      { leg: { id: 1, n: 2 }, ids: [1, 2] },
      true,
    ],
    ['an object whose data differs', { leg: { id: 1 } }, { leg: { id: 2 } }, false],
    ['an array in another order', { ids: [1, 2] }, { ids: [2, 1] }, false],
    ['the same function', { on: f }, { on: f }, true],
    ['another function doing the same', { on: f }, { on: g }, false],
    ['a key more on one side', { a: 1 }, { a: 1, b: 2 }, false],
    ['an object against null', { leg: { id: 1 } }, { leg: null }, false],
  ] as const)('%s', (_, a, b, same) => {
    expect(sameProps(a as object, b as object)).toBe(same)
  })
})
