// Ways entered by hand (id '0' means a new trip (add); any other id means update. Start, end, at least one trip
// purpose and at least one traffic mode are required, otherwise 'Please fill in all fields.' The start must not be
// after the end. The distance stays blank for manually created trips), against a real database (PGlite, or PostgreSQL with TEST_DB_KIND=postgres).
import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { asSessionUser, serviceContext, testDatabase } from '../../../tests/db'
import { constantOf as errorOf } from '../../../tests/service-error'
import type { Database, Db } from '~/db/connect.server'
import { legs, trips, users } from '~/db/schema'
import { DEMO_LOGIN, OTHER_LOGIN, seedDemoIfEmpty } from '~/services/seed-demo.server'
import { ServiceError, type ServiceContext } from '../core.server'
import { importTrips } from '../import.server'
import { tripService } from '../trip.server'
import { manualTripForEdit, parseLegTime } from './manual.server'

const TZ = 'Europe/Berlin'
const NOW = new Date('2026-11-05T10:00:00Z')

let database: Database
let db: Db
let demo: ServiceContext & { user: NonNullable<ServiceContext['user']> }
let other: ServiceContext & { user: NonNullable<ServiceContext['user']> }

async function ctxFor(email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email))
  return serviceContext(database, { user: asSessionUser(row), now: NOW }) as typeof demo
}

const leg = (over: Record<string, unknown> = {}) => ({
  startTime: '2026-11-02 12:00',
  endTime: '2026-11-02 13:00',
  tfcModes: [{ constant: 'WALK', name: 'Zu Fuß' }, 'PUBLIC_TRANSPORT_BUS'],
  tripPurposes: [{ id: 1, name: 'Arbeit' }, 3],
  applyGeom: false,
  ...over,
})
const newWay = (legOver: Record<string, unknown> = {}, over: Record<string, unknown> = {}) => ({
  trp: { id: '0' as const, name: null, creationType: 'CREATED_MANUALLY' as const, legs: [leg(legOver)], ...over },
})

/** updateTrip with the way's current version (as the edit form sends it). */
async function update(ctx: typeof demo, params: { trp: Record<string, unknown> & { id: unknown } }) {
  const [row] = await db
    .select({ version: trips.version })
    .from(trips)
    .where(eq(trips.id, Number(params.trp.id)))
  return tripService.updateTrip(ctx, { ...params, version: row?.version ?? 0 })
}

async function tripCount() {
  return (await db.select({ n: count() }).from(trips))[0].n
}

beforeAll(async () => {
  database = await testDatabase()
  db = database.db
  await seedDemoIfEmpty(db, NOW, { timeZone: TZ })
  demo = await ctxFor(DEMO_LOGIN.email)
  other = await ctxFor(OTHER_LOGIN.email)
})
afterAll(() => database.close())

describe('parseLegTime', () => {
  test.each([
    ['2026-11-02 12:00', '2026-11-02T11:00:00.000Z'],
    ['2026-11-02T12:00:00', '2026-11-02T11:00:00.000Z'],
    ['2026-07-02 12:00', '2026-07-02T10:00:00.000Z'],
    ['2026-11-02 24:00', '2026-11-02T23:00:00.000Z'],
    ['2026-11-02T11:00:00Z', '2026-11-02T11:00:00.000Z'],
  ])('%s → %s', (s, iso) => expect(parseLegTime(s, TZ, 'x')?.toISOString()).toBe(iso))
  test.each([[null], [''], ['  ']])('%j → null (fill in all fields)', (s) =>
    expect(parseLegTime(s, TZ, 'x')).toBeNull(),
  )
  test.each([['2026-11-02 25:00'], ['2026-02-30 12:00'], ['02.11.2026 12:00'], ['12:00']])(
    '%s → INVALID_PARAMS',
    (s) => {
      expect(() => parseLegTime(s, TZ, 'x')).toThrow(ServiceError)
    },
  )
})

