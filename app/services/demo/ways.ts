// Realistic automatically recorded ways around Berlin for the demo participants, as a trips file
// (schemas/trips.schema.json) so they go through the same import as a researcher's data.
//
// A participant has a profile: routes between real places (each leg a mode and a few street-corner waypoints) and
// day plans (which ways a weekday or weekend day holds, with desired departure times). Geometry is the waypoints
// densified to 10–60 points with a few metres of GPS-like jitter; leg lengths are measured on that geometry and
// durations follow from a speed typical for the mode. A seeded PRNG makes the result a function of (seed, day).
// The demo participants' places, routes and day plans are demo/profiles.ts.
import type { LatLon } from '~/db/schema'
import { addDays, dayInZone, zonedParts } from '~/domain/time'
import type { TrafficModeConstant } from '~/services/schemas/campaign-file'
import type { TripsFileInput } from '~/services/schemas/trips-file'
import { pathLength } from '~/domain/geometry'

type Mode = TrafficModeConstant

export interface Place extends LatLon {
  name: string
}

export interface LegRoute {
  mode: Mode
  via: LatLon[]
}

export interface Route {
  from: string
  to: string
  /** Trip purpose ids of the campaign, set when the way gets confirmed. */
  purposes: number[]
  legs: LegRoute[]
}

/** One day: the ways in order, each with its desired departure (minutes after midnight). */
type DayPlan = [route: Route, departure: number][]

export interface Profile {
  places: Record<string, Place>
  weekday: DayPlan[]
  weekend: DayPlan[]
}

/** Reference to the participant's pois, attached to leg ends at those places. */
export type PoiRefs = Record<string, { id: number; name: string; lat: number; lon: number }>

// ---------------------------------------------------------------------------------------------------------------
// Randomness

type Rng = () => number

/** mulberry32: small, fast, good enough for demo data; seeded by an FNV-1a hash of a string. */
function seededRng(seed: string): Rng {
  let h = 0x811c9dc5
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193)
  let a = h >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = a
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng()
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]

// ---------------------------------------------------------------------------------------------------------------
// Geometry

const M_PER_DEG_LAT = 111_320

/** Waypoints densified to 10–60 points, each interior point moved up to a few metres sideways (GPS noise). */
function streetPath(via: LatLon[], rng: Rng): LatLon[] {
  const total = pathLength(via)
  const target = Math.min(50, Math.max(12, Math.round(total / 80)))
  const spacing = total / target
  const points: LatLon[] = [via[0]]
  for (let i = 1; i < via.length; i++) {
    const [a, b] = [via[i - 1], via[i]]
    const steps = Math.max(1, Math.round(pathLength([a, b]) / spacing))
    for (let s = 1; s <= steps; s++) {
      const f = s / steps
      const p = { lat: a.lat + (b.lat - a.lat) * f, lon: a.lon + (b.lon - a.lon) * f }
      points.push(i === via.length - 1 && s === steps ? b : jitter(p, a, b, rng))
    }
  }
  return points.map((p) => ({ lat: round6(p.lat), lon: round6(p.lon) }))
}

