// Splitting, merging and undoing against a real database (PGlite; PostgreSQL with TEST_DB_KIND=postgres): what each
// operation makes, that an undo brings back exactly what was there, and every refusal changing nothing.
import fs from 'node:fs'
import path from 'node:path'
import { asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { asSessionUser, memoryMailer, serviceContext, testDatabase, testEnv } from '../../../tests/db'
import { constantOf } from '../../../tests/service-error'
import type { Database, Db } from '~/db/connect.server'
import { answers, legs, questionnaireDrafts, trips, wayEdits } from '~/db/schema'
import type { AuthedContext } from '../core.server'
import { dispatch } from '../dispatch.server'
import { createUser, importCampaign, importTrips } from '../import.server'
import { tripService } from '../trip.server'
import { formatDayTime } from '~/domain/time'
import { tripDetail } from './edit.server'
import { listSegmentation, segmentationView } from './segmentation-view.server'

const examples = path.resolve(import.meta.dirname, '../../../docs/examples')
const campaignFile = JSON.parse(fs.readFileSync(path.join(examples, 'campaign.json'), 'utf8'))
const WORK = 1001
const SHOPPING = 1002
const TZ = 'Europe/Berlin'

let database: Database
let db: Db
let me: AuthedContext
let other: AuthedContext
let meEmail: string
let otherEmail: string

beforeAll(async () => {
  database = await testDatabase()
  db = database.db
  const campaignId = await importCampaign(db, campaignFile, { timeZone: TZ })
  const a = await createUser(db, { email: 'split-a@example.org', password: 'secret', verified: true, campaignId })
  const b = await createUser(db, { email: 'split-b@example.org', password: 'secret', verified: true, campaignId })
  meEmail = a.email
  otherEmail = b.email
  me = serviceContext(database, { user: asSessionUser({ id: a.id, email: a.email, campaignId }) }) as AuthedContext
  other = serviceContext(database, { user: asSessionUser({ id: b.id, email: b.email, campaignId }) }) as AuthedContext
})
afterAll(() => database.close())

type LegInput = { tfcModes?: string[]; tripPurposes?: number[]; points?: number }

/** Each test's ways lie on a day of their own, so ways of other tests never lie between them. */
let day = 0
const nextDay = () => new Date(Date.UTC(2026, 2, 1 + day++, 6, 0))

/** Imports one way starting `at` (legs of 10 minutes, each `points` points eastwards, 0.001° apart). */
async function way(
  at: Date,
  legInputs: LegInput[],
  opts: { email?: string; trip?: Record<string, unknown> } = {},
): Promise<number> {
  const clock = (m: number) => new Date(at.getTime() + m * 60_000).toISOString().slice(0, 16).replace('T', ' ')
  let lon = 13.3
  const legList = legInputs.map((l, i) => {
    const geom = Array.from({ length: l.points ?? 2 }, (_, k) => ({ lat: 52.5, lon: lon + k * 0.001 }))
    lon = geom.at(-1)!.lon
    return {
      startTime: clock(i * 10),
      endTime: clock(i * 10 + 10),
      geom,
      tfcModes: l.tfcModes ?? ['WALK'],
      tripPurposes: l.tripPurposes ?? [],
      validationStatus: false,
      qtnsAnswered: true,
    }
  })
  const trip = { qtnAnswered: true, allQuestionsAnswered: true, ...opts.trip, legs: legList }
  const { tripIds } = await importTrips(db, { email: opts.email ?? meEmail, trips: [trip] }, { timeZone: TZ })
  return tripIds[0]
}

const later = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000)

/** Every stored row of some ways (version aside): what an undo must bring back. */
async function rows(ids: number[]) {
  const t = await db.select().from(trips).where(inArray(trips.id, ids)).orderBy(asc(trips.id))
  const l = await db.select().from(legs).where(inArray(legs.tripId, ids)).orderBy(asc(legs.id))
  return { trips: t.map(({ version: _v, ...rest }) => rest), legs: l }
}