describe('addTrip', () => {
  test('creates a manual way with one leg, no distance, named from its purposes', async () => {
    const { trp } = await tripService.addTrip(demo, newWay())
    expect(trp).toMatchObject({
      creationType: 'CREATED_MANUALLY',
      distance: null,
      startTime: '2026-11-02 12:00',
      endTime: '2026-11-02 13:00',
      name: 'Arbeit, Einkauf',
      ownName: null,
      fdbkAvail: false,
      validationStatus: false,
      confirmationStatus: false,
      status: 'unconfirmed',
    })
    expect(trp.legs).toHaveLength(1)
    expect(trp.legs[0]).toMatchObject({
      startTime: '2026-11-02 12:00',
      endTime: '2026-11-02 13:00',
      len: null,
      geom: [],
      tfcModes: [
        { constant: 'WALK', name: expect.any(String) },
        { constant: 'PUBLIC_TRANSPORT_BUS', name: expect.any(String) },
      ],
      tripPurposes: [
        { id: 1, name: 'Arbeit' },
        { id: 3, name: 'Einkauf' },
      ],
      validationStatus: false,
    })
    const [row] = await db.select().from(trips).where(eq(trips.id, trp.id))
    expect(row.userId).toBe(demo.user.id)
    expect(row.distance).toBeNull()
    // The demo campaign has a trip and a leg questionnaire: they are still to be answered.
    expect(row.qtnAnswered).toBe(false)
    expect(row.allQuestionsAnswered).toBe(false)
  })

  test('accepts id 0, the manual form format and a given name', async () => {
    const { trp } = await tripService.addTrip(
      demo,
      newWay({ startTime: '2026-11-02T08:05:00', endTime: '2026-11-02T08:05:00' }, { id: 0, name: 'Zum Bäcker' }),
    )
    expect(trp).toMatchObject({
      name: 'Zum Bäcker',
      startTime: '2026-11-02 08:05',
      endTime: '2026-11-02 08:05',
      duration: 0,
    })
  })

  test('is idempotent on objId (a double submit creates one way)', async () => {
    const before = await tripCount()
    const a = await tripService.addTrip(demo, newWay({}, { objId: 'form-123' }))
    const b = await tripService.addTrip(demo, newWay({}, { objId: 'form-123' }))
    expect(b.trp.id).toBe(a.trp.id)
    expect(await tripCount()).toBe(before + 1)
  })

  test.each([
    ['no purpose', { tripPurposes: [] }, 'FILL_ALL'],
    ['no mode', { tfcModes: [] }, 'FILL_ALL'],
    ['no start', { startTime: '' }, 'FILL_ALL'],
    ['no end', { endTime: null }, 'FILL_ALL'],
    ['start after end', { startTime: '2026-11-02 13:01', endTime: '2026-11-02 13:00' }, 'END_BEFORE_START'],
    ['unknown mode', { tfcModes: ['TELEPORT'] }, 'UNKNOWN_MODE'],
    ['unknown purpose', { tripPurposes: [999] }, 'UNKNOWN_PURPOSE'],
    ['malformed time', { startTime: '2.11.2026 12:00' }, 'INVALID_PARAMS'],
  ])('%s → %s, nothing stored', async (_label, over, constant) => {
    const before = await tripCount()
    expect(await errorOf(tripService.addTrip(demo, newWay(over)))).toBe(constant)
    expect(await tripCount()).toBe(before)
  })

  test('no legs → FILL_ALL; another creation type or a real id → INVALID_PARAMS', async () => {
    expect(await errorOf(tripService.addTrip(demo, { trp: { id: '0', legs: [] } }))).toBe('FILL_ALL')
    expect(await errorOf(tripService.addTrip(demo, newWay({}, { creationType: 'CREATED_AUTOMATICALLY' })))).toBe(
      'INVALID_PARAMS',
    )
    expect(await errorOf(tripService.addTrip(demo, newWay({}, { id: 5 })))).toBe('INVALID_PARAMS')
  })

  test('needs a session', async () => {
    expect(await errorOf(tripService.addTrip(serviceContext(database), newWay()))).toBe('SESSION_NOT_SET')
  })
})