function jitter(p: LatLon, a: LatLon, b: LatLon, rng: Rng): LatLon {
  const cos = Math.cos((p.lat * Math.PI) / 180)
  // Unit normal of segment a→b in metres, then an offset of up to ±4 m along it.
  const dx = (b.lon - a.lon) * M_PER_DEG_LAT * cos
  const dy = (b.lat - a.lat) * M_PER_DEG_LAT
  const len = Math.hypot(dx, dy) || 1
  const off = between(rng, -4, 4)
  return { lat: p.lat + ((dx / len) * off) / M_PER_DEG_LAT, lon: p.lon + ((-dy / len) * off) / (M_PER_DEG_LAT * cos) }
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6

// ---------------------------------------------------------------------------------------------------------------
// Modes

/** Typical door-to-door speeds in the city (m/s), stops included. */
const SPEED: Partial<Record<Mode, number>> = {
  WALK: 1.3,
  BICYCLE: 4.4,
  E_SCOOTER: 4.0,
  PUBLIC_TRANSPORT_BUS: 5.0,
  PUBLIC_TRANSPORT_TRAIN: 8.5,
  CAR: 7.0,
}

/** What the detection plausibly mistakes a mode for: makes the detected-vs-confirmed matrix interesting. */
const CONFUSED_WITH: Partial<Record<Mode, Mode[]>> = {
  WALK: ['BICYCLE', 'UNKNOWN'],
  BICYCLE: ['E_SCOOTER', 'WALK', 'CAR'],
  E_SCOOTER: ['BICYCLE'],
  PUBLIC_TRANSPORT_BUS: ['CAR', 'PUBLIC_TRANSPORT_TRAIN'],
  PUBLIC_TRANSPORT_TRAIN: ['PUBLIC_TRANSPORT_BUS', 'CAR'],
  CAR: ['PUBLIC_TRANSPORT_BUS', 'MOTORBIKE'],
}

function detect(mode: Mode, rng: Rng): Mode {
  const wrong = CONFUSED_WITH[mode]
  return wrong && rng() < 0.25 ? pick(rng, wrong) : mode
}

const isTransit = (mode: Mode) => mode === 'PUBLIC_TRANSPORT_TRAIN' || mode === 'PUBLIC_TRANSPORT_BUS'

// ---------------------------------------------------------------------------------------------------------------
// Generation

interface GeneratedLeg {
  start: number
  end: number
  mode: Mode
  detected: Mode
  geom: LatLon[]
  len: number
}

interface GeneratedWay {
  day: string
  route: Route
  legs: GeneratedLeg[]
}

/** Lays a route out in time from `departure` (minutes after midnight): travel at mode speed, wait before transit. */
function travel(route: Route, departure: number, rng: Rng): GeneratedLeg[] {
  let t = departure
  return route.legs.map((leg, i) => {
    if (i > 0) t += isTransit(leg.mode) ? Math.round(between(rng, 2, 6)) : Math.round(between(rng, 0, 1))
    const geom = streetPath(leg.via, rng)
    const len = Math.round(pathLength(geom))
    const speed = (SPEED[leg.mode] ?? 5) * between(rng, 0.9, 1.1)
    const minutes = Math.max(1, Math.round(len / speed / 60))
    const out = { start: t, end: t + minutes, mode: leg.mode, detected: detect(leg.mode, rng), geom, len }
    t += minutes
    return out
  })
}

const clock = (day: string, minutes: number) =>
  `${day} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

function isWeekend(day: string): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay()
  return weekday === 0 || weekday === 6
}

export interface GenerateOptions {
  now: Date
  timeZone: string
  seed: string
  profile: Profile
  /** Days back from today (today included when ways fit before now). */
  days: number
  /** How many of the past days stay without any way. */
  emptyDays: number
  /** Share of the oldest ways that are confirmed. */
  confirmedShare: number
  maxWays?: number
  pois?: PoiRefs
}

/** The ways of a participant, oldest first, as a trips file. */
export function generateWays(opts: GenerateOptions): TripsFileInput {
  const today = dayInZone(opts.now, opts.timeZone)
  const rng = seededRng(`${opts.seed}:${today}`)
  const ways = layOutDays(opts, today, rng).slice(0, opts.maxWays ?? Infinity)
  return withStatuses(ways, opts, rng)
}

function layOutDays(opts: GenerateOptions, today: string, rng: Rng): GeneratedWay[] {
  const nowParts = zonedParts(opts.now, opts.timeZone)
  const nowMinutes = nowParts.hour * 60 + nowParts.minute
  const empty = pickEmptyDays(opts.days, opts.emptyDays, rng)
  const ways: GeneratedWay[] = []
  // Plans take turns (from a random start) rather than being drawn, so every stretch of days, the confirmed
  // older ones included, shows the whole mix of modes.
  const turn = { weekday: Math.floor(rng() * 100), weekend: Math.floor(rng() * 100) }
  for (let back = opts.days; back >= 0; back--) {
    const day = addDays(today, -back)
    const kind = isWeekend(day) ? 'weekend' : 'weekday'
    const plans = opts.profile[kind]
    const plan = plans[turn[kind]++ % plans.length]
    if (empty.has(back)) continue
    // Today holds only the ways already made, with a few minutes for the upload.
    const latestEnd = back === 0 ? nowMinutes - 5 : 23 * 60
    let free = 0
    let made = 0
    for (const [route, departure] of plan) {
      const start = Math.max(departure + Math.round(between(rng, -20, 20)), free)
      const legs = travel(route, start, rng)
      if (legs[legs.length - 1].end > latestEnd) break
      ways.push({ day, route, legs })
      made++
      free = legs[legs.length - 1].end + Math.round(between(rng, 15, 45)) // time spent at the destination
    }
    if (back === 0 && made === 0) {
      const recent = recentWay(plan[0][0], latestEnd, rng)
      if (recent) ways.push({ day, route: plan[0][0], legs: recent })
    }
  }
  return ways
}

/** Early in the day no planned way has ended yet: show one that ended just now, if the day is long enough. */
function recentWay(route: Route, latestEnd: number, rng: Rng): GeneratedLeg[] | null {
  const duration = ((legs) => legs[legs.length - 1].end)(travel(route, 0, rng))
  const start = latestEnd - 10 - duration
  if (start < 0) return null
  const legs = travel(route, start, rng)
  return legs[legs.length - 1].end <= latestEnd ? legs : null
}

/** `count` distinct past days (1..days back) without ways; never today, so today can show a recent way. */
function pickEmptyDays(days: number, count: number, rng: Rng): Set<number> {
  const candidates = Array.from({ length: days - 1 }, (_, i) => i + 1)
  const out = new Set<number>()
  while (out.size < Math.min(count, candidates.length)) out.add(pick(rng, candidates))
  return out
}

/**
 * Statuses like a study in progress: the oldest share confirmed (purposes and modes set, every third of them with
 * questionnaires still unanswered), the rest unconfirmed with the detected modes and no purposes, one reported.
 */
function withStatuses(ways: GeneratedWay[], opts: GenerateOptions, rng: Rng): TripsFileInput {
  const confirmed = Math.round(ways.length * opts.confirmedShare)
  const reported = ways.length - confirmed > 2 ? confirmed + Math.floor((ways.length - confirmed) / 3) : -1
  return ways.map((way, i) => {
    const isConfirmed = i < confirmed
    const answered = isConfirmed && i % 3 !== 1
    const { from, to } = { from: opts.pois?.[way.route.from], to: opts.pois?.[way.route.to] }
    return {
      objId: `demo-${opts.seed}-${way.day}-${i}`,
      creationType: 'CREATED_AUTOMATICALLY',
      validationStatus: isConfirmed,
      confirmationStatus: isConfirmed,
      qtnAnswered: answered,
      allQuestionsAnswered: answered,
      fdbkAvail: i === reported,
      trpFdbkReasonIds: i === reported ? [3] : [], // 'two ways merged'
      legs: way.legs.map((leg, l) => ({
        startTime: clock(way.day, leg.start),
        endTime: clock(way.day, leg.end),
        len: leg.len,
        geom: leg.geom,
        tfcModes: [isConfirmed ? leg.mode : leg.detected],
        detectedModes: [leg.detected],
        tripPurposes: isConfirmed ? way.route.purposes : [],
        validationStatus: isConfirmed,
        qtnsAnswered: answered || (isConfirmed && rng() < 0.3),
        startPoi: l === 0 && from ? from : null,
        endPoi: l === way.legs.length - 1 && to ? to : null,
      })),
    }
  })
}