async function legsOfWay(id: number) {
  return db.select().from(legs).where(eq(legs.tripId, id)).orderBy(asc(legs.idx))
}

/** Expects the call to be refused with `constant` and the ways to be exactly as before. */
async function refusedUnchanged(ids: number[], call: () => Promise<unknown>, constant: string) {
  const before = await rows(ids)
  const edits = await db.select().from(wayEdits)
  expect(await constantOf(call())).toBe(constant)
  expect(await rows(ids)).toEqual(before)
  expect(await db.select().from(wayEdits)).toEqual(edits)
}

describe('split between two legs', () => {
  test('the second way starts with the chosen leg; both keep their purposes and modes; undo restores exactly', async () => {
    const id = await way(nextDay(), [
      { tripPurposes: [WORK], tfcModes: ['WALK'] },
      { tripPurposes: [SHOPPING], tfcModes: ['BICYCLE'] },
      { tfcModes: ['CAR'] },
    ])
    const before = await rows([id])
    const [, second, third] = await legsOfWay(id)
    const { trps } = await tripService.splitTrip(me, { id, legId: second.id })
    expect(trps.map((t) => t.id)[0]).toBe(id)
    const newId = trps[1].id
    expect(trps[0].legs.map((l) => l.id)).toEqual([before.legs[0].id])
    expect(trps[1].legs.map((l) => l.id)).toEqual([second.id, third.id])
    expect(trps[1].legs.map((l) => [l.tripPurposes.map((p) => p.id), l.tfcModes.map((m) => m.constant)])).toEqual([
      [[SHOPPING], ['BICYCLE']],
      [[], ['CAR']],
    ])
    expect(trps.map((t) => t.way.state)).toEqual(['modes', 'purpose'])
    expect(trps.map((t) => t.confirmationStatus)).toEqual([false, false])
    expect(trps[0].end).toBe(before.legs[0].endTime.toISOString())
    expect(trps[1].start).toBe(second.startTime.toISOString())
    const [first, made] = await db
      .select()
      .from(trips)
      .where(inArray(trips.id, [id, newId]))
      .orderBy(asc(trips.id))
    expect([first.origin, first.originIds, made.origin, made.originIds]).toEqual(['split', [id], 'split', [id]])

    const undone = await tripService.revertEdit(me, { id: newId })
    expect(undone.trps.map((t) => t.id)).toEqual([id])
    expect(await rows([id, newId])).toEqual(before)
    const kinds = await db.select().from(wayEdits).where(eq(wayEdits.userId, me.user.id)).orderBy(asc(wayEdits.id))
    expect(kinds.slice(-2).map((e) => [e.kind, e.beforeIds, e.afterIds, e.undoneAt !== null])).toEqual([
      ['split', [id], [id, newId], true],
      ['undo', [id, newId], [id], false],
    ])
  })

  test('before the first leg is no split', async () => {
    const id = await way(nextDay(), [{}, {}])
    const [first] = await legsOfWay(id)
    await refusedUnchanged([id], () => tripService.splitTrip(me, { id, legId: first.id }), 'INVALID_PARAMS')
  })
})

