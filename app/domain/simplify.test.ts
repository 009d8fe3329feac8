import { describe, expect, test } from 'vitest'
import type { LatLon } from './geometry'
import { simplifyLine, simplifyLines } from './simplify'

const p = (lat: number, lon: number): LatLon => ({ lat, lon })
/** A straight line eastwards of n points. */
const straight = (n: number) => Array.from({ length: n }, (_, i) => p(52.5, 13 + i * 0.0001))
/** A zigzag of n points (every point a corner). */
const zigzag = (n: number) => Array.from({ length: n }, (_, i) => p(52.5 + (i % 2) * 0.001, 13 + i * 0.0001))

describe('simplifyLine', () => {
  test.each([
    ['no points', [], 10, []],
    ['one point', [p(52, 13)], 10, [p(52, 13)]],
    ['two points', [p(52, 13), p(53, 14)], 10, [p(52, 13), p(53, 14)]],
    ['points on the line are dropped', straight(5), 10, [straight(5)[0], straight(5)[4]]],
    ['a corner is kept', [p(0, 0), p(0, 0.5), p(0, 1), p(1, 1)], 10, [p(0, 0), p(0, 1), p(1, 1)]],
    [
      'the farthest corner first when the budget is short',
      [p(0, 0), p(0.1, 0.5), p(0, 1), p(2, 1.5), p(0, 2)],
      3,
      [p(0, 0), p(2, 1.5), p(0, 2)],
    ],
    ['a budget under two keeps the ends', [p(0, 0), p(1, 1), p(0, 2)], 1, [p(0, 0), p(0, 2)]],
  ] as const)('%s', (_name, line, max, expected) => {
    expect(simplifyLine(line as LatLon[], max)).toEqual(expected)
  })

  test.each([
    [1_000, 100],
    [20_000, 2_000],
    [1_000_000, 2_000],
  ])('a zigzag of %d points stays within %d, ends kept, in order', (n, max) => {
    const line = zigzag(n)
    const out = simplifyLine(line, max)
    expect(out.length).toBeLessThanOrEqual(max)
    expect(out.length).toBeGreaterThan(2)
    expect(out[0]).toBe(line[0])
    expect(out.at(-1)).toBe(line.at(-1))
    const lons = out.map((q) => q.lon)
    expect(lons).toEqual([...lons].sort((a, b) => a - b))
  })
})

describe('simplifyLines', () => {
  test.each([
    ['within the budget: unchanged', [straight(3), zigzag(4)], 10, [3, 4]],
    ['over it: shared by size, ends kept', [zigzag(300), zigzag(100), [p(0, 0)]], 40, [29, 9, 1]],
    ['fifty legs of 20,000 points', Array.from({ length: 50 }, () => zigzag(20_000)), 2_000, Array(50).fill(40)],
  ] as const)('%s', (_name, lines, max, lengths) => {
    expect(simplifyLines(lines as LatLon[][], max).map((l) => l.length)).toEqual(lengths)
  })
})
