// Correcting the phone's segmentation of a leg: where a leg is cut and what time each point of its track gets.
// The recording has a time only for the leg's two ends, so a point's time is interpolated along the track's length
// (by point count when the track has no length, e.g. every point in one spot). A cut at a point gives two parts that
// share that point: the first ends there, the second starts there, and the two lengths add up to the leg's.
// Only an inner point can be a cut (a cut at an end would leave an empty part).
import { distanceM, pathLength, type LatLon } from './geometry'
import { addDays } from './time'

export interface TimedTrack {
  start: Date
  end: Date
  geom: readonly LatLon[]
}

export interface TrackPart {
  start: Date
  end: Date
  geom: LatLon[]
  /** Metres, rounded. */
  len: number
}

/** Whether `idx` is an inner point of a track of `count` points (0 < idx < last). */
export function innerPoint(count: number, idx: number): boolean {
  return Number.isInteger(idx) && idx > 0 && idx < count - 1
}

/** The share (0..1) of the track's length travelled at point `idx` (of its points when it has no length). */
function shareAt(geom: readonly LatLon[], idx: number): number {
  const total = pathLength(geom)
  if (total === 0) return geom.length > 1 ? idx / (geom.length - 1) : 0
  return pathLength(geom.slice(0, idx + 1)) / total
}

/** The time of point `idx`, interpolated along the length and rounded to the second, never outside start..end. */
export function timeAtPoint(track: TimedTrack, idx: number): Date {
  const from = track.start.getTime()
  const span = Math.max(0, track.end.getTime() - from)
  const at = from + Math.round((span * shareAt(track.geom, idx)) / 1000) * 1000
  return new Date(Math.min(Math.max(at, from), from + span))
}

/** The two parts of a track cut at its inner point `idx`, or null when `idx` is not an inner point. */
export function splitTrackAt(track: TimedTrack, idx: number): { first: TrackPart; second: TrackPart } | null {
  if (!innerPoint(track.geom.length, idx)) return null
  const at = timeAtPoint(track, idx)
  const head = track.geom.slice(0, idx + 1).map((p) => ({ lat: p.lat, lon: p.lon }))
  const tail = track.geom.slice(idx).map((p) => ({ lat: p.lat, lon: p.lon }))
  return {
    first: { start: track.start, end: at, geom: head, len: Math.round(pathLength(head)) },
    second: { start: at, end: track.end, geom: tail, len: Math.round(pathLength(tail)) },
  }
}

/** A track that stays within this many metres for PAUSE_POINTS points or more paused there. */
const PAUSE_RADIUS_M = 30
const PAUSE_POINTS = 3

export interface CutCandidate {
  idx: number
  /** The track paused here (the middle point of a run of points close together). */
  paused: boolean
}

/**
 * The points offered as cuts when no map can be tapped: first the places where the track paused (the middle of
 * each run of at least PAUSE_POINTS points within PAUSE_RADIUS_M of the run's first point), in time order, then other
 * inner points spread evenly along the track, in time order, up to `max` points in all.
 */
export function cutCandidates(geom: readonly LatLon[], max: number): CutCandidate[] {
  const paused: number[] = []
  let runStart = 0
  const closeRun = (end: number) => {
    if (end - runStart >= PAUSE_POINTS) {
      const mid = Math.floor((runStart + end - 1) / 2)
      if (innerPoint(geom.length, mid)) paused.push(mid)
    }
  }
  for (let i = 1; i <= geom.length; i++) {
    if (i < geom.length && distanceM(geom[runStart], geom[i]) <= PAUSE_RADIUS_M) continue
    closeRun(i)
    runStart = i
  }
  const chosen = paused.slice(0, max)
  const taken = new Set(chosen)
  const inner = Math.max(0, geom.length - 2)
  const room = max - chosen.length
  // Every other inner point when they fit, else `room` of them spread evenly over 1..length-2.
  const spread =
    inner - chosen.length <= room
      ? Array.from({ length: inner }, (_, k) => k + 1)
      : Array.from({ length: room }, (_, k) => Math.round(((k + 1) * (inner + 1)) / (room + 1)))
  const others = [...new Set(spread)].filter((idx) => !taken.has(idx))
  return [...chosen.map((idx) => ({ idx, paused: true })), ...others.map((idx) => ({ idx, paused: false }))]
}

/** The inner point of a track nearest to `at` (a tap on a map), or null when the track has no inner point. */
export function nearestInnerPoint(geom: readonly LatLon[], at: LatLon): number | null {
  let best: number | null = null
  let bestD = Infinity
  for (let i = 1; i < geom.length - 1; i++) {
    const d = distanceM(geom[i], at)
    if (d < bestD) {
      bestD = d
      best = i
    }
  }
  return best
}

/** A way's times for the merge offer: its instants and its start and end day in the study's time zone. */
export interface WayTimes {
  start: Date
  end: Date
  /** 'YYYY-MM-DD' */
  startDay: string
  endDay: string
}

/** The longest pause across midnight after which two ways are still offered as one way broken in two. */
const MIDNIGHT_PAUSE_MS = 6 * 60 * 60 * 1000

/**
 * Whether two consecutive ways are offered for merging, by their times: the later starts on the day the earlier
 * starts or ends, or on the next day after a pause of at most six hours (a way broken at a wait around midnight).
 * Further apart they are two outings, not one way the phone broke in two.
 */
export function mergeOffered(earlier: WayTimes, later: Pick<WayTimes, 'start' | 'startDay'>): boolean {
  if (later.startDay === earlier.startDay || later.startDay === earlier.endDay) return true
  return (
    later.startDay === addDays(earlier.endDay, 1) && later.start.getTime() - earlier.end.getTime() <= MIDNIGHT_PAUSE_MS
  )
}

/**
 * The pairs of ways a list offers to merge, as [earlier, later] ids: neighbours in `ways` (every way of the
 * participant over the span, in time order: one left out would hide that something lies between), both
 * `mergeable` (shown, and the state machine allows merge) and offered by their times (mergeOffered).
 */
export function mergePairs(ways: readonly (WayTimes & { id: number; mergeable: boolean })[]): [number, number][] {
  const pairs: [number, number][] = []
  for (let i = 1; i < ways.length; i++) {
    const [a, b] = [ways[i - 1], ways[i]]
    if (a.mergeable && b.mergeable && mergeOffered(a, b)) pairs.push([a.id, b.id])
  }
  return pairs
}