describe('split inside a leg', () => {
  test('the leg is cut at the point, its times interpolated along its length; undo restores the leg', async () => {
    const id = await way(nextDay(), [{ tripPurposes: [WORK], tfcModes: ['BICYCLE'], points: 5 }, { points: 2 }])
    const before = await rows([id])
    const [leg, next] = await legsOfWay(id)
    const { trps } = await tripService.splitTrip(me, { id, legId: leg.id, pointIdx: 1 })
    const [head] = await legsOfWay(id)
    const tail = await legsOfWay(trps[1].id)
    expect(head.id).toBe(leg.id)
    expect(head.geom).toEqual(leg.geom.slice(0, 2))
    expect(tail.map((l) => l.id).slice(1)).toEqual([next.id])
    expect(tail[0].geom).toEqual(leg.geom.slice(1))
    // The point lies a quarter along the leg's length: 2.5 of its 10 minutes.
    expect(head.endTime).toEqual(later(leg.startTime, 2.5))
    expect(tail[0].startTime).toEqual(later(leg.startTime, 2.5))
    expect(tail[0].endTime).toEqual(leg.endTime)
    expect([tail[0].purposeIds, tail[0].tfcModes]).toEqual([[WORK], ['BICYCLE']])
    expect(Math.abs(head.len! + tail[0].len! - leg.len!)).toBeLessThanOrEqual(1)

    await tripService.revertEdit(me, { id })
    expect(await rows([id, trps[1].id])).toEqual(before)
  })

  test.each([0, 4, 9])('at the track end or outside it (point %i) is no split', async (pointIdx) => {
    const id = await way(nextDay(), [{ points: 5 }])
    const [leg] = await legsOfWay(id)
    await refusedUnchanged([id], () => tripService.splitTrip(me, { id, legId: leg.id, pointIdx }), 'INVALID_PARAMS')
  })

  test('a one-leg way can be split inside its leg', async () => {
    const id = await way(nextDay(), [{ points: 3 }])
    const [leg] = await legsOfWay(id)
    const { trps } = await tripService.splitTrip(me, { id, legId: leg.id, pointIdx: 1 })
    expect(trps.map((t) => t.legs.length)).toEqual([1, 1])
  })
})

describe('merge', () => {
  test('two consecutive ways become one with the legs of both in time order; undo restores both', async () => {
    const start = nextDay()
    const a = await way(start, [{ tripPurposes: [WORK] }, {}])
    const b = await way(later(start, 40), [{ tfcModes: ['CAR'] }])
    const before = await rows([a, b])
    // Given in either order, the earlier way keeps its id.
    const { trp } = await tripService.mergeTrips(me, { ids: [b, a] })
    expect(trp.id).toBe(a)
    expect(trp.legs.map((l) => l.id)).toEqual(before.legs.map((l) => l.id))
    expect(trp.legs.map((l) => l.idx)).toEqual([0, 1, 2])
    expect(trp.end).toBe(before.legs[2].endTime.toISOString())
    expect(await db.select().from(trips).where(eq(trips.id, b))).toEqual([])
    const [merged] = await db.select().from(trips).where(eq(trips.id, a))
    expect([merged.origin, merged.originIds]).toEqual(['merged', [a, b].sort((x, y) => x - y)])

    const { trps } = await tripService.revertEdit(me, { id: a })
    expect(trps.map((t) => t.id)).toEqual([a, b])
    expect(await rows([a, b])).toEqual(before)
  })

  test('across midnight', async () => {
    const day = nextDay()
    const a = await way(new Date(day.getTime() + 17 * 3600_000), [{}]) // 23:00 in Berlin (UTC+1)
    const b = await way(new Date(day.getTime() + 18.5 * 3600_000), [{}]) // 00:30 the next day
    const { trp } = await tripService.mergeTrips(me, { ids: [a, b] })
    expect(trp.legs).toHaveLength(2)
  })

  test('a way between them: NOT_ADJACENT', async () => {
    const start = nextDay()
    const a = await way(start, [{}])
    const between = await way(later(start, 30), [{}])
    const b = await way(later(start, 60), [{}])
    await refusedUnchanged([a, b, between], () => tripService.mergeTrips(me, { ids: [a, b] }), 'NOT_ADJACENT')
  })

  test('a way with itself is invalid', async () => {
    const a = await way(nextDay(), [{}])
    await refusedUnchanged([a], () => tripService.mergeTrips(me, { ids: [a, a] }), 'INVALID_PARAMS')
  })

  test('a merged way split again: only the newest edit can be undone, then the older one', async () => {
    const start = nextDay()
    const a = await way(start, [{}])
    const b = await way(later(start, 30), [{}])
    const before = await rows([a, b])
    await tripService.mergeTrips(me, { ids: [a, b] })
    const [, second] = await legsOfWay(a)
    const { trps } = await tripService.splitTrip(me, { id: a, legId: second.id })
    const [made] = await db.select().from(trips).where(eq(trips.id, trps[1].id))
    expect([made.origin, made.originIds]).toEqual(['split', [a, b].sort((x, y) => x - y)])
    await tripService.revertEdit(me, { id: trps[1].id })
    await tripService.revertEdit(me, { id: a })
    expect(await rows([a, b])).toEqual(before)
    expect(await constantOf(tripService.revertEdit(me, { id: a }))).toBe('NOTHING_TO_REVERT')
  })
})

