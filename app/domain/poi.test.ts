import { describe, expect, test } from 'vitest'
import {
  canShowPoiEdit,
  fillStaticMapTemplate,
  formatLatLon,
  parseCoordinate,
  poiProblems,
  validLatLon,
  verificationState,
} from './poi'

describe('parseCoordinate', () => {
  test.each([
    [undefined, null],
    [null, null],
    ['', null],
    ['   ', null],
    [52.52, 52.52],
    ['52.52001', 52.52001],
    ['52,52001', 52.52001], // German decimal comma
    [' -13.4 ', -13.4],
    ['\u221213.4', -13.4], // typographic minus
    ['+7', 7],
    ['.5', 0.5],
    ['1,2,3', NaN],
    ['52.5.1', NaN],
    ['abc', NaN],
    ['1e3', NaN],
    [Infinity, NaN],
    [{}, NaN],
  ])('%j → %s', (input, expected) => {
    expect(parseCoordinate(input)).toEqual(expected)
  })
})

// Coordinates are validated (lat −90..90, lon −180..180).
describe('validLatLon', () => {
  test.each([
    [0, 0, true],
    [90, 180, true],
    [-90, -180, true],
    [90.0001, 0, false],
    [-90.0001, 0, false],
    [0, 180.0001, false],
    [0, -180.0001, false],
    [NaN, 0, false],
  ])('%s, %s → %s', (lat, lon, ok) => expect(validLatLon(lat, lon)).toBe(ok))
})

// Add place: non-empty name and a placed marker. Edit place: non-empty name.
describe('poiProblems', () => {
  test.each([
    [{ name: 'Home', lat: 52.5, lon: 13.4 }, true, []],
    [{ name: '  ', lat: 52.5, lon: 13.4 }, true, ['POI_NAME_REQUIRED']],
    [{ name: null, lat: 52.5, lon: 13.4 }, true, ['POI_NAME_REQUIRED']],
    [{ name: 'Home', lat: null, lon: null }, true, ['POI_POSITION_REQUIRED']],
    [{ name: 'Home', lat: null, lon: null }, false, []],
    [{ name: '', lat: null, lon: null }, true, ['POI_NAME_REQUIRED', 'POI_POSITION_REQUIRED']],
    [{ name: 'Home', lat: 95, lon: 13.4 }, true, ['POI_INVALID_COORDINATES']],
    [{ name: 'Home', lat: 52.5, lon: null }, false, ['POI_INVALID_COORDINATES']],
    [{ name: 'Home', lat: NaN, lon: 13.4 }, true, ['POI_INVALID_COORDINATES']],
  ])('%j (position required %s) → %j', (input, positionRequired, constants) => {
    expect(poiProblems(input, { positionRequired }).map((p) => p.constant)).toEqual(constants)
  })
})

// An edit control shows only in development mode, for entries without a verification status.
describe('verification status and the edit control', () => {
  test.each([
    [true, 'verified', false, false],
    [false, 'unverified', false, false],
    [null, 'none', true, false],
  ] as const)('status %s → %s; edit in dev %s, outside dev %s', (status, state, inDev, outsideDev) => {
    expect(verificationState(status)).toBe(state)
    expect(canShowPoiEdit(true, status)).toBe(inDev)
    expect(canShowPoiEdit(false, status)).toBe(outsideDev)
  })
})

// A static map image is fetched per poi: centre lat,lon, zoom 15, size 250x170, with a configured key {key}.
describe('fillStaticMapTemplate', () => {
  test('fills every placeholder, URL-encoded', () => {
    const url = fillStaticMapTemplate(
      'https://maps.example/static?center={lat},{lon}&zoom={zoom}&size={width}x{height}&key={key}',
      {
        lat: 52.52001,
        lon: 13.40495,
        key: 'a b&c',
      },
    )
    expect(url).toBe('https://maps.example/static?center=52.520010,13.404950&zoom=15&size=250x170&key=a%20b%26c')
  })
  test('leaves other braces alone and an unset key empty', () => {
    expect(fillStaticMapTemplate('/m/{zoom}/{x}?k={key}', { lat: 0, lon: 0 })).toBe('/m/15/{x}?k=')
  })
})

test('formatLatLon shows 5 decimals', () => {
  expect(formatLatLon(52.520008, -13.4)).toBe('52.52001, -13.40000')
})
