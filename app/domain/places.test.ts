import { describe, expect, test } from 'vitest'
import { AT_PLACE_MAX_M, nearbyPlaces, savedPlaceAt } from './places'

// One degree of latitude is about 111.2 km, so 0.001° ≈ 111 m.
const home = { name: 'Zuhause', lat: 52.54, lon: 13.42 }
const bakery = { name: 'Bäckerei', lat: 52.5412, lon: 13.42 }
const work = { name: 'Arbeit', lat: 52.5, lon: 13.39 }

describe('savedPlaceAt', () => {
  test.each([
    ['exactly at a place', { lat: 52.54, lon: 13.42 }, 'Zuhause'],
    ['90 m from home, 44 m from the bakery: the nearer one', { lat: 52.5408, lon: 13.42 }, 'Bäckerei'],
    ['111 m from home only', { lat: 52.539, lon: 13.42 }, 'Zuhause'],
    ['167 m from home: not at it', { lat: 52.5385, lon: 13.42 }, null],
    ['far from every place', { lat: 48.1, lon: 11.5 }, null],
  ])('%s', (_n, point, name) => expect(savedPlaceAt(point, [home, bakery, work])?.name ?? null).toBe(name))
  test('no places, no match', () => expect(savedPlaceAt(home, [])).toBeNull())
  test('equal distance: the name sorted first', () =>
    expect(
      savedPlaceAt(home, [
        { ...home, name: 'B' },
        { ...home, name: 'A' },
      ])?.name,
    ).toBe('A'))
  test('the threshold is what the comment says', () => expect(AT_PLACE_MAX_M).toBe(150))
})

describe('nearbyPlaces', () => {
  test.each([
    ['the same spot is not "nearby"', [{ name: 'Home', lat: 52.54, lon: 13.42 }], []],
    ['farther than 2 km is not nearby', [{ name: 'Far', lat: 52.6, lon: 13.42 }], []],
    [
      'nearest first, at most four',
      [0.001, 0.005, 0.002, 0.003, 0.004].map((d, i) => ({ name: `P${i}`, lat: 52.54 + d, lon: 13.42 })),
      ['P0', 'P2', 'P3', 'P4'],
    ],
  ])('%s', (_n, places, names) => expect(nearbyPlaces(home, places).map((p) => p.name)).toEqual(names))
})
