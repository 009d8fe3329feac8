// The list part of the trip service against a real database (PGlite; PostgreSQL with TEST_DB_KIND=postgres):
// paging with the overlap row, filters, totalNo, from/to, periods, no-trip days, the report flow, deleteTrips, and
// that another participant's id never reaches their data.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { asSessionUser, serviceContext, testDatabase } from '../../../tests/db'
import type { Database } from '~/db/connect.server'
import { seedDemoIfEmpty, OTHER_LOGIN } from '~/services/seed-demo.server'
import { legs, trips, users, zeroTripDays } from '~/db/schema'
import { addDays, dayInZone } from '~/domain/time'
import { pageCount, pageFetch, splitOverlap } from '~/domain/pagination'
import { createUser, importTrips } from '../import.server'
import { ServiceError, type ServiceContext } from '../core.server'
import { tripService } from '../trip.server'
import type { GetTripsResult } from './list.server'

const TZ = 'Europe/Berlin'
const NOW = new Date('2026-03-10T11:00:00Z') // 12:00 in Berlin
const TODAY = dayInZone(NOW, TZ)

let database: Database
let ctxA: ServiceContext
let ctxB: ServiceContext
let ctxNoCampaign: ServiceContext
/** A's ways, newest first (start desc, id desc). */
let aIds: number[] = []
let bIds: number[] = []
const aByKind: Record<string, number> = {}

type TripIn = Record<string, unknown>
const way = (day: string, hm: string, extra: TripIn = {}, minutes = 30): TripIn => {
  const [h, m] = hm.split(':').map(Number)
  const end = h * 60 + m + minutes
  const endDay = end >= 24 * 60 ? addDays(day, 1) : day
  const e = end % (24 * 60)
  const pad = (n: number) => String(n).padStart(2, '0')
  return {
    legs: [
      {
        startTime: `${day} ${hm}`,
        endTime: `${endDay} ${pad(Math.floor(e / 60))}:${pad(e % 60)}`,
        len: 1500,
        tfcModes: ['WALK'],
        tripPurposes: [1],
      },
    ],
    ...extra,
  }
}

// Unless told otherwise, joined before the campaign began: every campaign day up to yesterday is a study day.
async function user(email: string, campaignId: number | null, joinedAt = new Date('2026-01-01T00:00:00Z')) {
  const u = await createUser(database.db, { email, password: 'secret', verified: true, campaignId, joinedAt })
  const [row] = await database.db.select().from(users).where(eq(users.id, u.id))
  return serviceContext(database, { user: asSessionUser(row), now: NOW })
}

async function expectError(p: Promise<unknown>, constant: string) {
  await expect(p).rejects.toSatisfy((e: unknown) => e instanceof ServiceError && e.constant === constant)
}

beforeAll(async () => {
  database = await testDatabase()
  await seedDemoIfEmpty(database.db, NOW, { timeZone: TZ })
  ctxA = await user('a@example.org', 1)
  ctxNoCampaign = await user('nocampaign@example.org', null)
  const [other] = await database.db.select().from(users).where(eq(users.email, OTHER_LOGIN.email))
  ctxB = serviceContext(database, { user: asSessionUser(other), now: NOW })

  // 25 ways for A over the last days: several per day, two with the same start (the id decides), a gap day
  // (today-3), a late way crossing midnight and the four statuses.
  const file: TripIn[] = []
  const days = [0, 1, 2, 4, 5, 6, 7, 8, 9]
  for (const d of days) {
    const day = addDays(TODAY, -d)
    const hours = d === 0 ? ['07:00', '09:00'] : ['07:00', '08:00', '18:00']
    for (const hm of hours) file.push(way(day, hm))
  }
  file.push(way(addDays(TODAY, -5), '08:00')) // same start as another way that day
  file.push(way(addDays(TODAY, -6), '23:50', {}, 40)) // ends the next day
  const kinds: [string, TripIn][] = [
    ['confirmed', { validationStatus: true, confirmationStatus: true, allQuestionsAnswered: true }],
    ['qtnsUnanswered', { validationStatus: true, allQuestionsAnswered: false, qtnAnswered: false }],
    ['reported', { fdbkAvail: true, trpFdbkReasonIds: [2] }],
  ]
  kinds.forEach(([, extra], i) => Object.assign(file[i + 3], extra))
  const imported = await importTrips(database.db, { email: 'a@example.org', trips: file }, { timeZone: TZ })
  kinds.forEach(([k], i) => (aByKind[k] = imported.tripIds[i + 3]))
  aByKind.unconfirmed = imported.tripIds[0]
  const rows = await database.db
    .select({ id: trips.id, start: trips.startTime })
    .from(trips)
    .where(inArray(trips.id, imported.tripIds))
  aIds = rows.sort((x, y) => y.start.getTime() - x.start.getTime() || y.id - x.id).map((r) => r.id)
  bIds = (await database.db.select({ id: trips.id }).from(trips).where(eq(trips.userId, ctxB.user!.id))).map(
    (r) => r.id,
  )
})
afterAll(() => database.close())

