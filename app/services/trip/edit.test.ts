// Trip detail editing (the detail steps, leg deletion; updateLeg, deleteLegs,
// getClosestPointToTrip/Leg) against a real database (PGlite; PostgreSQL with TEST_DB_KIND=postgres).
import fs from 'node:fs'
import path from 'node:path'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { asSessionUser, serviceContext, testDatabase } from '../../../tests/db'
import type { Database, Db } from '~/db/connect.server'
import { legs, tripPurposes, trips } from '~/db/schema'
import { LIMITS } from '~/domain/limits'
import { Step } from '~/domain/steps'
import type { ServiceContext } from '../core.server'
import { ServiceError } from '../core.server'
import { createUser, importCampaign, importTrips } from '../import.server'
import { tripService } from '../trip.server'
import { confirmWithPurpose } from './confirm.server'
import { tripDetail } from './edit.server'

const examples = path.resolve(import.meta.dirname, '../../../docs/examples')
const campaignFile = JSON.parse(fs.readFileSync(path.join(examples, 'campaign.json'), 'utf8'))

const WORK = 1001
const SHOPPING = 1002
const LEISURE = 1003

let database: Database
let db: Db
let campaignId: number
let me: ServiceContext
let other: ServiceContext
let meEmail: string
let otherEmail: string
let lone: ServiceContext
let loneEmail: string
const GLOBAL_PURPOSE = 9001

beforeAll(async () => {
  database = await testDatabase()
  db = database.db
  campaignId = await importCampaign(db, campaignFile, { timeZone: 'Europe/Berlin' })
  const a = await createUser(db, { email: 'a@example.org', password: 'secret', verified: true, campaignId })
  const b = await createUser(db, { email: 'b@example.org', password: 'secret', verified: true, campaignId })
  meEmail = a.email
  otherEmail = b.email
  me = serviceContext(database, { user: asSessionUser({ id: a.id, email: a.email, campaignId }) })
  other = serviceContext(database, { user: asSessionUser({ id: b.id, email: b.email, campaignId }) })
  const c = await createUser(db, { email: 'c@example.org', password: 'secret', verified: true })
  loneEmail = c.email
  lone = serviceContext(database, { user: asSessionUser({ id: c.id, email: c.email, campaignId: null }) })
  await db
    .insert(tripPurposes)
    .values({ id: GLOBAL_PURPOSE, campaignId: null, name: { de_DE: 'Allgemein', en_US: 'General' } })
})
afterAll(() => database.close())

type LegInput = {
  tfcModes?: string[]
  tripPurposes?: number[]
  validationStatus?: boolean
  qtnsAnswered?: boolean
  geom?: { lat: number; lon: number }[]
}

let minute = 0
/** Imports one way (legs of 10 minutes each, on a line eastwards) and returns its id. */
async function way(
  legInputs: LegInput[],
  opts: { email?: string; trip?: Record<string, unknown> } = {},
): Promise<number> {
  const base = minute
  minute += legInputs.length * 10 + 30
  const clock = (m: number) => {
    const d = new Date(Date.UTC(2026, 4, 5, 6, 0) + m * 60_000)
    return d.toISOString().slice(0, 16).replace('T', ' ')
  }
  const legs = legInputs.map((l, i) => ({
    startTime: clock(base + i * 10),
    endTime: clock(base + i * 10 + 9),
    geom: l.geom ?? [
      { lat: 52.5, lon: 13.3 + i * 0.01 },
      { lat: 52.5, lon: 13.3 + (i + 1) * 0.01 },
    ],
    tfcModes: l.tfcModes ?? ['WALK'],
    tripPurposes: l.tripPurposes ?? [],
    validationStatus: l.validationStatus ?? false,
    qtnsAnswered: l.qtnsAnswered ?? true,
  }))
  // A trips file without questionnaire flags means "not answered": these ways have none open unless opts.trip says so.
  const trip = { qtnAnswered: true, allQuestionsAnswered: true, ...opts.trip, legs }
  const { tripIds } = await importTrips(
    db,
    { email: opts.email ?? meEmail, trips: [trip] },
    { timeZone: 'Europe/Berlin' },
  )
  return tripIds[0]
}

const three = () => way([{ tfcModes: ['WALK'] }, { tfcModes: ['PUBLIC_TRANSPORT_TRAIN'] }, { tfcModes: ['WALK'] }])