describe('updateTrip', () => {
  let id: number
  let legId: number
  beforeAll(async () => {
    const { trp } = await tripService.addTrip(demo, newWay())
    id = trp.id
    legId = trp.legs[0].id
  })

  test('changes times, purposes and modes of the first leg', async () => {
    const { trp } = await update(demo, {
      trp: {
        id: String(id),
        creationType: 'CREATED_MANUALLY',
        objId: null,
        legs: [
          leg({
            id: legId,
            startTime: '2026-11-03 07:15',
            endTime: '2026-11-03 08:00',
            tfcModes: ['BICYCLE'],
            tripPurposes: [2],
          }),
        ],
      },
    })
    expect(trp).toMatchObject({
      id,
      startTime: '2026-11-03 07:15',
      endTime: '2026-11-03 08:00',
      name: 'Ausbildung',
      distance: null,
    })
    expect(trp.legs).toHaveLength(1)
    expect(trp.legs[0]).toMatchObject({ id: legId, tfcModes: [{ constant: 'BICYCLE' }], tripPurposes: [{ id: 2 }] })
    expect(trp.version).toBeGreaterThan(1)
  })

  test('a leg without id updates the first leg', async () => {
    const { trp } = await update(demo, { trp: { id, legs: [leg({ tfcModes: ['CAR'] })] } })
    expect(trp.legs).toHaveLength(1)
    expect(trp.legs[0]).toMatchObject({ id: legId, tfcModes: [{ constant: 'CAR' }] })
  })

  test.each([
    ['no purpose', { tripPurposes: [] }, 'FILL_ALL'],
    ['start after end', { startTime: '2026-11-03 09:00', endTime: '2026-11-03 08:59' }, 'END_BEFORE_START'],
    ['unknown mode', { tfcModes: ['WALK', 'HOVERBOARD'] }, 'UNKNOWN_MODE'],
    ['unknown purpose', { tripPurposes: [1, 4711] }, 'UNKNOWN_PURPOSE'],
    ['a leg of another way', { id: 1 }, 'LEG_NOT_FOUND'],
  ])('%s → %s, nothing changed', async (_label, over, constant) => {
    const before = await manualTripForEdit(demo, id)
    expect(await errorOf(update(demo, { trp: { id, legs: [leg(over)] } }))).toBe(constant)
    expect(await manualTripForEdit(demo, id)).toEqual(before)
  })

  test("another participant's way → TRIP_NOT_FOUND (never their data)", async () => {
    expect(await errorOf(update(other, { trp: { id, legs: [leg()] } }))).toBe('TRIP_NOT_FOUND')
    expect(await errorOf(manualTripForEdit(other, id))).toBe('TRIP_NOT_FOUND')
    expect(await errorOf(update(demo, { trp: { id: 2_000_000, legs: [leg()] } }))).toBe('TRIP_NOT_FOUND')
  })

  test('a recorded (not manually created) way → TRIP_NOT_MANUAL', async () => {
    const [auto] = await db
      .select()
      .from(trips)
      .where(
        and(
          eq(trips.userId, demo.user.id),
          eq(trips.creationType, 'CREATED_AUTOMATICALLY'),
          eq(trips.confirmationStatus, false),
        ),
      )
      .limit(1)
    const before = await db.select().from(legs).where(eq(legs.tripId, auto.id))
    expect(await errorOf(update(demo, { trp: { id: auto.id, legs: [leg()] } }))).toBe('TRIP_NOT_MANUAL')
    expect(await errorOf(manualTripForEdit(demo, auto.id))).toBe('TRIP_NOT_MANUAL')
    expect(await db.select().from(legs).where(eq(legs.tripId, auto.id))).toEqual(before)
  })

  test('a confirmed manual way → TRIP_CONFIRMED; a reported one → TRIP_REPORTED', async () => {
    const manual = (extra: Record<string, unknown>) => ({
      creationType: 'CREATED_MANUALLY',
      legs: [{ startTime: '2026-11-01 10:00', endTime: '2026-11-01 11:00', tfcModes: ['WALK'], tripPurposes: [4] }],
      ...extra,
    })
    const { tripIds } = await importTrips(
      db,
      {
        email: DEMO_LOGIN.email,
        trips: [
          manual({ validationStatus: true, confirmationStatus: true }),
          manual({ fdbkAvail: true, trpFdbkReasonIds: [1] }),
        ],
      },
      { timeZone: TZ },
    )
    expect(await errorOf(update(demo, { trp: { id: tripIds[0], legs: [leg()] } }))).toBe('TRIP_CONFIRMED')
    expect(await errorOf(manualTripForEdit(demo, tripIds[0]))).toBe('TRIP_CONFIRMED')
    expect(await errorOf(update(demo, { trp: { id: tripIds[1], legs: [leg()] } }))).toBe('TRIP_REPORTED')
  })

  test('a name can be set and cleared; absent keeps it', async () => {
    expect((await update(demo, { trp: { id, name: 'Morgens', legs: [leg()] } })).trp.name).toBe('Morgens')
    expect((await update(demo, { trp: { id, legs: [leg()] } })).trp.name).toBe('Morgens')
    expect((await update(demo, { trp: { id, name: '', legs: [leg()] } })).trp.name).toBe('Arbeit, Einkauf')
  })
})

