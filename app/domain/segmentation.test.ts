// Cutting a leg at a point: times interpolated along the length, parts sharing the cut point, cut offers.
import { describe, expect, test } from 'vitest'
import { cutCandidates, innerPoint, splitTrackAt, timeAtPoint } from './segmentation'

const at = (hhmmss: string) => new Date(`2026-05-05T${hhmmss}Z`)
/** Points eastwards along a parallel, `steps` in units of 0.001° of longitude from 13.3. */
const line = (...steps: number[]) => steps.map((s) => ({ lat: 52.5, lon: 13.3 + s * 0.001 }))

describe('innerPoint', () => {
  test.each([
    [5, 0, false],
    [5, 1, true],
    [5, 3, true],
    [5, 4, false],
    [5, 5, false],
    [5, 1.5, false],
    [2, 1, false],
    [3, -1, false],
  ])('%i points, idx %s → %s', (count, idx, expected) => expect(innerPoint(count, idx)).toBe(expected))
})

describe('timeAtPoint', () => {
  const track = (geom: ReturnType<typeof line>) => ({ start: at('08:00:00'), end: at('08:10:00'), geom })
  test.each([
    ['evenly spaced, middle', line(0, 1, 2), 1, '08:05:00'],
    ['first point is the start', line(0, 1, 2), 0, '08:00:00'],
    ['last point is the end', line(0, 1, 2), 2, '08:10:00'],
    ['a quarter of the length', line(0, 1, 4), 1, '08:02:30'],
    ['three quarters of the length', line(0, 3, 4), 1, '08:07:30'],
    ['no length: by point count', line(0, 0, 0, 0, 0), 1, '08:02:30'],
    ['a pause counts no length', line(0, 1, 1, 1, 2), 2, '08:05:00'],
  ])('%s', (_label, geom, idx, expected) => {
    expect(timeAtPoint(track(geom), idx).toISOString()).toBe(at(expected).toISOString())
  })

  test('an end before the start gives the start', () => {
    expect(timeAtPoint({ start: at('08:10:00'), end: at('08:00:00'), geom: line(0, 1, 2) }, 1)).toEqual(at('08:10:00'))
  })
})

describe('splitTrackAt', () => {
  const track = { start: at('08:00:00'), end: at('08:10:00'), geom: line(0, 1, 2, 4) }
  test.each([0, 3, 4, -1, 1.5])('idx %s is no inner point → null', (idx) => {
    expect(splitTrackAt(track, idx)).toBeNull()
  })

  test.each([
    [1, 2, 3, '08:02:30'],
    [2, 3, 2, '08:05:00'],
  ])('at %i: parts of %i and %i points meeting at %s', (idx, headPoints, tailPoints, time) => {
    const parts = splitTrackAt(track, idx)!
    expect(parts.first.geom).toHaveLength(headPoints)
    expect(parts.second.geom).toHaveLength(tailPoints)
    expect(parts.first.geom.at(-1)).toEqual(track.geom[idx])
    expect(parts.second.geom[0]).toEqual(track.geom[idx])
    expect(parts.first.start).toEqual(track.start)
    expect(parts.first.end).toEqual(at(time))
    expect(parts.second.start).toEqual(at(time))
    expect(parts.second.end).toEqual(track.end)
    // 0.004° of longitude at 52.5° N are about 271 m; the parts add up to it (up to rounding).
    expect(Math.abs(parts.first.len + parts.second.len - 271)).toBeLessThanOrEqual(1)
  })
})

describe('cutCandidates', () => {
  test.each([
    ['two points: nothing inner', line(0, 1), 10, []],
    ['few points: every inner point, in order', line(0, 1, 2, 3), 10, [1, 2].map((idx) => ({ idx, paused: false }))],
    [
      'a pause comes first, then the rest in order',
      line(0, 1, 2, 2.1, 2.2, 3, 4),
      10,
      [{ idx: 3, paused: true }, ...[1, 2, 4, 5].map((idx) => ({ idx, paused: false }))],
    ],
    [
      'many points: spread evenly up to the limit',
      line(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
      3,
      [3, 5, 8].map((idx) => ({ idx, paused: false })),
    ],
    [
      'a pause at the start is offered by its middle point',
      line(0, 0.1, 0.2, 1, 2),
      10,
      [{ idx: 1, paused: true }, ...[2, 3].map((idx) => ({ idx, paused: false }))],
    ],
    [
      'the limit keeps the pauses first',
      line(0, 1, 1.1, 1.2, 2, 3, 3.1, 3.2, 4),
      2,
      [2, 6].map((idx) => ({ idx, paused: true })),
    ],
  ])('%s', (_label, geom, max, expected) => {
    expect(cutCandidates(geom, max)).toEqual(expected)
  })
})