async function state(id: number) {
  const [trip] = await db.select().from(trips).where(eq(trips.id, id))
  const legRows = await db.select().from(legs).where(eq(legs.tripId, id)).orderBy(asc(legs.idx))
  return { trip, legs: legRows }
}

async function detail(id: number) {
  return tripDetail(me, id)
}

/** Expects a ServiceError with that constant. */
async function rejects(p: Promise<unknown>, constant: string) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error, `expected ${constant}`).toBeInstanceOf(ServiceError)
  expect((error as ServiceError).constant).toBe(constant)
}

/** Runs fn, expects the error, and checks the way did not change at all. */
async function refusedUnchanged(id: number, fn: () => Promise<unknown>, constant: string) {
  const before = await state(id)
  await rejects(fn(), constant)
  expect(await state(id)).toEqual(before)
}

describe('step 1: setTripPurposes', () => {
  test('sets the list on all legs and moves the way to step TrafficModes', async () => {
    const id = await three()
    const { trip, step } = await detail(id)
    expect(step).toBe(Step.Purpose)
    const r = await tripService.setTripPurposes(me, { id, purposeIds: [WORK, SHOPPING], version: trip.version })
    expect(r.version).toBe(trip.version + 1)
    const after = await detail(id)
    expect(after.step).toBe(Step.TrafficModes)
    expect(after.trip.legs.map((l) => l.tripPurposes.map((p) => p.id))).toEqual([
      [WORK, SHOPPING],
      [WORK, SHOPPING],
      [WORK, SHOPPING],
    ])
    expect(after.trip.name).toBe('Arbeit, Einkauf')
  })

  test('a repeated submit (same list, old version) succeeds without writing; another list with the old version is TRIP_CHANGED', async () => {
    const id = await three()
    const v = (await detail(id)).trip.version
    await tripService.setTripPurposes(me, { id, purposeIds: [WORK], version: v })
    const written = await state(id)
    expect(await tripService.setTripPurposes(me, { id, purposeIds: [WORK], version: v })).toEqual({ version: v + 1 })
    expect(await state(id)).toEqual(written)
    await refusedUnchanged(
      id,
      () => tripService.setTripPurposes(me, { id, purposeIds: [LEISURE], version: v }),
      'TRIP_CHANGED',
    )
  })

  test('changeable until confirmed; empty and unknown purposes are refused', async () => {
    const id = await three()
    await refusedUnchanged(id, () => tripService.setTripPurposes(me, { id, purposeIds: [] }), 'PURPOSES_REQUIRED')
    await refusedUnchanged(id, () => tripService.setTripPurposes(me, { id, purposeIds: [999999] }), 'UNKNOWN_PURPOSE')
    await tripService.setTripPurposes(me, { id, purposeIds: [WORK] })
    await tripService.setTripPurposes(me, { id, purposeIds: [LEISURE] })
    expect((await state(id)).legs.every((l) => l.purposeIds.join() === String(LEISURE))).toBe(true)
    await tripService.confirmTrip(me, { id })
    await refusedUnchanged(id, () => tripService.setTripPurposes(me, { id, purposeIds: [WORK] }), 'TRIP_CONFIRMED')
  })

  test('deleting the last open leg does not confirm the way behind the participant’s back', async () => {
    const id = await way([{}, {}])
    await tripService.setTripPurposes(me, { id, purposeIds: [WORK] })
    const [first, second] = (await state(id)).legs
    await tripService.updateLeg(me, { leg: { id: first.id, validationStatus: true } })
    await tripService.deleteLegs(me, { ids: [second.id] })
    const d = await detail(id)
    expect(d.trip).toMatchObject({ confirmationStatus: false, validationStatus: false })
    expect(d.trip.way.state).toBe('modes')
    await tripService.confirmTrip(me, { id })
    expect((await state(id)).trip).toMatchObject({ confirmationStatus: true, validationStatus: true })
  })

  test('the stuck way: purpose set, leg 1 of 2 validated by updateLeg → still confirmable', async () => {
    const id = await way([{}, {}])
    await tripService.setTripPurposes(me, { id, purposeIds: [WORK] })
    const [first] = (await state(id)).legs
    // The companion app's updateLeg always sends validationStatus true.
    await tripService.updateLeg(me, {
      leg: { id: first.id, tripPurposes: [WORK], tfcModes: ['WALK'], validationStatus: true },
    })
    const d = await detail(id)
    expect(d.trip.way).toMatchObject({ state: 'modes', status: 'unconfirmed' })
    expect(d.trip.way.allows.confirm).toBe(true)
    await tripService.confirmTrip(me, { id })
    expect((await detail(id)).trip.way.state).toBe('done')
  })

  test('accepts the object shape ({ id, name }) and numeric strings', async () => {
    const id = await three()
    await tripService.setTripPurposes(me, {
      id: String(id),
      purposeIds: [{ id: WORK, name: 'Arbeit' }, String(LEISURE)],
    })
    expect((await state(id)).legs.every((l) => l.purposeIds.join() === `${WORK},${LEISURE}`)).toBe(true)
  })
})

