// getClosestPointToTrip (id, point lat/lon; return.point) and getClosestPointToLeg (same).
// Default map centre: latitude 52.52001, longitude 13.40495. Zoom 10.
// The server draws the legs as an SVG "projected from the geometry" (Web Mercator, fixed viewBox).
import { describe, expect, test } from 'vitest'
import {
  bounds,
  closestPointOnLines,
  closestPointOnPolyline,
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  fitToViewport,
  mercator,
} from './geometry'

const p = (lat: number, lon: number) => ({ lat, lon })
const close = (a: { lat: number; lon: number } | null, b: { lat: number; lon: number }) => {
  expect(a).not.toBeNull()
  expect(a!.lat).toBeCloseTo(b.lat, 6)
  expect(a!.lon).toBeCloseTo(b.lon, 6)
}

test('default map centre and zoom', () => {
  expect(DEFAULT_CENTER).toEqual({ lat: 52.52001, lon: 13.40495 })
  expect(DEFAULT_ZOOM).toBe(10)
})

describe('closestPointOnPolyline', () => {
  const line = [p(52.5, 13.3), p(52.5, 13.4), p(52.6, 13.4)]
  test.each([
    ['perpendicular foot on the first segment', p(52.51, 13.35), p(52.5, 13.35)],
    ['perpendicular foot on the second segment', p(52.55, 13.45), p(52.55, 13.4)],
    ['before the start: the start', p(52.49, 13.2), p(52.5, 13.3)],
    ['past the end: the end', p(52.7, 13.4), p(52.6, 13.4)],
    ['at the corner', p(52.49, 13.41), p(52.5, 13.4)],
    ['a point on the line is its own answer', p(52.5, 13.33), p(52.5, 13.33)],
  ])('%s', (_label, query, expected) => close(closestPointOnPolyline(line, query), expected))

  test('longitude is scaled by cos(latitude): a 0.1° lon step at 60°N is as short as 0.05° lat', () => {
    // From (60.04, 13.0): the vertical line at lon 13.1 is 0.1·cos60° = 0.05 "degrees" away, the horizontal
    // line at lat 60.1 is 0.06 away; the vertical one wins.
    const lines = [
      [p(60, 13.1), p(60.2, 13.1)],
      [p(60.1, 12.5), p(60.1, 12.9)],
    ]
    close(closestPointOnLines(lines, p(60.04, 13.0)), p(60.04, 13.1))
  })

  test.each([
    ['no points', [], null],
    ['one point', [p(52, 13)], p(52, 13)],
    ['repeated point (zero-length segment)', [p(52, 13), p(52, 13)], p(52, 13)],
  ])('%s', (_label, geom, expected) => {
    const got = closestPointOnPolyline(geom, p(52.1, 13.1))
    if (expected === null) expect(got).toBeNull()
    else close(got, expected)
  })

  test('over several legs the nearest leg wins; empty legs are skipped', () => {
    const legs = [[p(52.5, 13.3), p(52.5, 13.4)], [], [p(52.52, 13.5), p(52.53, 13.5)]]
    close(closestPointOnLines(legs, p(52.525, 13.49)), p(52.525, 13.5))
    expect(closestPointOnLines([[], []], p(1, 1))).toBeNull()
  })
})

describe('mercator', () => {
  test.each([
    [p(0, 0), 0.5, 0.5],
    [p(0, -180), 0, 0.5],
    [p(0, 180), 1, 0.5],
    [p(85.05112878, 0), 0.5, 0],
    [p(-85.05112878, 0), 0.5, 1],
    [p(89.9, 0), 0.5, 0], // clamped
  ])('%j → (%s, %s)', (point, x, y) => {
    const m = mercator(point)
    expect(m.x).toBeCloseTo(x, 6)
    expect(m.y).toBeCloseTo(y, 6)
  })
  test('north is up: a larger latitude has a smaller y', () => {
    expect(mercator(p(52.6, 13.4)).y).toBeLessThan(mercator(p(52.5, 13.4)).y)
  })
})

describe('fitToViewport', () => {
  const view = { width: 600, height: 400, padding: 20 }
  test('fits the extent into the viewBox, centred, aspect kept', () => {
    // A square extent (in Mercator) in a 600×400 box: the height limits, 360 units, centred horizontally.
    const a = p(0, 0)
    const b = p(1, 1)
    const [line] = fitToViewport([[a, b]], view)
    const [s, e] = line.points
    expect(s.y).toBeCloseTo(380, 0)
    expect(e.y).toBeCloseTo(20, 0)
    expect(e.x - s.x).toBeCloseTo(360, 0)
    expect((s.x + e.x) / 2).toBeCloseTo(300, 0)
  })
  test('a wide extent is limited by the width', () => {
    const [line] = fitToViewport([[p(52.5, 13.0), p(52.5, 13.5)]], view)
    expect(line.points).toEqual([
      { x: 20, y: 200 },
      { x: 580, y: 200 },
    ])
  })
  test('several legs share one projection', () => {
    const [l1, l2] = fitToViewport(
      [
        [p(52.5, 13.0), p(52.5, 13.25)],
        [p(52.5, 13.25), p(52.5, 13.5)],
      ],
      view,
    )
    expect(l1.points.at(-1)).toEqual(l2.points[0])
  })
  test.each([
    ['one point', [[p(52.5, 13.4)]], [[{ x: 300, y: 200 }]]],
    ['no points', [[]], [[]]],
    ['an empty leg next to one point', [[], [p(52.5, 13.4)]], [[], [{ x: 300, y: 200 }]]],
  ])('%s is centred', (_label, lines, expected) => {
    expect(fitToViewport(lines, view).map((l) => l.points)).toEqual(expected)
  })
})

test('bounds', () => {
  expect(bounds([[p(52.5, 13.4), p(52.4, 13.5)], [p(52.6, 13.3)]])).toEqual({ sw: p(52.4, 13.3), ne: p(52.6, 13.5) })
  expect(bounds([[], []])).toBeNull()
})
