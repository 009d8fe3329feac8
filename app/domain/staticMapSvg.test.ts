// Spec 7: "A static map image is fetched per poi: centre lat,lon, zoom 15, size 250x170" — the server's own SVG.
import { describe, expect, test } from 'vitest'
import { staticMapSvg } from './staticMapSvg'

describe('staticMapSvg', () => {
  const svg = staticMapSvg(52.52001, 13.40495)
  test('is a 250×170 SVG with a marker at the centre and the coordinates as text', () => {
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="250" height="170" viewBox="0 0 250 170">/)
    expect(svg).toContain('<circle cx="125" cy="85" r="4.5"')
    expect(svg).toContain('>52.52001, 13.40495</text>')
    expect(svg.endsWith('</svg>')).toBe(true)
  })
  test('is the same for the same place and differs for another', () => {
    expect(staticMapSvg(52.52001, 13.40495)).toBe(svg)
    expect(staticMapSvg(48.13743, 11.57549)).not.toBe(svg)
  })
  test('holds nothing but the drawing (no scripts, no links, no outside references)', () => {
    expect(svg).not.toMatch(/<script|href|url\(|<foreignObject/i)
  })
})
