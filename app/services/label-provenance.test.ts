// Where every label came from, and imports that never duplicate, against a real database (PGlite; PostgreSQL with
// TEST_DB_KIND=postgres): the source of a leg's purposes and modes on each write path, and a trips file imported
// twice, changed, or without ids.
import fs from 'node:fs'
import path from 'node:path'
import { and, asc, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { asSessionUser, serviceContext, testDatabase } from '../../tests/db'
import type { Database, Db } from '~/db/connect.server'
import { legs, tripPurposes, trips, users } from '~/db/schema'
import type { AuthedContext } from './core.server'
import { createUser, importCampaign, importTrips } from './import.server'
import { tripService } from './trip.server'
import { confirmWithPurpose } from './trip/confirm.server'
import { purposeSuggestions } from './trip/suggest.server'
import { DEMO_LOGIN, seedDemoIfEmpty } from './seed-demo.server'

const examples = path.resolve(import.meta.dirname, '../../docs/examples')
const readExample = (name: string) => JSON.parse(fs.readFileSync(path.join(examples, name), 'utf8'))
const TZ = { timeZone: 'Europe/Berlin' }
const WORK = 1001
const SHOPPING = 1002

let database: Database
let db: Db
let campaignId: number

beforeAll(async () => {
  database = await testDatabase()
  db = database.db
  campaignId = await importCampaign(db, readExample('campaign.json'), TZ)
})
afterAll(() => database.close())

async function participant(email: string): Promise<AuthedContext> {
  const u = await createUser(db, { email, password: 'secret', verified: true, campaignId })
  return serviceContext(database, { user: asSessionUser({ id: u.id, email, campaignId }) })
}
const waysOf = async (ctx: AuthedContext) =>
  (await db.select({ n: count() }).from(trips).where(eq(trips.userId, ctx.user.id)))[0].n
const legsOfTrip = (tripId: number) => db.select().from(legs).where(eq(legs.tripId, tripId)).orderBy(asc(legs.idx))

describe('importing the same trips file again', () => {
  test('adds nothing the second time, and a dry run says the same', async () => {
    const me = await participant('twice@example.org')
    const file = readExample('trips.json')
    const first = await importTrips(db, { email: 'twice@example.org', trips: file }, TZ)
    expect(first).toMatchObject({ legs: 5, present: 0, changed: [] })
    expect(first.tripIds).toHaveLength(3)
    const dry = await importTrips(db, { email: 'twice@example.org', trips: file }, { ...TZ, dryRun: true })
    expect(dry).toMatchObject({ tripIds: [], legs: 0, present: 3, changed: [] })
    const again = await importTrips(db, { email: 'twice@example.org', trips: file }, TZ)
    expect(again).toMatchObject({ tripIds: [], legs: 0, present: 3, changed: [] })
    expect(await waysOf(me)).toBe(3)
  })

  test('a way with the same id but other content is reported as changed, not added, and not overwritten', async () => {
    const me = await participant('changed@example.org')
    const file = readExample('trips.json').map((t: object, i: number) => ({ ...t, id: `night-job-${i}` }))
    const first = await importTrips(db, { email: 'changed@example.org', trips: file }, TZ)
    file[1].fdbkRemark = 'corrected in the second file'
    file[2].legs[0].startTime = '2026-05-09 10:05'
    file.push({ ...readExample('trips.json')[0], id: 'night-job-3', objId: null })
    file[3].legs = file[3].legs.map((l: { startTime: string; endTime: string }) => ({
      ...l,
      startTime: l.startTime.replace('2026-05-05', '2026-05-06'),
      endTime: l.endTime.replace('2026-05-05', '2026-05-06'),
    }))
    const second = await importTrips(db, { email: 'changed@example.org', trips: file }, TZ)
    expect(second.present).toBe(1)
    expect(second.changed).toEqual([
      { path: '[1]', tripId: first.tripIds[1] },
      { path: '[2]', tripId: first.tripIds[2] },
    ])
    expect(second.tripIds).toHaveLength(1)
    expect(await waysOf(me)).toBe(4)
    const [kept] = await db.select().from(trips).where(eq(trips.id, first.tripIds[1]))
    expect(kept.fdbkRemark).not.toBe('corrected in the second file')
  })

  test('without ids, a way with the same start and geometry is the same way; another geometry is a new way', async () => {
    const me = await participant('noids@example.org')
    const file = readExample('trips.json')
    await importTrips(db, { email: 'noids@example.org', trips: file }, TZ)
    const moved = structuredClone(file[0])
    moved.legs[0].geom = moved.legs[0].geom.map((p: { lat: number; lon: number }) => ({ ...p, lat: p.lat + 0.001 }))
    const result = await importTrips(db, { email: 'noids@example.org', trips: [file[0], moved] }, TZ)
    expect(result).toMatchObject({ present: 1, changed: [] })
    expect(result.tripIds).toHaveLength(1)
    expect(await waysOf(me)).toBe(4)
  })

  test('two different ways starting alike (added by hand, no track) are two ways, and each is found again', async () => {
    const me = await participant('alike@example.org')
    const manual = (remark: string) => ({
      creationType: 'CREATED_MANUALLY',
      fdbkRemark: remark,
      legs: [{ startTime: '2026-05-07 10:00', endTime: '2026-05-07 11:00', tfcModes: ['WALK'], tripPurposes: [WORK] }],
    })
    const file = [manual('first'), manual('second'), manual('first')]
    const first = await importTrips(db, { email: 'alike@example.org', trips: file }, TZ)
    // The third is the first given twice, alike: one way.
    expect(first).toMatchObject({ present: 1, changed: [] })
    expect(first.tripIds).toHaveLength(2)
    const again = await importTrips(db, { email: 'alike@example.org', trips: file }, TZ)
    expect(again).toMatchObject({ tripIds: [], present: 3, changed: [] })
    expect(await waysOf(me)).toBe(2)
  })
})

describe('where a label came from', () => {
  test('an import records what the phone detected as recorded, anything else the file sets as imported', async () => {
    await participant('sources@example.org')
    const file = readExample('trips.json')
    file[0].legs[0].detectedModes = ['WALK']
    const { tripIds } = await importTrips(db, { email: 'sources@example.org', trips: file }, TZ)
    const [walk, train, noDetection] = await legsOfTrip(tripIds[0])
    expect(walk).toMatchObject({ modeSource: 'recorded', purposeSource: 'imported' })
    expect(train).toMatchObject({ modeSource: 'imported', purposeSource: 'imported' })
    expect(noDetection).toMatchObject({ modeSource: 'imported', purposeSource: 'imported' })
    expect(walk.modeSetAt).toBeInstanceOf(Date)
  })

  test("the participant's own choice, a copy and the manual form each name their source", async () => {
    const me = await participant('choice@example.org')
    const file = readExample('trips.json').slice(0, 1)
    file[0].confirmationStatus = false
    file[0].validationStatus = false
    for (const leg of file[0].legs) {
      leg.tripPurposes = []
      leg.validationStatus = false
    }
    const [id] = (await importTrips(db, { email: 'choice@example.org', trips: file }, TZ)).tripIds
    expect((await legsOfTrip(id)).map((l) => l.purposeSource)).toEqual([null, null, null])
    await tripService.setTripPurposes(me, { id, purposeIds: [WORK, SHOPPING] })
    expect((await legsOfTrip(id)).map((l) => l.purposeSource)).toEqual(['participant', 'participant', 'participant'])

    const [first] = await legsOfTrip(id)
    await tripService.updateLeg(me, { leg: { id: first.id, tfcModes: ['BICYCLE'] } })
    expect((await legsOfTrip(id))[0]).toMatchObject({ modeSource: 'participant', tfcModes: ['BICYCLE'] })

    const { trp } = await tripService.copyTrip(me, { id })
    const copied = await legsOfTrip(trp.id)
    expect(copied.map((l) => [l.purposeSource, l.modeSource])).toEqual([
      ['copied', 'copied'],
      ['copied', 'copied'],
      ['copied', 'copied'],
    ])

    const manual = await tripService.addTrip(me, {
      trp: {
        legs: [
          {
            startTime: '2026-05-07 08:00',
            endTime: '2026-05-07 08:30',
            tfcModes: ['WALK'],
            tripPurposes: [SHOPPING],
          },
        ],
      },
    })
    expect((await legsOfTrip(manual.trp.id))[0]).toMatchObject({
      purposeSource: 'participant',
      modeSource: 'participant',
    })
  })
})

describe('a suggestion accepted unchanged', () => {
  const NOW = new Date('2026-11-25T10:00:00Z')
  let demo: AuthedContext
  let demoDb: Database

  beforeAll(async () => {
    demoDb = await testDatabase()
    await seedDemoIfEmpty(demoDb.db, NOW, TZ)
    const [row] = await demoDb.db.select().from(users).where(eq(users.email, DEMO_LOGIN.email))
    demo = serviceContext(demoDb, { user: asSessionUser(row!), now: NOW })
  })
  afterAll(() => demoDb.close())

  test('is recorded as suggested; another purpose as the participant own', async () => {
    const open = await demoDb.db
      .select({ id: trips.id, startTime: trips.startTime, version: trips.version })
      .from(trips)
      .where(and(eq(trips.userId, demo.user.id), eq(trips.confirmationStatus, false), eq(trips.fdbkAvail, false)))
    const suggestions = await purposeSuggestions(
      demo,
      open.map((t) => ({ id: t.id, start: t.startTime.toISOString() })),
    )
    // Ways the card confirms in one tap: every mode known, no purpose yet (the chosen one fills every leg).
    const legRows = await demoDb.db.select().from(legs)
    const oneTap = (id: number) =>
      legRows
        .filter((l) => l.tripId === id)
        .every((l) => l.tfcModes.length > 0 && !l.tfcModes.includes('UNKNOWN') && l.purposeIds.length === 0)
    const [take, other] = open.filter((t) => suggestions.has(t.id) && oneTap(t.id))
    expect(other).toBeDefined()
    const suggested = suggestions.get(take.id)!.purposeId
    await confirmWithPurpose(demo, { id: take.id, purposeId: suggested, version: take.version })
    const taken = await demoDb.db.select().from(legs).where(eq(legs.tripId, take.id))
    expect(taken.map((l) => l.purposeSource)).toEqual(taken.map(() => 'suggested'))

    const purposes = await demoDb.db.select({ id: tripPurposes.id }).from(tripPurposes)
    const another = purposes.find((p) => p.id !== suggestions.get(other.id)!.purposeId)!.id
    await confirmWithPurpose(demo, { id: other.id, purposeId: another, version: other.version })
    const chosen = await demoDb.db.select().from(legs).where(eq(legs.tripId, other.id))
    expect(chosen.map((l) => l.purposeSource)).toEqual(chosen.map(() => 'participant'))
  })
})