describe('versions, future times, no-trip days', () => {
  test('updateTrip requires the version; a stale one is TRIP_CHANGED and changes nothing', async () => {
    const { trp } = await tripService.addTrip(demo, newWay())
    expect(await errorOf(tripService.updateTrip(demo, { trp: { id: trp.id, legs: [leg()] } }))).toBe('INVALID_PARAMS')
    const before = await manualTripForEdit(demo, trp.id)
    await tripService.updateTrip(demo, {
      trp: { id: trp.id, legs: [leg({ tfcModes: ['CAR'] })] },
      version: before.version,
    })
    const after = await manualTripForEdit(demo, trp.id)
    // The second tab still has the old version: refused, the first tab's change kept.
    expect(
      await errorOf(
        tripService.updateTrip(demo, {
          trp: { id: trp.id, legs: [leg({ tfcModes: ['BICYCLE'] })] },
          version: before.version,
        }),
      ),
    ).toBe('TRIP_CHANGED')
    expect(await manualTripForEdit(demo, trp.id)).toEqual(after)
    // trp.version (as getTrip returns it) works too.
    await tripService.updateTrip(demo, {
      trp: { id: trp.id, version: after.version, legs: [leg({ tfcModes: ['BICYCLE'] })] },
    })
    expect((await manualTripForEdit(demo, trp.id)).legs[0].tfcModes.map((m) => m.constant)).toEqual(['BICYCLE'])
  })

  test('a start or end after now is IN_FUTURE (add and update), nothing written', async () => {
    const n = await tripCount()
    // NOW is 2026-11-05 11:00 in Berlin.
    expect(
      await errorOf(tripService.addTrip(demo, newWay({ startTime: '2026-11-05 10:30', endTime: '2026-11-05 11:01' }))),
    ).toBe('IN_FUTURE')
    expect(await tripCount()).toBe(n)
    await tripService.addTrip(demo, newWay({ startTime: '2026-11-05 10:30', endTime: '2026-11-05 11:00' }))
    expect(await tripCount()).toBe(n + 1)
  })

  test('a way added or moved onto a day marked without ways clears the mark', async () => {
    const marked = async (day: string) => (await tripService.getTrips(demo, { from: day, to: day })).periods[0].noTrips
    await tripService.setZeroTripDay(demo, { day: '2026-11-04' })
    expect(await marked('2026-11-04')).toBe(true)
    await tripService.addTrip(demo, newWay({ startTime: '2026-11-04 08:00', endTime: '2026-11-04 09:00' }))
    expect(await marked('2026-11-04')).toBe(false)
  })

  test('an imported way on a marked day clears the mark; without flags it asks its questionnaires', async () => {
    const marked = async (day: string) => (await tripService.getTrips(demo, { from: day, to: day })).periods[0].noTrips
    const day = '2026-10-20'
    const { trps } = await tripService.getTrips(demo, { from: day, to: day })
    if (trps.length)
      await db.delete(trips).where(
        inArray(
          trips.id,
          trps.map((t) => t.id),
        ),
      ) // the demo's own ways on that day
    await tripService.setZeroTripDay(demo, { day })
    expect(await marked(day)).toBe(true)
    const { tripIds } = await importTrips(
      db,
      {
        email: DEMO_LOGIN.email,
        trips: [{ legs: [{ startTime: `${day} 08:00`, endTime: `${day} 08:30`, tfcModes: ['WALK'] }] }],
      },
      { timeZone: TZ },
    )
    expect(await marked(day)).toBe(false)
    const [row] = await db.select().from(trips).where(eq(trips.id, tripIds[0]))
    expect([row.qtnAnswered, row.allQuestionsAnswered]).toEqual([false, false])
  })
})

describe('the HTTP protocol reaches the same methods', () => {
  test('trip.addTrip and trip.updateTrip are registered', async () => {
    const { services } = await import('../registry.server')
    expect(typeof services.trip.addTrip).toBe('function')
    expect(typeof services.trip.updateTrip).toBe('function')
  })
})