describe('refusals', () => {
  test("another participant's way answers as an unknown one", async () => {
    const start = nextDay()
    const mine = await way(start, [{}, {}])
    const theirs = await way(later(start, 40), [{}, {}], { email: otherEmail })
    const [, theirLeg] = await legsOfWay(theirs)
    const ids = [mine, theirs]
    await refusedUnchanged(ids, () => tripService.splitTrip(me, { id: theirs, legId: theirLeg.id }), 'TRIP_NOT_FOUND')
    await refusedUnchanged(ids, () => tripService.mergeTrips(me, { ids: [mine, theirs] }), 'TRIP_NOT_FOUND')
    await tripService.splitTrip(other, { id: theirs, legId: theirLeg.id })
    await refusedUnchanged(ids, () => tripService.revertEdit(me, { id: theirs }), 'TRIP_NOT_FOUND')
    // A leg of another way (here: the other participant's) is not a leg of this way.
    await refusedUnchanged(ids, () => tripService.splitTrip(me, { id: mine, legId: theirLeg.id }), 'LEG_NOT_FOUND')
  })

  test('a confirmed way is never split or merged; an undo is refused once a result is confirmed', async () => {
    const start = nextDay()
    const a = await way(start, [{ tripPurposes: [WORK] }, { tripPurposes: [WORK] }])
    const b = await way(later(start, 40), [{ tripPurposes: [WORK] }])
    await tripService.confirmTrip(me, { id: b })
    const [, second] = await legsOfWay(a)
    await refusedUnchanged([a, b], () => tripService.mergeTrips(me, { ids: [a, b] }), 'TRIP_CONFIRMED')
    const { trps } = await tripService.splitTrip(me, { id: a, legId: second.id })
    await tripService.confirmTrip(me, { id: trps[1].id })
    const ids = [a, trps[1].id, b]
    await refusedUnchanged(ids, () => tripService.revertEdit(me, { id: a }), 'TRIP_CONFIRMED')
    const [confirmedLeg] = await legsOfWay(trps[1].id)
    await refusedUnchanged(
      ids,
      () => tripService.splitTrip(me, { id: trps[1].id, legId: confirmedLeg.id, pointIdx: 1 }),
      'TRIP_CONFIRMED',
    )
  })

  test('a reported way is never split or merged, nor an edit undone while a result is reported', async () => {
    const start = nextDay()
    const a = await way(start, [{}, {}])
    const b = await way(later(start, 40), [{}, {}])
    const [, second] = await legsOfWay(b)
    await tripService.splitTrip(me, { id: b, legId: second.id })
    const { trpFdbkReasons } = await tripService.getTripFeedbackReasons(me, {})
    await tripService.setTripFeedback(me, { id: b, remark: 'wrong', trpFdbkReasonIds: [trpFdbkReasons[0].id] })
    const ids = [a, b]
    await refusedUnchanged(ids, () => tripService.splitTrip(me, { id: b, legId: second.id }), 'TRIP_REPORTED')
    await refusedUnchanged(ids, () => tripService.mergeTrips(me, { ids: [a, b] }), 'TRIP_REPORTED')
    await refusedUnchanged(ids, () => tripService.revertEdit(me, { id: b }), 'TRIP_REPORTED')
  })

  test('a way no split or merge made has nothing to undo', async () => {
    const a = await way(nextDay(), [{}])
    await refusedUnchanged([a], () => tripService.revertEdit(me, { id: a }), 'NOTHING_TO_REVERT')
  })

  test('a stale version is refused', async () => {
    const a = await way(nextDay(), [{}, {}])
    const [, second] = await legsOfWay(a)
    const [{ version }] = await db.select({ version: trips.version }).from(trips).where(eq(trips.id, a))
    await refusedUnchanged(
      [a],
      () => tripService.splitTrip(me, { id: a, legId: second.id, version: version - 1 }),
      'TRIP_CHANGED',
    )
    const { trps } = await tripService.splitTrip(me, { id: a, legId: second.id, version })
    // The form that split the way is stale now: the same split again is refused, not done twice.
    await refusedUnchanged(
      [a, trps[1].id],
      () => tripService.splitTrip(me, { id: a, legId: second.id, version }),
      'TRIP_CHANGED',
    )
  })
})

