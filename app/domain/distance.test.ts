// Distance display: metres up to and including 1000, otherwise kilometres with 1 decimal.
// Contract: "distances without digit grouping ('1000 m', '1.1 km' in English, '1,1 km' in German)"
import { describe, test, expect } from 'vitest'
import { formatDistance } from './distance'

describe('formatDistance', () => {
  test.each([
    [0, 'en_US', '0 m'],
    [1, 'de_DE', '1 m'],
    [999, 'en_US', '999 m'],
    [999.6, 'en_US', '1000 m'],
    [1000, 'en_US', '1000 m'],
    [1000, 'de_DE', '1000 m'],
    [1050, 'en_US', '1.1 km'],
    [1050, 'de_DE', '1,1 km'],
    [1001, 'en_US', '1.0 km'],
    [1949, 'de_DE', '1,9 km'],
    [12000, 'en_US', '12.0 km'],
    [123456, 'de_DE', '123,5 km'],
    [123456, 'en_US', '123.5 km'],
    [1234567, 'en_US', '1234.6 km'],
    [1234567, 'de_DE', '1234,6 km'],
    [null, 'de_DE', ''],
    [undefined, 'en_US', ''],
    [Number.NaN, 'en_US', ''],
  ] as const)('%s m in %s → %j', (metres, locale, expected) => {
    expect(formatDistance(metres, locale)).toBe(expected)
  })
})
