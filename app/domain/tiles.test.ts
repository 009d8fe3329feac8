import { describe, expect, test } from 'vitest'
import { metresPerPixel, scaleBar, tileUrl, tilesCovering, worldPixel } from './tiles'

describe('worldPixel', () => {
  test.each([
    [0, 0, 0, 128, 128],
    [0, -180, 1, 0, 256],
    [0, 180, 1, 512, 256],
    [85.0511287798, 0, 2, 512, 0],
  ])('(%d, %d) at zoom %d → (%d, %d)', (lat, lon, z, x, y) => {
    const p = worldPixel(lat, lon, z)
    expect(p.x).toBeCloseTo(x, 3)
    expect(p.y).toBeCloseTo(y, 3)
  })
})

describe('tilesCovering', () => {
  test('a 250×170 picture centred on Alexanderplatz at zoom 15 lies on tile 17604/10746, drawn at the picture centre', () => {
    const tiles = tilesCovering(52.52001, 13.40495, 15, 250, 170)
    expect(tiles.length).toBeGreaterThanOrEqual(1)
    expect(tiles.length).toBeLessThanOrEqual(4)
    // The centre lies inside one of them, at the picture's centre.
    const c = worldPixel(52.52001, 13.40495, 15)
    const inside = tiles.find(
      (t) => c.x >= t.x * 256 && c.x < (t.x + 1) * 256 && c.y >= t.y * 256 && c.y < (t.y + 1) * 256,
    )!
    expect(inside).toMatchObject({ x: 17604, y: 10746 })
    expect(inside.left + (c.x - inside.x * 256)).toBeCloseTo(125, 0)
    expect(inside.top + (c.y - inside.y * 256)).toBeCloseTo(85, 0)
  })
  test('the tiles cover the whole picture and no more than they must', () => {
    for (const [lat, lon] of [
      [52.52, 13.4],
      [0, 0],
      [-33.86, 151.2],
      [64.1, -21.9],
    ]) {
      const tiles = tilesCovering(lat, lon, 15, 250, 170)
      for (const [px, py] of [
        [0, 0],
        [249, 0],
        [0, 169],
        [249, 169],
        [125, 85],
      ]) {
        expect(tiles.some((t) => px >= t.left && px < t.left + 256 && py >= t.top && py < t.top + 256)).toBe(true)
      }
      for (const t of tiles) expect(t.left < 250 && t.left + 256 > 0 && t.top < 170 && t.top + 256 > 0).toBe(true)
    }
  })
  test('columns wrap around the antimeridian; rows beyond the poles are left out', () => {
    const east = tilesCovering(0, 179.9999, 2, 250, 170)
    expect(east.map((t) => t.x).sort()).toEqual([0, 0, 3, 3])
    const north = tilesCovering(85.05, 0, 1, 250, 170)
    expect(north.every((t) => t.y >= 0)).toBe(true)
  })
})

test.each([
  ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org/15/1/2.png'],
  ['https://{s}.tile.example/{z}/{x}/{y}{r}.png?k=1', 'https://a.tile.example/15/1/2.png?k=1'],
])('tileUrl(%s)', (template, url) => expect(tileUrl(template, { z: 15, x: 1, y: 2 })).toBe(url))

describe('scaleBar', () => {
  test.each([
    [1, 100, 100, '100 m'],
    [1, 99, 50, '50 m'],
    [2.4, 120, 200, '200 m'],
    [30, 100, 2000, '2 km'],
    [0.001, 100, 0.1, '10 cm'],
  ])('%d m/px within %d px → %d m (%s)', (mpp, max, metres, label) => {
    const bar = scaleBar(mpp, max)!
    expect(bar.metres).toBeCloseTo(metres, 6)
    expect(bar.label).toBe(label)
    expect(bar.pixels).toBeLessThanOrEqual(max)
    expect(bar.pixels).toBeGreaterThan(max / 2.5)
  })
  test.each([[0], [NaN], [Infinity], [-1]])('no bar for a scale of %d', (mpp) => expect(scaleBar(mpp, 100)).toBeNull())
})

test('metresPerPixel: about 156 km per pixel at zoom 0 on the equator, half as much at 60°', () => {
  expect(metresPerPixel(0, 0)).toBeCloseTo(156543.03, 1)
  expect(metresPerPixel(60, 0)).toBeCloseTo(156543.03 / 2, 1)
})