describe('undo keeps what was answered', () => {
  test("a leg's answers and drafts come back with the restored way", async () => {
    const start = nextDay()
    const a = await way(start, [{}, {}])
    const [, second] = await legsOfWay(a)
    await db.insert(answers).values({
      userId: me.user.id,
      questionnaireId: 1,
      scope: `leg:${second.id}`,
      tripId: a,
      legId: second.id,
      questionId: 1,
      answOptId: 1,
      text: 'kept',
    })
    await db.insert(questionnaireDrafts).values({ userId: me.user.id, questionnaireId: 2, scope: `trip:${a}` })
    const kept = {
      answers: await db.select().from(answers).where(eq(answers.userId, me.user.id)),
      drafts: await db.select().from(questionnaireDrafts).where(eq(questionnaireDrafts.userId, me.user.id)),
    }
    const { trps } = await tripService.splitTrip(me, { id: a, legId: second.id })
    await tripService.mergeTrips(me, { ids: [a, trps[1].id] })
    await tripService.revertEdit(me, { id: a })
    await tripService.revertEdit(me, { id: a })
    expect(await db.select().from(answers).where(eq(answers.userId, me.user.id))).toEqual(kept.answers)
    expect(await db.select().from(questionnaireDrafts).where(eq(questionnaireDrafts.userId, me.user.id))).toEqual(
      kept.drafts,
    )
  })
})

describe('HTTP API', () => {
  test('trip.splitTrip, trip.mergeTrips and trip.revertEdit answer as the contract says', async () => {
    const app = { env: testEnv(), database, mailer: memoryMailer() }
    const call = async (methodName: string, params: Record<string, unknown>) =>
      (
        await dispatch(app, JSON.stringify({ serviceName: 'trip', methodName, params }), {
          clientIp: '127.0.0.1',
        })
      ).body.return as Record<string, unknown>
    const login = await dispatch(
      app,
      JSON.stringify({ serviceName: 'user', methodName: 'login', params: { idStr: meEmail, password: 'secret' } }),
      { clientIp: '127.0.0.1' },
    )
    const session = (login.body.return as { session: string }).session
    const start = nextDay()
    const a = await way(start, [{}, { points: 3 }])
    const b = await way(later(start, 40), [{}])
    const [, leg] = await legsOfWay(a)

    const split = await call('splitTrip', { session, id: a, legId: leg.id, pointIdx: 1 })
    const [first, second] = split.trps as { id: number; legs: unknown[] }[]
    expect([first.id, first.legs.length, second.legs.length]).toEqual([a, 2, 1])
    expect(await call('mergeTrips', { session, ids: [a, b] })).toEqual({
      errs: [expect.objectContaining({ constant: 'NOT_ADJACENT' })],
    })
    const merged = await call('mergeTrips', { session, ids: [second.id, b] })
    expect((merged.trp as { id: number; legs: unknown[] }).legs).toHaveLength(2)
    const undone = await call('revertEdit', { session, id: second.id })
    expect((undone.trps as { id: number }[]).map((t) => t.id)).toEqual([second.id, b])
    expect(await call('splitTrip', { session, id: a, legId: leg.id, pointIdx: 0 })).toEqual({
      errs: [expect.objectContaining({ constant: 'INVALID_PARAMS' })],
    })
    expect(await call('revertEdit', { session, id: b })).toEqual({
      errs: [expect.objectContaining({ constant: 'NOTHING_TO_REVERT' })],
    })
  })
})