describe('updateLeg: what each step allows', () => {
  test("step Purpose: a leg's purposes and modes yes (a mode is fixed without a purpose first), validating no", async () => {
    const id = await three()
    const [first, second] = (await state(id)).legs
    const r = await tripService.updateLeg(me, { leg: { id: first.id, tripPurposes: [{ id: LEISURE, name: 'x' }] } })
    expect(r.leg.tripPurposes.map((p) => p.id)).toEqual([LEISURE])
    expect((await detail(id)).step).toBe(Step.Purpose) // the other legs still have none
    await tripService.updateLeg(me, { leg: { id: second.id, tfcModes: ['PUBLIC_TRANSPORT_BUS'] } })
    expect((await state(id)).legs.map((l) => l.tfcModes)).toEqual([['WALK'], ['PUBLIC_TRANSPORT_BUS'], ['WALK']])
    expect((await detail(id)).step).toBe(Step.Purpose)
    await refusedUnchanged(
      id,
      () => tripService.updateLeg(me, { leg: { id: first.id, validationStatus: true } }),
      'WRONG_STEP',
    )
  })

  test('step TrafficModes: modes yes (constants or { constant, name }), purposes no; unknown and empty modes refused', async () => {
    const id = await three()
    await tripService.setTripPurposes(me, { id, purposeIds: [WORK] })
    const [first, second] = (await state(id)).legs
    await tripService.updateLeg(me, { leg: { id: first.id, tfcModes: ['BICYCLE'] } })
    await tripService.updateLeg(me, {
      leg: { id: second.id, tfcModes: [{ constant: 'PUBLIC_TRANSPORT_BUS', name: 'Bus' }] },
    })
    expect((await state(id)).legs.map((l) => l.tfcModes)).toEqual([['BICYCLE'], ['PUBLIC_TRANSPORT_BUS'], ['WALK']])
    expect((await detail(id)).step).toBe(Step.TrafficModes)
    // Purposes stay correctable until the way is confirmed.
    await tripService.updateLeg(me, { leg: { id: first.id, tripPurposes: [LEISURE] } })
    expect((await detail(id)).step).toBe(Step.TrafficModes)
    await refusedUnchanged(
      id,
      () => tripService.updateLeg(me, { leg: { id: first.id, tfcModes: ['ROCKET'] } }),
      'UNKNOWN_MODE',
    )
    await refusedUnchanged(
      id,
      () => tripService.updateLeg(me, { leg: { id: first.id, tfcModes: [] } }),
      'MODES_REQUIRED',
    )
  })

  test('an echo of the leg (nothing changes) succeeds in any step and with an old version, without writing', async () => {
    const id = await three()
    await tripService.setTripPurposes(me, { id, purposeIds: [WORK] })
    const before = await state(id)
    const leg = before.legs[0]
    const r = await tripService.updateLeg(me, {
      leg: {
        id: leg.id,
        tfcModes: [{ constant: 'WALK', name: 'Zu Fuß' }],
        tripPurposes: [{ id: WORK, name: 'Arbeit' }],
        validationStatus: false,
        applyGeom: false,
        geom: [],
      },
      version: 1,
    })
    expect(r.version).toBe(before.trip.version)
    expect(await state(id)).toEqual(before)
  })

  test('a change with an old version is TRIP_CHANGED (two tabs)', async () => {
    const id = await three()
    await tripService.setTripPurposes(me, { id, purposeIds: [WORK] })
    const {
      trip,
      legs: [first, second],
    } = await state(id)
    await tripService.updateLeg(me, { leg: { id: first.id, tfcModes: ['CAR'] }, version: trip.version })
    await refusedUnchanged(
      id,
      () => tripService.updateLeg(me, { leg: { id: second.id, tfcModes: ['CAR'] }, version: trip.version }),
      'TRIP_CHANGED',
    )
  })

  test('validating every leg one by one confirms the way', async () => {
    const id = await three()
    await tripService.setTripPurposes(me, { id, purposeIds: [WORK] })
    const legRows = (await state(id)).legs
    await tripService.updateLeg(me, { leg: { id: legRows[0].id, validationStatus: true } })
    // Not stuck: still in TrafficModes, the way can be confirmed, the other legs' modes can still be set.
    const partly = await detail(id)
    expect(partly.step).toBe(Step.TrafficModes)
    expect(partly.trip.way.allows.confirm).toBe(true)
    expect((await state(id)).trip.confirmationStatus).toBe(false)
    await tripService.updateLeg(me, { leg: { id: legRows[1].id, tfcModes: ['CAR'] } })
    await tripService.updateLeg(me, { leg: { id: legRows[1].id, validationStatus: true } })
    await tripService.updateLeg(me, { leg: { id: legRows[2].id, validationStatus: true } })
    const { trip } = await state(id)
    expect(trip).toMatchObject({ validationStatus: true, confirmationStatus: true })
    expect((await detail(id)).step).toBe(Step.Validated)
  })

  test('geometry only with applyGeom, only in step Purpose; len follows the geometry', async () => {
    const id = await three()
    const [first] = (await state(id)).legs
    const geom = [
      { lat: 52.5, lon: 13.3 },
      { lat: 52.51, lon: 13.3 },
    ]
    await tripService.updateLeg(me, { leg: { id: first.id, geom, applyGeom: false } })
    expect((await state(id)).legs[0].geom).toEqual(first.geom)
    await tripService.updateLeg(me, { leg: { id: first.id, geom, applyGeom: true } })
    const changed = (await state(id)).legs[0]
    expect(changed.geom).toEqual(geom)
    expect(changed.len).toBeCloseTo(1112, -1)
  })

  test("another participant's leg: LEG_NOT_FOUND, their leg unchanged", async () => {
    const theirs = await way([{ tfcModes: ['CAR'] }], { email: otherEmail })
    const [leg] = (await state(theirs)).legs
    await refusedUnchanged(
      theirs,
      () => tripService.updateLeg(me, { leg: { id: leg.id, tripPurposes: [WORK] } }),
      'LEG_NOT_FOUND',
    )
  })
})