const getTrips = (ctx: ServiceContext, p: Parameters<typeof tripService.getTrips>[1] = {}): Promise<GetTripsResult> =>
  tripService.getTrips(ctx, p)

describe('getTrips: paging', () => {
  test('defaults: newest first, 10 ways, totalNo counts all', async () => {
    const r = await getTrips(ctxA)
    expect(r.totalNo).toBe(aIds.length)
    expect(r.trps.map((t) => t.id)).toEqual(aIds.slice(0, 10))
    expect(r.trps[0]).toMatchObject({ startTime: `${TODAY} 09:00`, status: 'unconfirmed', distance: 1500 })
  })

  test.each([3, 4, 10, 7])('pages of %i with the overlap row: no way missing or shown twice', async (limit) => {
    const seen: number[] = []
    const total = aIds.length
    for (let page = 1; page <= pageCount(total, limit); page++) {
      const r = await getTrips(ctxA, { ...pageFetch(page, limit) })
      expect(r.totalNo).toBe(total)
      const { previous, items } = splitOverlap(r.trps, page)
      if (page > 1) expect(previous?.id).toBe(seen.at(-1))
      seen.push(...items.map((t) => t.id))
    }
    expect(seen).toEqual(aIds)
  })

  test('ASC, offset, and past the end', async () => {
    const asc = await getTrips(ctxA, { sortOrder: 'ASC', fetchNext: 5, offset: 2 })
    expect(asc.trps.map((t) => t.id)).toEqual([...aIds].reverse().slice(2, 7))
    const past = await getTrips(ctxA, { offset: 100 })
    expect(past).toEqual({ totalNo: aIds.length, periods: [], trps: [] })
  })

  test('filters: validationStatus and qtnsAnswered, totalNo with the same filter', async () => {
    const unconfirmed = await getTrips(ctxA, { validationStatus: false, fetchNext: 100 })
    expect(unconfirmed.totalNo).toBe(aIds.length - 2)
    expect(unconfirmed.trps.every((t) => !t.validationStatus)).toBe(true)
    expect(unconfirmed.trps.map((t) => t.id)).toContain(aByKind.reported)
    const confirmed = await getTrips(ctxA, { validationStatus: true, qtnsAnswered: true })
    expect(confirmed.trps.map((t) => [t.id, t.status])).toEqual([[aByKind.confirmed, 'confirmed']])
    const open = await getTrips(ctxA, { validationStatus: 'true', qtnsAnswered: 'false' })
    expect(open.trps.map((t) => [t.id, t.status])).toEqual([[aByKind.qtnsUnanswered, 'questionnairesUnanswered']])
    expect(open.totalNo).toBe(1)
  })

  // A page of a participant with thousands of ways reads ten index entries; a sort would read every way first.
  test.each([
    ['newest first', [desc(trips.startTime), desc(trips.id)]],
    ['oldest first', [asc(trips.startTime), asc(trips.id)]],
  ] as const)('a page %s reads the index in order, without sorting', async (_, order) => {
    const query = database.db
      .select()
      .from(trips)
      .where(eq(trips.userId, ctxA.user!.id))
      .orderBy(...order)
      .limit(10)
      .toSQL()
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`)
      await tx.execute(sql`set local enable_seqscan = off`)
      const text = query.sql.replace(/\$(\d+)/g, (_m, i: string) => String(query.params[Number(i) - 1]))
      const r = await tx.execute(sql.raw(`explain ${text}`))
      const rows = (r as { rows?: Record<string, string>[] }).rows ?? (r as unknown as Record<string, string>[])
      return rows.map((x) => x['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain('trips_user_start_idx')
    expect(plan).not.toMatch(/\bSort\b/)
  })

  test('bad params answer INVALID_PARAMS', async () => {
    await expectError(getTrips(ctxA, { fetchNext: 0 }), 'INVALID_PARAMS')
    await expectError(getTrips(ctxA, { sortOrder: 'UP' }), 'INVALID_PARAMS')
    await expectError(getTrips(ctxA, { from: '2026-03-01' }), 'INVALID_PARAMS')
    await expectError(getTrips(ctxA, { from: '2026-03-05', to: '2026-03-01' }), 'INVALID_PARAMS')
    await expectError(getTrips(ctxA, { from: '2026-02-30', to: '2026-03-01' }), 'INVALID_PARAMS')
    await expectError(tripService.getTrips(serviceContext(database), {}), 'SESSION_NOT_SET')
  })
})

describe('getTrips: from/to and periods', () => {
  test('from/to are inclusive study-zone days; a way belongs to the day it starts on', async () => {
    const d6 = addDays(TODAY, -6)
    const r = await getTrips(ctxA, { from: d6, to: d6 })
    expect(r.trps.map((t) => t.startTime)).toEqual([`${d6} 23:50`, `${d6} 18:00`, `${d6} 08:00`, `${d6} 07:00`])
    expect(r.totalNo).toBe(4)
    expect(r.trps[0].endTime).toBe(`${addDays(d6, 1)} 00:30`)
    const two = await getTrips(ctxA, { from: addDays(TODAY, -4), to: addDays(TODAY, -2), sortOrder: 'ASC' })
    expect(two.periods.map((p) => [p.day, p.tripIds.length])).toEqual([
      [addDays(TODAY, -4), 3],
      [addDays(TODAY, -3), 0],
      [addDays(TODAY, -2), 3],
    ])
    expect(two.trps.map((t) => t.startTime.slice(0, 10))).toEqual([
      ...Array(3).fill(addDays(TODAY, -4)),
      ...Array(3).fill(addDays(TODAY, -2)),
    ])
  })

  test('page 1 covers up to today; the last page down to the campaign start; empty days are flagged', async () => {
    const first = await getTrips(ctxA, { fetchNext: 10 })
    // Today is not over yet: not a study day (its ways are listed all the same).
    expect(first.periods[0]).toMatchObject({ day: TODAY, inCampaign: false })
    const byDay = Object.fromEntries(first.periods.map((p) => [p.day, p]))
    expect(byDay[addDays(TODAY, -3)]).toEqual({
      day: addDays(TODAY, -3),
      tripIds: [],
      noTrips: false,
      inCampaign: true,
    })
    expect(first.periods.flatMap((p) => p.tripIds)).toEqual(first.trps.map((t) => t.id))
    const last = await getTrips(ctxA, { fetchNext: 10, offset: 20 })
    expect(last.periods.at(-1)?.day).toBe(addDays(TODAY, -28))
    expect(last.periods.every((p, i, a) => i === 0 || p.day < a[i - 1].day)).toBe(true)
  })

  test('a participant without ways: the campaign days up to yesterday; without a campaign: nothing', async () => {
    const fresh = await user('fresh@example.org', 1)
    const r = await getTrips(fresh)
    expect(r.totalNo).toBe(0)
    expect(r.periods).toHaveLength(28)
    expect(r.periods[0]).toEqual({ day: addDays(TODAY, -1), tripIds: [], noTrips: false, inCampaign: true })
    expect(await getTrips(ctxNoCampaign)).toEqual({ totalNo: 0, periods: [], trps: [] })
  })

  test('a late joiner: only the days from joining up to yesterday, none before the account existed', async () => {
    const late = await user('late@example.org', 1, new Date(NOW.getTime() - 5 * 86_400_000))
    const r = await getTrips(late)
    expect(r.periods.map((p) => p.day)).toEqual([-1, -2, -3, -4, -5].map((n) => addDays(TODAY, n)))
    await expectError(tripService.setZeroTripDay(late, { day: addDays(TODAY, -6) }), 'DAY_OUT_OF_RANGE')
    await expectError(tripService.setZeroTripDay(late, { day: TODAY }), 'DAY_OUT_OF_RANGE')
    expect(await tripService.setZeroTripDay(late, { day: addDays(TODAY, -5) })).toEqual({ day: addDays(TODAY, -5) })
  })
})

describe('setZeroTripDay', () => {
  test('a campaign day without ways, up to today; idempotent; shown in periods', async () => {
    const day = addDays(TODAY, -3)
    expect(await tripService.setZeroTripDay(ctxA, { day })).toEqual({ day })
    expect(await tripService.setZeroTripDay(ctxA, { day })).toEqual({ day })
    const r = await getTrips(ctxA, { from: day, to: day })
    expect(r.periods).toEqual([{ day, tripIds: [], noTrips: true, inCampaign: true }])
  })
  test.each([
    ['a day with ways', () => addDays(TODAY, -2), 'DAY_HAS_TRIPS'],
    ['tomorrow', () => addDays(TODAY, 1), 'DAY_OUT_OF_RANGE'],
    ['before the campaign', () => addDays(TODAY, -29), 'DAY_OUT_OF_RANGE'],
    ['not a calendar day', () => '2026-02-30', 'INVALID_PARAMS'],
    ['not YYYY-MM-DD', () => '10.03.2026', 'INVALID_PARAMS'],
  ])('%s → %s', async (_name, day, constant) => {
    await expectError(tripService.setZeroTripDay(ctxA, { day: day() }), constant)
  })
  test('without a campaign → NO_CAMPAIGN', async () => {
    await expectError(tripService.setZeroTripDay(ctxNoCampaign, { day: TODAY }), 'NO_CAMPAIGN')
  })
  test('a day counts per participant: B’s ways do not block A, A’s mark does not show for B', async () => {
    const fresh = await user('zero@example.org', 1)
    await tripService.setZeroTripDay(fresh, { day: addDays(TODAY, -1) })
    const rows = await database.db
      .select()
      .from(zeroTripDays)
      .where(eq(zeroTripDays.day, addDays(TODAY, -1)))
    expect(rows.map((r) => r.userId)).toEqual([fresh.user!.id])
  })
})

describe('setZeroTripDays: several days without ways in one go', () => {
  const d = (n: number) => addDays(TODAY, n)
  let ctx: ServiceContext
  const marked = async (from: string, to: string) =>
    (await getTrips(ctx, { from, to, sortOrder: 'ASC' })).periods.filter((p) => p.noTrips).map((p) => p.day)
  async function refused(p: Promise<unknown>, constant: string, day?: string) {
    await expect(p).rejects.toSatisfy(
      (e: unknown) => e instanceof ServiceError && e.constant === constant && (day == null || e.details?.day === day),
    )
  }
  beforeAll(async () => {
    ctx = await user('run@example.org', 1)
    await importTrips(database.db, { email: 'run@example.org', trips: [way(d(-5), '08:00')] }, { timeZone: TZ })
  })

  test('marks every day of the range, in one transaction; idempotent', async () => {
    const transaction = vi.spyOn(ctx.db, 'transaction')
    try {
      expect(await tripService.setZeroTripDays(ctx, { from: d(-4), to: d(-1) })).toEqual({
        days: [d(-4), d(-3), d(-2), d(-1)],
      })
      expect(transaction).toHaveBeenCalledTimes(1)
    } finally {
      transaction.mockRestore()
    }
    expect(await marked(d(-6), d(0))).toEqual([d(-4), d(-3), d(-2), d(-1)])
    await tripService.setZeroTripDays(ctx, { from: d(-3), to: d(-1) })
    expect(await marked(d(-6), d(0))).toEqual([d(-4), d(-3), d(-2), d(-1)])
    // Each mark can still be taken back by itself.
    await tripService.deleteZeroTripDay(ctx, { day: d(-3) })
    expect(await marked(d(-6), d(0))).toEqual([d(-4), d(-2), d(-1)])
  })

  test.each([
    ['a day with ways at the end', -7, -5, 'DAY_HAS_TRIPS', -5],
    ['a day with ways in the middle', -6, -4, 'DAY_HAS_TRIPS', -5],
    ['reaching into today', -1, 0, 'DAY_OUT_OF_RANGE', 0],
    ['starting before the campaign', -30, -27, 'DAY_OUT_OF_RANGE', -30],
  ])('%s → %s for that day, nothing marked', async (_name, from, to, constant, day) => {
    const before = await marked(d(-30), d(0))
    await refused(tripService.setZeroTripDays(ctx, { from: d(from), to: d(to) }), constant, d(day))
    expect(await marked(d(-30), d(0))).toEqual(before)
  })

  test.each([
    ['to before from', () => ({ from: d(-1), to: d(-3) })],
    ['not a calendar day', () => ({ from: '2026-02-30', to: d(-1) })],
    ['missing to', () => ({ from: d(-1) })],
    ['more than the longest range', () => ({ from: addDays(TODAY, -500), to: d(-1) })],
  ])('%s → INVALID_PARAMS', async (_name, params) => {
    await refused(tripService.setZeroTripDays.invoke(ctx, params()), 'INVALID_PARAMS')
  })

  test('without a campaign → NO_CAMPAIGN', async () => {
    await refused(tripService.setZeroTripDays(ctxNoCampaign, { from: d(-2), to: d(-1) }), 'NO_CAMPAIGN')
  })
})

describe('report flow', () => {
  test('getTripFeedbackReasons: the campaign’s reasons in the caller’s language', async () => {
    const r = (await tripService.getTripFeedbackReasons({ ...ctxA, locale: 'en_US' }, {})) as {
      trpFdbkReasons: { id: number; name: string }[]
    }
    expect(r.trpFdbkReasons.map((x) => x.id)).toEqual([1, 2, 3, 4, 5])
    expect(r.trpFdbkReasons[1].name).toBe('Way never made')
  })
  test('report needs known reasons, not a confirmed way; withdraw undoes it', async () => {
    const id = aByKind.unconfirmed
    await expectError(
      tripService.setTripFeedback(ctxA, { id, remark: 'web', trpFdbkReasonIds: [] }),
      'REASONS_REQUIRED',
    )
    await expectError(
      tripService.setTripFeedback(ctxA, { id, remark: 'web', trpFdbkReasonIds: [1, 999] }),
      'UNKNOWN_REASON',
    )
    await expectError(
      tripService.setTripFeedback(ctxA, { id: aByKind.confirmed, trpFdbkReasonIds: [1] }),
      'TRIP_CONFIRMED',
    )
    await expectError(
      tripService.setTripFeedback(ctxA, { id: aByKind.qtnsUnanswered, trpFdbkReasonIds: [1] }),
      'TRIP_CONFIRMED',
    )
    await tripService.setTripFeedback(ctxA, { id, remark: 'web', trpFdbkReasonIds: [1, 3, 3] })
    const { trp } = (await tripService.getTrip(ctxA, { id })) as {
      trp: { fdbkAvail: boolean; trpFdbkReasonIds: number[]; status: string }
    }
    expect(trp).toMatchObject({ fdbkAvail: true, trpFdbkReasonIds: [1, 3], status: 'reported' })
    await tripService.deleteTripFeedback(ctxA, { id })
    const after = (await tripService.getTrip(ctxA, { id })) as { trp: { fdbkAvail: boolean; status: string } }
    expect(after.trp).toMatchObject({ fdbkAvail: false, status: 'unconfirmed' })
    await expectError(tripService.deleteTripFeedback(ctxA, { id }), 'TRIP_NOT_REPORTED')
  })
})

describe('deleteTrips: own, not confirmed or reported, all or nothing', () => {
  test('a confirmed or reported way in the list deletes nothing', async () => {
    const own = aIds.filter((id) => !Object.values(aByKind).includes(id)).slice(-2)
    await expectError(tripService.deleteTrips(ctxA, { trpIds: [...own, aByKind.confirmed] }), 'TRIP_CONFIRMED')
    await expectError(tripService.deleteTrips(ctxA, { trpIds: [...own, aByKind.reported] }), 'TRIP_REPORTED')
    expect(await database.db.select({ id: trips.id }).from(trips).where(inArray(trips.id, own))).toHaveLength(2)
  })
  test('deletes the ways and their legs', async () => {
    const fresh = await user('del@example.org', 1)
    const { tripIds } = await importTrips(
      database.db,
      { email: 'del@example.org', trips: [way(TODAY, '06:00'), way(TODAY, '07:00')] },
      { timeZone: TZ },
    )
    await tripService.deleteTrips(fresh, { trpIds: tripIds })
    expect(await database.db.select().from(trips).where(inArray(trips.id, tripIds))).toEqual([])
    expect(await database.db.select().from(legs).where(inArray(legs.tripId, tripIds))).toEqual([])
    expect(await tripService.deleteTrips(fresh, { trpIds: [] }).catch((e: ServiceError) => e.constant)).toBe(
      'INVALID_PARAMS',
    )
  })
})

describe('ownership: another participant’s id answers TRIP_NOT_FOUND and changes nothing', () => {
  test('every method with an id', async () => {
    const theirs = bIds[0]
    const snapshot = async () => (await database.db.select().from(trips).where(eq(trips.id, theirs)))[0]
    const before = await snapshot()
    expect(before).toBeDefined()
    await expectError(tripService.getTrip(ctxA, { id: theirs }), 'TRIP_NOT_FOUND')
    await expectError(
      tripService.setTripFeedback(ctxA, { id: theirs, remark: 'web', trpFdbkReasonIds: [1] }),
      'TRIP_NOT_FOUND',
    )
    await expectError(tripService.deleteTripFeedback(ctxA, { id: theirs }), 'TRIP_NOT_FOUND')
    await expectError(tripService.deleteTrips(ctxA, { trpIds: [theirs] }), 'TRIP_NOT_FOUND')
    await expectError(tripService.deleteTrips(ctxA, { trpIds: [aIds.at(-1)!, theirs] }), 'TRIP_NOT_FOUND')
    await expectError(tripService.getTrip(ctxA, { id: 2_000_000_000 }), 'TRIP_NOT_FOUND')
    expect(await snapshot()).toEqual(before)
    expect(
      await database.db
        .select({ id: trips.id })
        .from(trips)
        .where(eq(trips.id, aIds.at(-1)!)),
    ).toHaveLength(1)
  })
  test('lists and ranges never contain another participant’s ways', async () => {
    const all = await getTrips(ctxA, { fetchNext: 100 })
    expect(all.trps.some((t) => bIds.includes(t.id))).toBe(false)
    const range = await getTrips(ctxA, { from: addDays(TODAY, -28), to: TODAY })
    expect(range.trps.some((t) => bIds.includes(t.id))).toBe(false)
    expect(range.totalNo).toBe(all.totalNo)
  })
})
