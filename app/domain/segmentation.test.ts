// Cutting a leg at a point: times interpolated along the length, parts sharing the cut point, cut offers.
import { describe, expect, test } from 'vitest'
import {
  cutCandidates,
  innerPoint,
  mergeOffered,
  mergePairs,
  nearestInnerPoint,
  splitTrackAt,
  timeAtPoint,
} from './segmentation'

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

describe('nearestInnerPoint', () => {
  test.each([
    ['two points: nothing inner', line(0, 1), 0.5, null],
    ['the middle of three', line(0, 1, 2), 1.2, 1],
    ['a tap beyond the start picks the first inner point', line(0, 1, 2, 3), -5, 1],
    ['a tap beyond the end picks the last inner point', line(0, 1, 2, 3), 9, 2],
    ['the nearest of several', line(0, 1, 2, 3, 4), 2.6, 3],
  ])('%s', (_label, geom, step, expected) => {
    expect(nearestInnerPoint(geom, { lat: 52.5001, lon: 13.3 + step * 0.001 })).toBe(expected)
  })
})

describe('mergeOffered', () => {
  /** A way from `from` to `to` ('YYYY-MM-DD HH:mm', read as UTC: the days are given as the study's). */
  const way = (from: string, to: string) => ({
    start: new Date(`${from.replace(' ', 'T')}Z`),
    end: new Date(`${to.replace(' ', 'T')}Z`),
    startDay: from.slice(0, 10),
    endDay: to.slice(0, 10),
  })
  test.each([
    ['the same day, right after', way('2026-05-05 08:00', '2026-05-05 08:20'), '2026-05-05 08:30', true],
    ['the same day, hours later', way('2026-05-05 07:00', '2026-05-05 07:30'), '2026-05-05 21:00', true],
    ['the earlier way runs past midnight', way('2026-05-05 23:30', '2026-05-06 00:10'), '2026-05-06 09:00', true],
    ['across midnight after a short pause', way('2026-05-05 23:10', '2026-05-05 23:40'), '2026-05-06 00:15', true],
    ['across midnight after six hours', way('2026-05-05 18:00', '2026-05-05 18:30'), '2026-05-06 00:30', true],
    [
      'across midnight after more than six hours',
      way('2026-05-05 18:00', '2026-05-05 18:30'),
      '2026-05-06 00:31',
      false,
    ],
    ['the next morning', way('2026-05-05 08:00', '2026-05-05 08:20'), '2026-05-06 08:00', false],
    ['two days later', way('2026-05-05 23:50', '2026-05-05 23:55'), '2026-05-07 00:05', false],
  ])('%s → %s', (_label, earlier, laterStart, expected) => {
    const later = way(laterStart, laterStart)
    expect(mergeOffered(earlier, later)).toBe(expected)
  })
})

describe('mergePairs', () => {
  const at = (id: number, hhmm: string, mergeable = true) => ({
    id,
    mergeable,
    start: new Date(`2026-05-05T${hhmm}:00Z`),
    end: new Date(`2026-05-05T${hhmm}:00Z`),
    startDay: '2026-05-05',
    endDay: '2026-05-05',
  })
  test.each([
    ['none', [], []],
    ['one way', [at(1, '08:00')], []],
    ['two neighbours', [at(1, '08:00'), at(2, '09:00')], [[1, 2]]],
    [
      'three in a row: both pairs',
      [at(1, '08:00'), at(2, '09:00'), at(3, '10:00')],
      [
        [1, 2],
        [2, 3],
      ],
    ],
    ['a confirmed way between breaks both pairs', [at(1, '08:00'), at(2, '09:00', false), at(3, '10:00')], []],
    ['a confirmed way at the end', [at(1, '08:00'), at(2, '09:00'), at(3, '10:00', false)], [[1, 2]]],
  ] as const)('%s', (_label, ways, expected) => {
    expect(mergePairs(ways)).toEqual(expected)
  })
})