describe('step 2: confirmTrip', () => {
  test('marks all legs validated and confirms; without open questionnaires the way is Validated', async () => {
    const id = await three()
    await refusedUnchanged(id, () => tripService.confirmTrip(me, { id }), 'WRONG_STEP') // purposes missing
    await tripService.setTripPurposes(me, { id, purposeIds: [WORK] })
    const v = (await state(id)).trip.version
    await tripService.confirmTrip(me, { id, version: v })
    const { trip, legs: legRows } = await state(id)
    expect(legRows.every((l) => l.validationStatus)).toBe(true)
    expect(trip).toMatchObject({ validationStatus: true, confirmationStatus: true, allQuestionsAnswered: true })
    expect((await detail(id)).step).toBe(Step.Validated)
    expect((await detail(id)).trip.status).toBe('confirmed')
    // A second submit of the same form: nothing happens, no error.
    const before = await state(id)
    await tripService.confirmTrip(me, { id, version: v })
    expect(await state(id)).toEqual(before)
  })

  test('with open questionnaires the way waits in BeforeQuestionnaires; completeTrip is refused while one is pending', async () => {
    // The campaign has a trip questionnaire and this way's is not answered.
    const id = await way([{ tfcModes: ['WALK'], qtnsAnswered: false }], {
      trip: { qtnAnswered: false, allQuestionsAnswered: false },
    })
    await refusedUnchanged(id, () => tripService.completeTrip(me, { id }), 'WRONG_STEP') // not confirmed yet
    await tripService.setTripPurposes(me, { id, purposeIds: [SHOPPING] })
    await tripService.confirmTrip(me, { id })
    expect((await detail(id)).step).toBe(Step.BeforeQuestionnaires)
    expect((await detail(id)).trip.status).toBe('questionnairesUnanswered')
    await refusedUnchanged(id, () => tripService.completeTrip(me, { id }), 'ANSWER_MANDATORY_MISSING')
  })

  test('completeTrip finishes a confirmed way when no questionnaire is pending (idempotent, version-checked)', async () => {
    // A participant without a campaign has no questionnaires; the flags say "unanswered" (e.g. imported that way).
    const id = await way([{ tfcModes: ['WALK'], qtnsAnswered: false, tripPurposes: [GLOBAL_PURPOSE] }], {
      email: loneEmail,
      trip: { qtnAnswered: false, allQuestionsAnswered: false },
    })
    await tripService.confirmTrip(lone, { id })
    expect((await tripDetail(lone, id)).step).toBe(Step.BeforeQuestionnaires)
    const v = (await state(id)).trip.version
    await refusedUnchanged(id, () => tripService.completeTrip(lone, { id, version: v - 1 }), 'TRIP_CHANGED')
    await tripService.completeTrip(lone, { id, version: v })
    expect((await tripDetail(lone, id)).step).toBe(Step.Validated)
    const before = await state(id)
    await tripService.completeTrip(lone, { id, version: v }) // repeated submit
    expect(await state(id)).toEqual(before)
  })

  test('a confirmed way is read-only for good', async () => {
    const id = await three()
    await tripService.setTripPurposes(me, { id, purposeIds: [WORK] })
    await tripService.confirmTrip(me, { id })
    const [first, , last] = (await state(id)).legs
    expect((await detail(id)).trip.way.state).toBe('done')
    await refusedUnchanged(
      id,
      () => tripService.updateLeg(me, { leg: { id: first.id, tfcModes: ['CAR'] } }),
      'TRIP_CONFIRMED',
    )
    await refusedUnchanged(id, () => tripService.setTripPurposes(me, { id, purposeIds: [LEISURE] }), 'TRIP_CONFIRMED')
    await refusedUnchanged(id, () => tripService.deleteLegs(me, { ids: [last.id] }), 'TRIP_CONFIRMED')
    await refusedUnchanged(id, () => tripService.copyLeg(me, { id: first.id }), 'TRIP_CONFIRMED')
  })

  test('a reported way cannot be edited', async () => {
    const id = await way([{ tripPurposes: [WORK] }, { tripPurposes: [WORK] }], { trip: { fdbkAvail: true } })
    expect((await detail(id)).trip.way.state).toBe('reported')
    const [first] = (await state(id)).legs
    await refusedUnchanged(id, () => tripService.confirmTrip(me, { id }), 'TRIP_REPORTED')
    await refusedUnchanged(
      id,
      () => tripService.updateLeg(me, { leg: { id: first.id, tfcModes: ['CAR'] } }),
      'TRIP_REPORTED',
    )
    await refusedUnchanged(id, () => tripService.deleteLegs(me, { ids: [first.id] }), 'TRIP_REPORTED')
  })
})