describe('what the pages offer', () => {
  const detail = async (id: number) => (await tripDetail(me, id)).trip

  test('the list offers a merge between neighbours only, never past a confirmed, reported or hidden way', async () => {
    const start = nextDay()
    const a = await way(start, [{}])
    const b = await way(later(start, 60), [{ tripPurposes: [WORK] }], {
      trip: { validationStatus: true, confirmationStatus: true },
    })
    const c = await way(later(start, 120), [{}])
    const d = await way(later(start, 180), [{}])
    const e = await way(later(start, 240), [{}], { trip: { fdbkAvail: true } })
    const all = await Promise.all([e, d, c, b, a].map(detail))
    const pairs = (r: Awaited<ReturnType<typeof listSegmentation>>) => r.merges.map((m) => [m.earlier.id, m.later.id])
    expect(pairs(await listSegmentation(me, all))).toEqual([[c, d]])
    // The tab of unconfirmed ways hides b: a and c are shown one under the other, but b lies between them.
    expect(
      pairs(
        await listSegmentation(
          me,
          all.filter((t) => t.id !== b),
        ),
      ),
    ).toEqual([[c, d]])
    expect((await listSegmentation(me, all)).undo.size).toBe(0)

    await tripService.mergeTrips(me, { ids: [c, d] })
    const after = await listSegmentation(me, await Promise.all([e, c, b, a].map(detail)))
    expect([...after.undo]).toEqual([[c, 'merge']])
    expect(after.merges).toEqual([])
  })

  test('the way page offers the neighbours of the same day or across midnight, not the next morning', async () => {
    // The ways' clock times are the study's: 23:00 to 23:10, then 00:30 the next day.
    const night = new Date(Date.UTC(2026, 4, 10 + day++, 23, 0))
    const a = await way(night, [{}])
    const b = await way(later(night, 90), [{}])
    // 16:00, then 06:00 the next morning.
    day++
    const evening = new Date(Date.UTC(2026, 4, 10 + day++, 16, 0))
    const c = await way(evening, [{}])
    const d = await way(later(evening, 14 * 60), [{}])
    const view = async (id: number) => segmentationView(me, await detail(id), { legId: null, at: null })
    expect((await view(b)).mergePrevious?.id).toBe(a)
    expect((await view(a)).mergeNext?.id).toBe(b)
    expect((await view(d)).mergePrevious).toBeNull()
    expect((await view(c)).mergeNext).toBeNull()
  })

  test("a tap on a leg's track on the map picks its nearest inner point, named by its time", async () => {
    const start = nextDay()
    const id = await way(start, [{ points: 5 }])
    const trip = await detail(id)
    const [leg] = trip.legs
    const view = await segmentationView(me, trip, { legId: leg.id, at: { lat: 52.5003, lon: 13.3029 } })
    expect(view.picked).toMatchObject({ legId: leg.id, idx: 3, lat: 52.5, lon: leg.geom[3].lon })
    // Three quarters of the leg's length: 7.5 of its 10 minutes (shown to the minute).
    expect(view.picked?.time).toBe(formatDayTime(later(new Date(leg.start), 7.5), me.env.STUDY_TIME_ZONE).slice(11, 16))
    expect(view.cuts?.points.map((p) => p.idx)).toEqual([1, 2])
  })
})
