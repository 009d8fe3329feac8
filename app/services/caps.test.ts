// The caps of domain/limits.ts on every path that stores ways, legs, points and places (pages and the HTTP API call
// these service methods; the researcher's CLI calls importTrips), and the bounds of what getTrips answers, against a
// real database (PGlite; PostgreSQL with TEST_DB_KIND=postgres). Each refusal changes nothing.
import fs from 'node:fs'
import path from 'node:path'
import { asc, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { asSessionUser, serviceContext, testDatabase } from '../../tests/db'
import { constantOf } from '../../tests/service-error'
import type { Database, Db } from '~/db/connect.server'
import { legs, pois, trips } from '~/db/schema'
import { ANSWER_BOUNDS, LIMITS } from '~/domain/limits'
import type { AuthedContext } from './core.server'
import { createUser, importCampaign, ImportError, importTrips } from './import.server'
import { poiService } from './poi.server'
import { tripService } from './trip.server'

const examples = path.resolve(import.meta.dirname, '../../docs/examples')
const campaignFile = JSON.parse(fs.readFileSync(path.join(examples, 'campaign.json'), 'utf8'))
const TZ = 'Europe/Berlin'
const NOW = new Date('2026-11-05T10:00:00Z')
const WORK = 1001

let database: Database
let db: Db
let campaignId: number

beforeAll(async () => {
  database = await testDatabase()
  db = database.db
  campaignId = await importCampaign(db, campaignFile, { timeZone: TZ })
})
afterAll(() => database.close())

let users = 0
/** A new participant of the campaign, with the context their requests run in. */
async function participant(): Promise<{ email: string; ctx: AuthedContext }> {
  const email = `p${++users}@example.org`
  const u = await createUser(db, { email, password: 'secret', verified: true, campaignId })
  return { email, ctx: serviceContext(database, { user: asSessionUser({ id: u.id, email, campaignId }), now: NOW }) }
}

/** A line of n points eastwards. */
const line = (n: number, lat = 52.5) => Array.from({ length: n }, (_, i) => ({ lat, lon: 13 + i * 0.00001 }))
const at = (day: string, minute: number) => {
  const d = new Date(Date.parse(`${day}T06:00:00Z`) + minute * 60_000)
  return d.toISOString().slice(0, 16).replace('T', ' ')
}
/** A trips-file way on `day` (the n-th of that day), its legs of the given point counts. */
const fileWay = (day: string, n: number, points: number[] = [2]) => ({
  qtnAnswered: true,
  allQuestionsAnswered: true,
  legs: points.map((p, i) => ({
    startTime: at(day, n * 10 + i * 2),
    endTime: at(day, n * 10 + i * 2 + 1),
    geom: line(p),
    tfcModes: ['WALK'],
    tripPurposes: [],
    qtnsAnswered: true,
  })),
})
const ways = (day: string, n: number, from = 0) => Array.from({ length: n }, (_, i) => fileWay(day, from + i))

async function wayCount(ctx: AuthedContext) {
  return (await db.select({ n: count() }).from(trips).where(eq(trips.userId, ctx.user.id)))[0].n
}
async function wayRow(id: number) {
  const [trip] = await db.select().from(trips).where(eq(trips.id, id))
  const legRows = await db.select().from(legs).where(eq(legs.tripId, id)).orderBy(asc(legs.idx))
  return { trip, legs: legRows }
}
const manualWay = (day: string) => ({
  trp: {
    id: '0' as const,
    name: null,
    creationType: 'CREATED_MANUALLY' as const,
    legs: [{ startTime: `${day} 12:00`, endTime: `${day} 13:00`, tfcModes: ['WALK'], tripPurposes: [WORK] }],
  },
})

describe('ways per day', () => {
  test('addTrip refuses the 51st way of a day and stores nothing; another day is fine', async () => {
    const { email, ctx } = await participant()
    await importTrips(db, { email, trips: ways('2026-11-02', LIMITS.waysPerDay) }, { timeZone: TZ })
    expect(await constantOf(tripService.addTrip(ctx, manualWay('2026-11-02')))).toBe('LIMIT_WAYS_PER_DAY')
    expect(await wayCount(ctx)).toBe(LIMITS.waysPerDay)
    await tripService.addTrip(ctx, manualWay('2026-11-03'))
    expect(await wayCount(ctx)).toBe(LIMITS.waysPerDay + 1)
  })

  test('updateTrip refuses to move a way onto a full day, and keeps it where it was', async () => {
    const { email, ctx } = await participant()
    await importTrips(db, { email, trips: ways('2026-11-02', LIMITS.waysPerDay) }, { timeZone: TZ })
    const { trp } = await tripService.addTrip(ctx, manualWay('2026-11-03'))
    const before = await wayRow(trp.id)
    const moved = { ...manualWay('2026-11-02').trp, id: trp.id }
    expect(await constantOf(tripService.updateTrip(ctx, { trp: moved, version: before.trip.version }))).toBe(
      'LIMIT_WAYS_PER_DAY',
    )
    expect(await wayRow(trp.id)).toEqual(before)
  })

  test('trips:import refuses a file with 51 ways on one day, naming the 51st; nothing is written', async () => {
    const { email, ctx } = await participant()
    const error = await importTrips(db, { email, trips: ways('2026-11-02', LIMITS.waysPerDay + 1) }).catch((e) => e)
    expect(error).toBeInstanceOf(ImportError)
    expect((error as ImportError).problems).toEqual([
      {
        at: [LIMITS.waysPerDay],
        path: `[${LIMITS.waysPerDay}]`,
        message: expect.stringMatching(/at most 50 ways a day/),
      },
    ])
    expect(await wayCount(ctx)).toBe(0)
  })

  test('trips:import counts the ways already stored on the day; nothing is written', async () => {
    const { email, ctx } = await participant()
    await importTrips(db, { email, trips: ways('2026-11-02', 45) }, { timeZone: TZ })
    const error = await importTrips(db, { email, trips: ways('2026-11-02', 6, 45) }, { timeZone: TZ }).catch((e) => e)
    expect(error).toBeInstanceOf(ImportError)
    expect((error as ImportError).problems.map((p) => p.path)).toEqual(['[5]'])
    expect(await wayCount(ctx)).toBe(45)
  })
})

describe('legs and points per way', () => {
  test('a trips file with more points in a way than the cap is refused', async () => {
    const { email, ctx } = await participant()
    const error = await importTrips(db, { email, trips: [fileWay('2026-11-02', 0, [20_000, 20_000, 20_000])] }).catch(
      (e) => e,
    )
    expect(error).toBeInstanceOf(ImportError)
    expect((error as ImportError).problems[0]).toMatchObject({ path: '[0].legs', message: /at most 50000 points/ })
    expect(await wayCount(ctx)).toBe(0)
  })

  test('copyLeg and updateLeg refuse to grow a way beyond its points; updateLeg a leg beyond its own', async () => {
    const { email, ctx } = await participant()
    const {
      tripIds: [id],
    } = await importTrips(db, { email, trips: [fileWay('2026-11-02', 0, [20_000, 20_000, 2])] }, { timeZone: TZ })
    const before = await wayRow(id)
    const [big, , small] = before.legs
    const version = before.trip.version
    expect(await constantOf(tripService.copyLeg(ctx, { id: big.id, version }))).toBe('LIMIT_POINTS_PER_WAY')
    const grow = { id: small.id, geom: line(20_000, 52.6), applyGeom: true }
    expect(await constantOf(tripService.updateLeg(ctx, { leg: grow, version }))).toBe('LIMIT_POINTS_PER_WAY')
    const tooLong = { id: small.id, geom: line(LIMITS.pointsPerLeg + 1, 52.6), applyGeom: true }
    expect(await constantOf(tripService.updateLeg(ctx, { leg: tooLong, version }))).toBe('LIMIT_POINTS_PER_LEG')
    expect(await wayRow(id)).toEqual(before)
    // Within the cap both still work.
    await tripService.copyLeg(ctx, { id: small.id, version })
    expect((await wayRow(id)).legs).toHaveLength(4)
  })
})

describe('places per participant', () => {
  test('addPoi refuses the 501st place and stores nothing', async () => {
    const { ctx } = await participant()
    const row = { userId: ctx.user.id, name: 'Ort', lat: 52.5, lon: 13.4, creationDate: NOW }
    await db.insert(pois).values(Array.from({ length: LIMITS.placesPerParticipant - 1 }, () => row))
    const poi = { name: 'Noch einer', lat: 52.51, lon: 13.41 }
    await poiService.addPoi(ctx, { poi })
    expect(await constantOf(poiService.addPoi(ctx, { poi }))).toBe('LIMIT_PLACES')
    const [{ n }] = await db.select({ n: count() }).from(pois).where(eq(pois.userId, ctx.user.id))
    expect(n).toBe(LIMITS.placesPerParticipant)
  })
})

describe('getTrips answers stay bounded', () => {
  type Page = { totalNo: number; trps: { id: number; legs: { geom: unknown[] }[] }[] }
  const getTrips = (ctx: AuthedContext, p: Record<string, unknown>) =>
    tripService.getTrips(ctx, p) as unknown as Promise<Page>
  const pointsIn = (page: Page) => page.trps.reduce((n, t) => n + t.legs.reduce((m, l) => m + l.geom.length, 0), 0)

  test('a page ends once its ways hold the answer’s points; the next page goes on from there', async () => {
    const { email, ctx } = await participant()
    // Three ways at the points cap: two fit in one answer.
    const heavy = [0, 1, 2].map((n) => fileWay('2026-11-02', n, [20_000, 20_000, 10_000]))
    await importTrips(db, { email, trips: heavy }, { timeZone: TZ })
    const first = await getTrips(ctx, { fetchNext: 10 })
    expect(first.totalNo).toBe(3)
    expect(first.trps).toHaveLength(2)
    expect(pointsIn(first)).toBeLessThanOrEqual(ANSWER_BOUNDS.pointsPerAnswer)
    const next = await getTrips(ctx, { fetchNext: 10, offset: 2 })
    expect(next.trps).toHaveLength(1)
    expect(new Set([...first.trps, ...next.trps].map((t) => t.id)).size).toBe(3)
    // Without geometry the whole page comes; a range over the bound is refused with its own error.
    expect((await getTrips(ctx, { fetchNext: 10, withGeom: false })).trps).toHaveLength(3)
    expect(await constantOf(getTrips(ctx, { from: '2026-11-01', to: '2026-11-03' }))).toBe('LIMIT_ANSWER_POINTS')
    expect((await getTrips(ctx, { from: '2026-11-01', to: '2026-11-03', withGeom: false })).trps).toHaveLength(3)
  })

  test('fetchNext is capped', async () => {
    const { ctx } = await participant()
    expect((await getTrips(ctx, { fetchNext: ANSWER_BOUNDS.waysPerPage })).trps).toEqual([])
    expect(await constantOf(getTrips(ctx, { fetchNext: ANSWER_BOUNDS.waysPerPage + 1 }))).toBe('INVALID_PARAMS')
  })
})