describe('deleteLegs (first or last only, more than one leg)', () => {
  test('the first and the last leg can be deleted; start and end are re-marked', async () => {
    const id = await three()
    const [first, middle, last] = (await state(id)).legs
    await tripService.deleteLegs(me, { ids: [first.id] })
    let d = await detail(id)
    expect(d.trip.legs.map((l) => [l.id, l.idx, l.isStart, l.isEnd])).toEqual([
      [middle.id, 0, true, false],
      [last.id, 1, false, true],
    ])
    expect(d.trip.start).toBe(middle.startTime.toISOString())
    await tripService.deleteLegs(me, { ids: [last.id] })
    d = await detail(id)
    expect(d.trip.legs.map((l) => [l.id, l.isStart, l.isEnd])).toEqual([[middle.id, true, true]])
    expect(d.trip.end).toBe(middle.endTime.toISOString())
  })

  test('a middle leg and the only leg are refused; nothing changes', async () => {
    const id = await three()
    const [, middle] = (await state(id)).legs
    await refusedUnchanged(id, () => tripService.deleteLegs(me, { ids: [middle.id] }), 'LEG_NOT_FIRST_OR_LAST')
    const single = await way([{}])
    const [only] = (await state(single)).legs
    await refusedUnchanged(single, () => tripService.deleteLegs(me, { ids: [only.id] }), 'LAST_REMAINING_LEG')
  })

  test('several ids are checked one after another; all in one transaction', async () => {
    const id = await way([{}, {}, {}, {}])
    const [a, b, c, d] = (await state(id)).legs
    await tripService.deleteLegs(me, { ids: [a.id, d.id] })
    expect((await state(id)).legs.map((l) => l.id)).toEqual([b.id, c.id])
    // [b, c] then c again would leave nothing: the second check fails and the first deletion is rolled back.
    await refusedUnchanged(id, () => tripService.deleteLegs(me, { ids: [b.id, c.id] }), 'LAST_REMAINING_LEG')
  })

  test('until confirmed; stale version; legs of two ways; foreign legs', async () => {
    const id = await three()
    const {
      trip,
      legs: [first],
    } = await state(id)
    await refusedUnchanged(
      id,
      () => tripService.deleteLegs(me, { ids: [first.id], version: trip.version - 1 }),
      'TRIP_CHANGED',
    )
    const otherWay = await three()
    const [x] = (await state(otherWay)).legs
    await refusedUnchanged(id, () => tripService.deleteLegs(me, { ids: [first.id, x.id] }), 'INVALID_PARAMS')
    const theirs = await way([{}, {}], { email: otherEmail })
    const [their] = (await state(theirs)).legs
    await refusedUnchanged(theirs, () => tripService.deleteLegs(me, { ids: [their.id] }), 'LEG_NOT_FOUND')
    await tripService.setTripPurposes(me, { id, purposeIds: [WORK] })
    await tripService.confirmTrip(me, { id })
    await refusedUnchanged(id, () => tripService.deleteLegs(me, { ids: [first.id] }), 'TRIP_CONFIRMED')
  })

  test('a double submit deletes one leg only', async () => {
    const id = await three()
    const {
      trip,
      legs: [first],
    } = await state(id)
    const results = await Promise.allSettled([
      tripService.deleteLegs(me, { ids: [first.id], version: trip.version }),
      tripService.deleteLegs(me, { ids: [first.id], version: trip.version }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect((await state(id)).legs).toHaveLength(2)
  })
})

describe('copyLeg and copyTrip', () => {
  test('copyLeg inserts a duplicate right after the leg (until confirmed)', async () => {
    const id = await three()
    const {
      trip,
      legs: [first, second, third],
    } = await state(id)
    const r = await tripService.copyLeg(me, { id: second.id, version: trip.version })
    const after = (await state(id)).legs
    expect(after.map((l) => l.id)).toEqual([first.id, second.id, r.leg.id, third.id])
    expect(after.map((l) => l.idx)).toEqual([0, 1, 2, 3])
    expect(after[2]).toMatchObject({ tfcModes: second.tfcModes, geom: second.geom, validationStatus: false })
    // A second submit of the same form (old version) makes no second copy.
    await refusedUnchanged(id, () => tripService.copyLeg(me, { id: second.id, version: trip.version }), 'TRIP_CHANGED')
    await tripService.setTripPurposes(me, { id, purposeIds: [WORK] })
    await tripService.confirmTrip(me, { id })
    await refusedUnchanged(id, () => tripService.copyLeg(me, { id: first.id }), 'TRIP_CONFIRMED')
  })

  test('copyTrip makes a new unconfirmed way with copies of the legs; a repeated submit makes no second copy', async () => {
    const id = await three()
    await tripService.setTripPurposes(me, { id, purposeIds: [WORK] })
    await tripService.confirmTrip(me, { id })
    const source = await state(id)
    const { trp } = await tripService.copyTrip(me, { id, version: source.trip.version })
    expect(trp.id).not.toBe(id)
    expect(trp).toMatchObject({
      confirmationStatus: false,
      validationStatus: false,
      fdbkAvail: false,
      objId: null,
      start: source.trip.startTime.toISOString(),
    })
    expect(trp.legs.map((l) => [l.tfcModes[0].constant, l.tripPurposes[0].id, l.validationStatus])).toEqual([
      ['WALK', WORK, false],
      ['PUBLIC_TRANSPORT_TRAIN', WORK, false],
      ['WALK', WORK, false],
    ])
    // The campaign has a trip questionnaire and one for trains: the copy has them open.
    const copy = await state(trp.id)
    expect(copy.trip.qtnAnswered).toBe(false)
    expect(copy.legs.map((l) => l.qtnsAnswered)).toEqual([true, false, true])
    expect((await detail(trp.id)).step).toBe(Step.TrafficModes)
    // The source itself is unchanged apart from its version.
    const after = await state(id)
    expect(after.legs).toEqual(source.legs)
    expect(after.trip.version).toBe(source.trip.version + 1)
    await rejects(tripService.copyTrip(me, { id, version: source.trip.version }), 'TRIP_CHANGED')
  })
})

describe("another participant's way", () => {
  test('every method answers TRIP_NOT_FOUND / LEG_NOT_FOUND and changes nothing', async () => {
    const theirs = await way([{ tripPurposes: [WORK] }, { tripPurposes: [WORK] }], { email: otherEmail })
    const [leg] = (await state(theirs)).legs
    const point = { lat: 52.5, lon: 13.3 }
    await refusedUnchanged(
      theirs,
      () => tripService.setTripPurposes(me, { id: theirs, purposeIds: [LEISURE] }),
      'TRIP_NOT_FOUND',
    )
    await refusedUnchanged(theirs, () => tripService.confirmTrip(me, { id: theirs }), 'TRIP_NOT_FOUND')
    await refusedUnchanged(theirs, () => tripService.completeTrip(me, { id: theirs }), 'TRIP_NOT_FOUND')
    await refusedUnchanged(theirs, () => tripService.copyTrip(me, { id: theirs }), 'TRIP_NOT_FOUND')
    await refusedUnchanged(theirs, () => tripService.copyLeg(me, { id: leg.id }), 'LEG_NOT_FOUND')
    await rejects(tripService.getClosestPointToTrip(me, { id: theirs, point }), 'TRIP_NOT_FOUND')
    await rejects(tripService.getClosestPointToLeg(me, { id: leg.id, point }), 'LEG_NOT_FOUND')
    await rejects(detail(theirs), 'TRIP_NOT_FOUND')
    // …while the owner can.
    await tripService.confirmTrip(other, { id: theirs })
  })

  test('without a session: SESSION_NOT_SET', async () => {
    await rejects(tripService.confirmTrip(serviceContext(database), { id: 1 }), 'SESSION_NOT_SET')
  })
})

describe('getClosestPointToTrip / getClosestPointToLeg', () => {
  test('the nearest point on the geometry', async () => {
    const id = await way([
      {
        geom: [
          { lat: 52.5, lon: 13.3 },
          { lat: 52.5, lon: 13.4 },
        ],
      },
      {
        geom: [
          { lat: 52.5, lon: 13.4 },
          { lat: 52.6, lon: 13.4 },
        ],
      },
    ])
    const [first, second] = (await state(id)).legs
    const t = await tripService.getClosestPointToTrip(me, { id, point: { lat: 52.55, lon: 13.45 } })
    expect(t.point!.lat).toBeCloseTo(52.55, 6)
    expect(t.point!.lon).toBeCloseTo(13.4, 6)
    const l = await tripService.getClosestPointToLeg(me, { id: first.id, point: { lat: 52.55, lon: 13.45 } })
    expect(l.point).toEqual({ lat: 52.5, lon: 13.4 })
    const s = await tripService.getClosestPointToLeg(me, { id: second.id, point: { lat: '52.7', lon: '13.4' } })
    expect(s.point).toEqual({ lat: 52.6, lon: 13.4 })
    await rejects(tripService.getClosestPointToLeg(me, { id: first.id, point: { lat: 95, lon: 0 } }), 'INVALID_PARAMS')
  })

  test('a way without geometry answers null', async () => {
    const id = await way([{ geom: [] }])
    expect(await tripService.getClosestPointToTrip(me, { id, point: { lat: 52.5, lon: 13.4 } })).toEqual({
      point: null,
    })
  })
})

describe('confirming from the card (confirmWithPurpose)', () => {
  test('the chosen purpose fills only legs without one; legs with a purpose keep theirs; then confirmed', async () => {
    const id = await way([{ tripPurposes: [LEISURE] }, {}, { tripPurposes: [SHOPPING, WORK] }])
    const { version } = (await state(id)).trip
    await confirmWithPurpose(me, { id, purposeId: WORK, version })
    const after = await state(id)
    expect(after.legs.map((l) => l.purposeIds)).toEqual([[LEISURE], [WORK], [SHOPPING, WORK]])
    expect(after.trip.confirmationStatus).toBe(true)
  })

  test('every leg with a purpose: confirmed as they are, without a choice; a leg without one needs a choice', async () => {
    const mixed = await way([{ tripPurposes: [LEISURE] }, { tripPurposes: [WORK] }])
    await confirmWithPurpose(me, { id: mixed, version: (await state(mixed)).trip.version })
    expect((await state(mixed)).legs.map((l) => l.purposeIds)).toEqual([[LEISURE], [WORK]])
    const open = await way([{ tripPurposes: [LEISURE] }, {}])
    await refusedUnchanged(
      open,
      async () => confirmWithPurpose(me, { id: open, version: (await state(open)).trip.version }),
      'PURPOSES_REQUIRED',
    )
  })

  test('a leg whose mode is unknown (UNKNOWN or none) is never confirmed as such', async () => {
    for (const modes of [['UNKNOWN'], ['UNKNOWN', 'WALK']]) {
      const id = await way([{ tfcModes: modes }, { tfcModes: ['WALK'] }])
      await refusedUnchanged(
        id,
        async () => confirmWithPurpose(me, { id, purposeId: WORK, version: (await state(id)).trip.version }),
        'MODES_REQUIRED',
      )
    }
  })

  test('two tabs confirming with different purposes: the stale one is TRIP_CHANGED, a repeated submit succeeds', async () => {
    const id = await way([{}])
    const { version } = (await state(id)).trip
    await confirmWithPurpose(me, { id, purposeId: WORK, version })
    const confirmed = await state(id)
    await refusedUnchanged(id, () => confirmWithPurpose(me, { id, purposeId: LEISURE, version }), 'TRIP_CHANGED')
    // The same post again (a double submit) is already satisfied: no error, nothing written.
    await confirmWithPurpose(me, { id, purposeId: WORK, version })
    expect(await state(id)).toEqual(confirmed)
  })

  test('a stale version before confirming is TRIP_CHANGED and changes nothing', async () => {
    const id = await way([{}])
    const { version } = (await state(id)).trip
    const [leg] = (await state(id)).legs
    await tripService.updateLeg(me, { leg: { id: leg.id, tfcModes: ['CAR'] }, version })
    await refusedUnchanged(id, () => confirmWithPurpose(me, { id, purposeId: WORK, version }), 'TRIP_CHANGED')
  })
})

describe('races', () => {
  test('two tabs setting different purposes with the same version: one wins, the other is TRIP_CHANGED', async () => {
    const id = await three()
    const { version } = (await state(id)).trip
    const results = await Promise.allSettled([
      tripService.setTripPurposes(me, { id, purposeIds: [WORK], version }),
      tripService.setTripPurposes(me, { id, purposeIds: [LEISURE], version }),
    ])
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(failed).toHaveLength(1)
    expect((failed[0].reason as ServiceError).constant).toBe('TRIP_CHANGED')
    const purposeLists = new Set((await state(id)).legs.map((l) => l.purposeIds.join()))
    expect(purposeLists.size).toBe(1) // all legs agree: no mix of both submits
  })

  test('two copies of a way at once make one copy', async () => {
    const id = await three()
    const { version } = (await state(id)).trip
    const countMine = async () =>
      (await db.select({ id: trips.id }).from(trips).where(eq(trips.userId, me.user!.id))).length
    const before = await countMine()
    const results = await Promise.allSettled([
      tripService.copyTrip(me, { id, version }),
      tripService.copyTrip(me, { id, version }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(await countMine()).toBe(before + 1)
  })
})

describe('caps (app/domain/limits.ts)', () => {
  test('copyTrip refuses the 51st way of a day, copyLeg the 51st leg of a way; nothing changes', async () => {
    const id = await way([{ tfcModes: ['WALK'] }], { email: loneEmail })
    const source = await state(id)
    const { id: _id, ...row } = source.trip
    // 49 more ways on the same day: 50 in all, the cap.
    await db.insert(trips).values(Array.from({ length: LIMITS.waysPerDay - 1 }, () => ({ ...row, objId: null })))
    const ways = async () => (await db.select().from(trips).where(eq(trips.userId, source.trip.userId))).length
    const count = await ways()
    const error = await tripService.copyTrip(lone, { id, version: source.trip.version }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServiceError)
    expect(error).toMatchObject({ constant: 'LIMIT_WAYS_PER_DAY', details: { max: LIMITS.waysPerDay } })
    expect(await ways()).toBe(count)

    const long = await way(Array.from({ length: LIMITS.legsPerWay }, () => ({ tfcModes: ['WALK'] })))
    const before = await state(long)
    await refusedUnchanged(
      long,
      () => tripService.copyLeg(me, { id: before.legs[0].id, version: before.trip.version }),
      'LIMIT_LEGS_PER_WAY',
    )
  })
})
