// Realistic automatically recorded ways around Berlin for the demo participants, as a trips file
// (schemas/trips.schema.json) so they go through the same import as a researcher's data.
//
// A participant has a profile: routes between real places (each leg a mode and a few street-corner waypoints) and
// day plans (which ways a weekday or weekend day holds, with desired departure times). Geometry is the waypoints
// densified to 10–60 points with a few metres of GPS-like jitter; leg lengths are measured on that geometry and
// durations follow from a speed typical for the mode. A seeded PRNG makes the result a function of (seed, day).
import type { LatLon } from '~/db/schema'
import { addDays, dayInZone, zonedParts } from '~/domain/time'
import type { TrafficModeConstant } from '~/services/schemas/campaign-file'
import type { TripsFileInput } from '~/services/schemas/trips-file'
import { pathLength } from '~/domain/geometry'

type Mode = TrafficModeConstant

interface Place extends LatLon {
  name: string
}

interface LegRoute {
  mode: Mode
  via: LatLon[]
}

interface Route {
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

// ---------------------------------------------------------------------------------------------------------------
// Routes

const p = (lat: number, lon: number): LatLon => ({ lat, lon })

/** The same route the other way round. */
function reverse(route: Route, purposes: number[]): Route {
  return {
    from: route.to,
    to: route.from,
    purposes,
    legs: [...route.legs].reverse().map((leg) => ({ mode: leg.mode, via: [...leg.via].reverse() })),
  }
}

// Purpose ids of the demo campaign.
const WORK = 1
const SHOPPING = 3
const LEISURE = 4
const ERRAND = 5
const BUSINESS = 8
const VISIT = 9
const HOME = 7

// Dana Demo: lives at Kollwitzplatz (Prenzlauer Berg), works at Potsdamer Platz.
const DANA_PLACES = {
  home: { name: 'Kollwitzstraße', ...p(52.5362, 13.4181) },
  work: { name: 'Linkstraße', ...p(52.5077, 13.3735) },
  supermarket: { name: 'Danziger Straße', ...p(52.5397, 13.423) },
  gym: { name: 'Frankfurter Tor', ...p(52.5157, 13.4538) },
  tempelhof: { name: 'Tempelhofer Feld', ...p(52.477, 13.401) },
  friends: { name: 'Bergmannstraße', ...p(52.4893, 13.3925) },
  alexanderplatz: { name: 'Alexanderplatz', ...p(52.5219, 13.4125) },
  hauptbahnhof: { name: 'Hauptbahnhof', ...p(52.5251, 13.3694) },
  mauerpark: { name: 'Mauerpark', ...p(52.5433, 13.4022) },
} satisfies Record<string, Place>

const H = DANA_PLACES
const walkHomeToSenefelder: LegRoute = {
  mode: 'WALK',
  via: [H.home, p(52.535, 13.416), p(52.5336, 13.4138), p(52.5326, 13.4125)],
}
const u2SenefelderToAlex = [p(52.5326, 13.4125), p(52.5281, 13.4104), p(52.5219, 13.4132)]
const u2AlexToStadtmitte = [
  p(52.5219, 13.4132),
  p(52.5171, 13.4125),
  p(52.5112, 13.404),
  p(52.5133, 13.396),
  p(52.5114, 13.3897),
]

const homeWorkTrain: Route = {
  from: 'home',
  to: 'work',
  purposes: [WORK],
  legs: [
    walkHomeToSenefelder,
    {
      mode: 'PUBLIC_TRANSPORT_TRAIN',
      via: [...u2SenefelderToAlex, ...u2AlexToStadtmitte.slice(1), p(52.5118, 13.3842), p(52.5096, 13.3766)],
    },
    { mode: 'WALK', via: [p(52.5096, 13.3766), p(52.5088, 13.3752), H.work] },
  ],
}

const homeWorkBike: Route = {
  from: 'home',
  to: 'work',
  purposes: [WORK],
  legs: [
    {
      mode: 'BICYCLE',
      via: [
        H.home,
        p(52.533, 13.413),
        p(52.5294, 13.4087),
        p(52.5283, 13.401),
        p(52.5275, 13.3876),
        p(52.52, 13.388),
        p(52.517, 13.3886),
        p(52.5102, 13.3888),
        p(52.5098, 13.38),
        p(52.5096, 13.3766),
        H.work,
      ],
    },
  ],
}

const homeShopWalk: Route = {
  from: 'home',
  to: 'supermarket',
  purposes: [SHOPPING],
  legs: [{ mode: 'WALK', via: [H.home, p(52.5375, 13.419), p(52.5388, 13.4212), H.supermarket] }],
}

const homeGymBike: Route = {
  from: 'home',
  to: 'gym',
  purposes: [LEISURE],
  legs: [
    {
      mode: 'BICYCLE',
      via: [
        H.home,
        p(52.5388, 13.4212),
        p(52.5399, 13.429),
        p(52.5395, 13.437),
        p(52.5345, 13.4448),
        p(52.5288, 13.452),
        p(52.5222, 13.454),
        H.gym,
      ],
    },
  ],
}

const homeTempelhofTrain: Route = {
  from: 'home',
  to: 'tempelhof',
  purposes: [LEISURE],
  legs: [
    walkHomeToSenefelder,
    { mode: 'PUBLIC_TRANSPORT_TRAIN', via: [...u2SenefelderToAlex, ...u2AlexToStadtmitte.slice(1)] },
    // The change from U2 to U6 at Stadtmitte is a walk through the tunnel.
    { mode: 'WALK', via: [p(52.5114, 13.3897), p(52.5112, 13.3906), p(52.5105, 13.3908)] },
    {
      mode: 'PUBLIC_TRANSPORT_TRAIN',
      via: [p(52.5105, 13.3908), p(52.5065, 13.3908), p(52.4977, 13.3918), p(52.4937, 13.388), p(52.4856, 13.3855)],
    },
    { mode: 'WALK', via: [p(52.4856, 13.3855), p(52.483, 13.389), p(52.48, 13.395), H.tempelhof] },
  ],
}

const homeFriendsCar: Route = {
  from: 'home',
  to: 'friends',
  purposes: [VISIT],
  legs: [
    {
      mode: 'CAR',
      via: [
        H.home,
        p(52.533, 13.4195),
        p(52.5245, 13.415),
        p(52.5185, 13.415),
        p(52.514, 13.408),
        p(52.5112, 13.404),
        p(52.504, 13.398),
        p(52.4977, 13.3918),
        p(52.493, 13.393),
        p(52.49, 13.395),
      ],
    },
    // Parking is never at the door.
    { mode: 'WALK', via: [p(52.49, 13.395), p(52.4897, 13.3938), H.friends] },
  ],
}

const alexBus = [p(52.534, 13.4205), p(52.531, 13.4185), p(52.5275, 13.4165), p(52.5245, 13.415), p(52.5225, 13.414)]
const homeAlexBus: Route = {
  from: 'home',
  to: 'alexanderplatz',
  purposes: [SHOPPING, ERRAND],
  legs: [
    { mode: 'WALK', via: [H.home, p(52.5352, 13.4195), p(52.534, 13.4205)] },
    { mode: 'PUBLIC_TRANSPORT_BUS', via: alexBus },
    { mode: 'WALK', via: [p(52.5225, 13.414), p(52.5222, 13.4132), H.alexanderplatz] },
  ],
}

const workHbfScooter: Route = {
  from: 'work',
  to: 'hauptbahnhof',
  purposes: [BUSINESS],
  legs: [
    {
      mode: 'E_SCOOTER',
      via: [
        H.work,
        p(52.5096, 13.3766),
        p(52.512, 13.377),
        p(52.516, 13.3777),
        p(52.5186, 13.3762),
        p(52.52, 13.3735),
        p(52.5215, 13.3705),
        p(52.5235, 13.369),
        H.hauptbahnhof,
      ],
    },
  ],
}

const hbfHomeTrainBus: Route = {
  from: 'hauptbahnhof',
  to: 'home',
  purposes: [HOME],
  legs: [
    {
      mode: 'PUBLIC_TRANSPORT_TRAIN',
      via: [
        H.hauptbahnhof,
        p(52.521, 13.38),
        p(52.5203, 13.3869),
        p(52.521, 13.395),
        p(52.5225, 13.4024),
        p(52.5215, 13.411),
      ],
    },
    { mode: 'WALK', via: [p(52.5215, 13.411), p(52.522, 13.4128), p(52.5225, 13.414)] },
    { mode: 'PUBLIC_TRANSPORT_BUS', via: [...alexBus].reverse() },
    { mode: 'WALK', via: [p(52.534, 13.4205), p(52.5352, 13.4195), H.home] },
  ],
}

const homeMauerparkWalk: Route = {
  from: 'home',
  to: 'mauerpark',
  purposes: [LEISURE],
  legs: [
    {
      mode: 'WALK',
      via: [H.home, p(52.538, 13.416), p(52.5405, 13.4125), p(52.5415, 13.408), p(52.5425, 13.404), H.mauerpark],
    },
  ],
}

const h = (hour: number, minute = 0) => hour * 60 + minute

export const DANA: Profile = {
  places: DANA_PLACES,
  weekday: [
    [
      [homeWorkTrain, h(7, 45)],
      [reverse(homeWorkTrain, [HOME]), h(17, 15)],
    ],
    [
      [homeWorkBike, h(8)],
      [reverse(homeWorkBike, [HOME]), h(17, 30)],
      [homeGymBike, h(19)],
      [reverse(homeGymBike, [HOME]), h(20, 30)],
    ],
    [
      [homeWorkTrain, h(7, 50)],
      [reverse(homeWorkTrain, [HOME]), h(17)],
      [homeShopWalk, h(18, 30)],
      [reverse(homeShopWalk, [HOME]), h(18, 55)],
    ],
    [
      [homeWorkTrain, h(8, 10)],
      [workHbfScooter, h(16, 45)],
      [hbfHomeTrainBus, h(17, 20)],
    ],
    // Working from home.
    [
      [homeShopWalk, h(11)],
      [reverse(homeShopWalk, [HOME]), h(11, 30)],
    ],
    // One way only: the way back was not recorded.
    [[homeMauerparkWalk, h(19)]],
  ],
  weekend: [
    [
      [homeTempelhofTrain, h(11)],
      [reverse(homeTempelhofTrain, [HOME]), h(15)],
    ],
    [
      [homeFriendsCar, h(13)],
      [reverse(homeFriendsCar, [HOME]), h(19)],
    ],
    [
      [homeAlexBus, h(11, 30)],
      [reverse(homeAlexBus, [HOME]), h(14)],
      [homeMauerparkWalk, h(17)],
      [reverse(homeMauerparkWalk, [HOME]), h(18, 30)],
    ],
    [
      [homeShopWalk, h(10)],
      [reverse(homeShopWalk, [HOME]), h(10, 30)],
    ],
  ],
}

// The second participant lives in Charlottenburg and studies at TU Berlin.
const OLAF_PLACES = {
  home: { name: 'Richard-Wagner-Platz', ...p(52.5163, 13.307) },
  university: { name: 'TU Berlin', ...p(52.5125, 13.3269) },
  kudamm: { name: 'Kurfürstendamm', ...p(52.504, 13.332) },
} satisfies Record<string, Place>

const homeUniBike: Route = {
  from: 'home',
  to: 'university',
  purposes: [2],
  legs: [{ mode: 'BICYCLE', via: [OLAF_PLACES.home, p(52.515, 13.313), p(52.5135, 13.32), OLAF_PLACES.university] }],
}
const homeKudammBus: Route = {
  from: 'home',
  to: 'kudamm',
  purposes: [SHOPPING],
  legs: [
    { mode: 'WALK', via: [OLAF_PLACES.home, p(52.5162, 13.3078), p(52.516, 13.3085)] },
    {
      mode: 'PUBLIC_TRANSPORT_BUS',
      via: [
        p(52.516, 13.3085),
        p(52.5125, 13.3068),
        p(52.508, 13.3066),
        p(52.5057, 13.31),
        p(52.5055, 13.32),
        p(52.5048, 13.329),
      ],
    },
    { mode: 'WALK', via: [p(52.5048, 13.329), p(52.5044, 13.3305), OLAF_PLACES.kudamm] },
  ],
}

export const OLAF: Profile = {
  places: OLAF_PLACES,
  weekday: [
    [
      [homeUniBike, h(9)],
      [reverse(homeUniBike, [HOME]), h(16)],
    ],
  ],
  weekend: [
    [
      [homeKudammBus, h(12)],
      [reverse(homeKudammBus, [HOME]), h(15)],
    ],
  ],
}
