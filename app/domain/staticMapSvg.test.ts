// A place's picture: over real tiles, or a neutral one that claims nothing it does not know.
import { describe, expect, test } from 'vitest'
import { neutralMapSvg, tileMapSvg } from './staticMapSvg'

describe('neutralMapSvg', () => {
  const svg = neutralMapSvg(52.52001, 13.40495, [{ name: 'Arbeit <Büro>', distanceM: 420 }], 'de_DE')
  test('is a 250×170 SVG with a marker, the coordinates and the nearby names as text', () => {
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="250" height="170" viewBox="0 0 250 170">/)
    expect(svg).toContain('r="4.5"')
    expect(svg).toContain('>52.52001, 13.40495</text>')
    expect(svg).toContain('>Arbeit &#60;Büro&#62; · 420 m</text>')
    expect(svg.endsWith('</svg>')).toBe(true)
  })
  test.each([
    ['de_DE', 1860, '1,9 km'],
    ['en_US', 1860, '1.9 km'],
    ['en_US', 999.6, '1000 m'],
  ] as const)('distances as the lists show them (%s, %d m → %s)', (locale, m, text) =>
    expect(neutralMapSvg(0, 0, [{ name: 'X', distanceM: m }], locale)).toContain(`X · ${text}</text>`),
  )
  test('draws no invented geography: only one background, the marker circles and text', () => {
    for (const s of [
      svg,
      neutralMapSvg(48.13743, 11.57549, [], 'en_US'),
      neutralMapSvg(-33.9, 151.2, [{ name: 'x', distanceM: 5 }], 'de_DE'),
    ]) {
      const elements = [...s.matchAll(/<(\w+)/g)].map((m) => m[1])
      expect(new Set(elements)).toEqual(new Set(['svg', 'rect', 'circle', 'text']))
      expect(elements.filter((e) => e === 'rect')).toHaveLength(1)
      expect(s).not.toMatch(/<path|<polygon|<polyline|<line|<image|#aad3df|#cdebb0/i)
    }
  })
  test("has its marker at the centre, where the page's status pin points, and no text under that pin", () => {
    const full = neutralMapSvg(
      52.52001,
      13.40495,
      [1, 2, 3, 4, 5].map((n) => ({ name: `Ort ${n}`, distanceM: n * 100 })),
      'de_DE',
    )
    expect(full).toContain('cx="125" cy="85" r="4.5"')
    // The pin (36 px tall, its tip on the centre) and the marker's ring (r 14): y from 49 to 99. A line of 11 px text
    // reaches from 11 px above its baseline to 3 px below it, and every line stays inside the picture.
    const baselines = [...full.matchAll(/<text x="[\d.]+" y="([\d.]+)"/g)].map((m) => Number(m[1]))
    expect(baselines).toHaveLength(5)
    for (const y of baselines) {
      expect(y + 3 < 49 || y - 11 > 99, `text at y=${y}`).toBe(true)
      expect(y - 11 >= 0 && y + 3 <= 170, `text at y=${y}`).toBe(true)
    }
  })
  test('differs only in its text from one place to another', () => {
    const strip = (s: string) => s.replace(/>[^<]*<\/text>/g, '></text>')
    expect(strip(neutralMapSvg(52.52001, 13.40495, [], 'de_DE'))).toBe(
      strip(neutralMapSvg(48.13743, 11.57549, [], 'de_DE')),
    )
  })
  test('holds nothing but the drawing (no scripts, no links, no outside references)', () => {
    expect(svg).not.toMatch(/<script|href|url\(|<foreignObject/i)
  })
})

describe('tileMapSvg', () => {
  const tiles = [
    { left: -100, top: -50, dataUri: 'data:image/png;base64,AAAA' },
    { left: 156, top: -50, dataUri: 'data:image/png;base64,BBBB' },
  ]
  const svg = tileMapSvg(tiles, '© OpenStreetMap contributors')
  test('places every tile where the arithmetic put it, the marker in the middle, and the attribution', () => {
    expect(svg).toContain('<image x="-100" y="-50" width="256" height="256" href="data:image/png;base64,AAAA"/>')
    expect(svg).toContain('<image x="156" y="-50" width="256" height="256" href="data:image/png;base64,BBBB"/>')
    expect(svg).toContain('cx="125" cy="85" r="4.5"')
    expect(svg).toContain('>© OpenStreetMap contributors</text>')
  })
  test('refers to nothing outside itself and runs nothing', () => {
    const hrefs = [...svg.matchAll(/href="([^"]*)"/g)].map((m) => m[1])
    expect(hrefs.every((h) => h.startsWith('data:image/'))).toBe(true)
    expect(svg).not.toMatch(/<script|url\(|<foreignObject|javascript:/i)
  })
  test('a data URI cannot break out of its attribute', () => {
    expect(tileMapSvg([{ left: 0, top: 0, dataUri: 'data:image/png;base64,"/><script>' }], '')).not.toContain('<script')
  })
})
