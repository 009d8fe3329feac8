// Service "trip", the list part: getTrips, getTrip, the report flow (getTripFeedbackReasons,
// setTripFeedback, deleteTripFeedback), no-trip days (setZeroTripDay, setZeroTripDays, deleteZeroTripDay) and deleteTrips.
// Every method works on the caller's own ways only: another participant's id answers TRIP_NOT_FOUND.
import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '~/db/connect.server'
import { confirmedIs } from '~/db/confirmed'
import { preparedFor } from '~/db/prepared.server'
import { campaigns, trips, users, zeroTripDays } from '~/db/schema'
import {
  coveredRange,
  inReview,
  listedDays,
  reviewDays,
  zeroTripDayBlock,
  type Period,
  type ReviewDays,
  type SortOrder,
} from '~/domain/listDays'
import { ANSWER_BOUNDS, leadingWithin } from '~/domain/limits'
import { TRIPS_PAGE_SIZE } from '~/domain/pagination'
import { addDays, dayInZone, dayRangeUtc, daysBetween, parseDay, type Day } from '~/domain/time'
import { listFeedbackReasons, type NamedItem } from '../info.server'
import { importCached } from '../import-cache.server'
import { method, ServiceError, zDay, zId, type AuthedContext, type Empty, type Service } from '../core.server'
import {
  catalogues,
  legsOf,
  ownTrip,
  ownTripRow,
  pointsPerTrip,
  toTripDto,
  type TripDto,
  type TripRow,
} from './model.server'
import { refusal, wayFacts, wayState, type WayAction, type WayState } from '~/domain/wayState'

/** The placeholder the report flow sends as remark (remark is a fixed placeholder for now). */
export const REPORT_REMARK = 'web'

/** Largest from/to range of getTrips, in days. */
const MAX_RANGE_DAYS = 400

/** A boolean param that JSON clients send as true/false and form-like clients as 'true'/'false'. */
const zBool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
const zRealDay = zDay.refine((d) => parseDay(d) != null, 'not a calendar day')

const GetTripsParams = z
  .object({
    /** true: confirmed ways only; false: unconfirmed ways only. */
    validationStatus: zBool.optional(),
    /** true: all questions answered; false: some unanswered. */
    qtnsAnswered: zBool.optional(),
    sortOrder: z
      .string()
      .transform((s) => s.toUpperCase())
      .pipe(z.enum(['DESC', 'ASC']))
      .default('DESC'),
    fetchNext: z.coerce.number().int().min(1).max(ANSWER_BOUNDS.waysPerPage).default(TRIPS_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    from: zRealDay.optional(),
    to: zRealDay.optional(),
    /** Beyond the companion app's params: false leaves out the legs' geometry (geom: []), for list views that draw no map. */
    withGeom: zBool.default(true),
  })
  .passthrough()
  .superRefine((p, ctx) => {
    if ((p.from == null) !== (p.to == null))
      ctx.addIssue({ code: 'custom', path: [p.from == null ? 'from' : 'to'], message: 'give from and to together' })
    if (p.from && p.to && parseDay(p.from) && parseDay(p.to)) {
      const n = daysBetween(p.from, p.to)
      if (n < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' })
      else if (n >= MAX_RANGE_DAYS)
        ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${MAX_RANGE_DAYS} days` })
    }
  })

export interface GetTripsResult {
  /** Every way of the caller that matches the filter (validationStatus, qtnsAnswered; from/to when given). */
  totalNo: number
  /** See docs/decisions/008-no-trip-days.md: the days the returned slice covers, in sortOrder. */
  periods: Period[]
  trps: TripDto[]
}

type CampaignDays = { startDay: Day; endDay: Day } | null

/** The caller's campaign as study-zone days, or null (kept per process for a minute: import-cache.server.ts). */
async function campaignDays(db: DbOrTx, campaignId: number | null, tz: string): Promise<CampaignDays> {
  if (campaignId == null) return null
  return importCached(db, `campaignDays|${campaignId}|${tz}`, async () => {
    const [c] = await db
      .select({ startAt: campaigns.startAt, endAt: campaigns.endAt })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId))
      .limit(1)
    return c ? { startDay: dayInZone(c.startAt, tz), endDay: dayInZone(c.endAt, tz) } : null
  })
}

/** The study-zone day the caller's account was created (never changes, so kept like the campaign's days). */
async function joinedDay(db: DbOrTx, userId: number, tz: string): Promise<Day | null> {
  return importCached(db, `joinedDay|${userId}|${tz}`, async () => {
    const [u] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1)
    return u ? dayInZone(u.createdAt, tz) : null
  })
}

/** The caller's real study days (domain/listDays.ts reviewDays). */
async function reviewWindow(ctx: AuthedContext): Promise<ReviewDays | null> {
  const tz = ctx.env.STUDY_TIME_ZONE
  const [campaign, joined] = await Promise.all([
    campaignDays(ctx.db, ctx.user.campaignId, tz),
    joinedDay(ctx.db, ctx.user.id, tz),
  ])
  return reviewDays(campaign, joined, dayInZone(ctx.now(), tz))
}

async function zeroDaysBetween(db: DbOrTx, userId: number, from: Day, to: Day): Promise<Set<Day>> {
  const rows = await preparedFor(db, 'zero_days_between', () =>
    db
      .select({ day: zeroTripDays.day })
      .from(zeroTripDays)
      .where(
        and(
          eq(zeroTripDays.userId, sql.placeholder('userId')),
          gte(zeroTripDays.day, sql.placeholder('from')),
          lte(zeroTripDays.day, sql.placeholder('to')),
        ),
      )
      .prepare('zero_days_between'),
  ).execute({ userId, from, to })
  return new Set(rows.map((r) => r.day))
}

type Value<T> = T | Placeholder

/**
 * The list filter as SQL; always led by user_id so the (user_id, …) indexes apply. Values may be placeholders (the
 * prepared page query).
 */
function filterOf(
  userId: Value<number>,
  p: { validationStatus?: Value<boolean>; qtnsAnswered?: Value<boolean> },
  range?: { start: Date; end: Date },
): SQL {
  const parts: SQL[] = [eq(trips.userId, userId)]
  if (p.validationStatus != null) parts.push(confirmedIs(p.validationStatus))
  if (p.qtnsAnswered != null) parts.push(eq(trips.allQuestionsAnswered, p.qtnsAnswered))
  if (range) parts.push(gte(trips.startTime, range.start), lt(trips.startTime, range.end))
  return and(...parts)!
}

const orderOf = (order: SortOrder) =>
  order === 'DESC' ? [desc(trips.startTime), desc(trips.id)] : [asc(trips.startTime), asc(trips.id)]

/** The ways matching `where` in `order`, each with the total (count(*) over the same filter, before limit/offset). */
const withTotal = (db: DbOrTx, where: SQL, order: SortOrder) =>
  db
    .select({ trip: trips, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(trips)
    .where(where)
    .orderBy(...orderOf(order))

/** One page of withTotal, prepared per shape of the filter (which statuses it names) and order. */
function pageQuery(db: DbOrTx, p: { validationStatus?: boolean; qtnsAnswered?: boolean }, order: SortOrder) {
  const name = `trips_page_${p.validationStatus == null ? 'x' : 'v'}${p.qtnsAnswered == null ? 'x' : 'q'}_${order}`
  return preparedFor(db, name, () => {
    const where = filterOf(sql.placeholder('userId'), {
      validationStatus: p.validationStatus == null ? undefined : sql.placeholder('validationStatus'),
      qtnsAnswered: p.qtnsAnswered == null ? undefined : sql.placeholder('qtnsAnswered'),
    })
    return withTotal(db, where, order).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(name)
  })
}

/**
 * The ways an answer with their geometry can carry: a page ends early, after at least one way, once its ways hold
 * more points than one answer may (the caller pages on with offset, as after any page); a range of days over it is
 * refused (LIMIT_ANSWER_POINTS), to be asked for in smaller ranges or without geometry.
 */
async function withinPointBudget(db: DbOrTx, rows: TripRow[], withGeom: boolean, isRange: boolean) {
  if (!withGeom || rows.length === 0) return rows
  const points = await pointsPerTrip(
    db,
    rows.map((t) => t.id),
  )
  const sizes = rows.map((t) => points.get(t.id) ?? 0)
  const fit = leadingWithin(sizes, ANSWER_BOUNDS.pointsPerAnswer)
  if (fit === rows.length) return rows
  if (isRange) throw new ServiceError('LIMIT_ANSWER_POINTS', { max: ANSWER_BOUNDS.pointsPerAnswer })
  return rows.slice(0, fit)
}

async function getTripsImpl(ctx: AuthedContext, p: z.output<typeof GetTripsParams>): Promise<GetTripsResult> {
  const tz = ctx.env.STUDY_TIME_ZONE
  const order: SortOrder = p.sortOrder
  const range = p.from && p.to ? { start: dayRangeUtc(p.from, tz).start, end: dayRangeUtc(p.to, tz).end } : undefined
  const where = filterOf(ctx.user.id, p, range)

  // The page and its total in one statement (count(*) over the same filter, before limit/offset).
  const [found, review] = await Promise.all([
    range
      ? withTotal(ctx.db, where, order)
      : pageQuery(ctx.db, p, order).execute({
          userId: ctx.user.id,
          validationStatus: p.validationStatus,
          qtnsAnswered: p.qtnsAnswered,
          limit: p.fetchNext,
          offset: p.offset,
        }),
    reviewWindow(ctx),
  ])
  const rows = await withinPointBudget(
    ctx.db,
    found.map((r) => r.trip),
    p.withGeom,
    !!range,
  )
  const totalNo =
    found.length > 0
      ? found[0].total
      : range || p.offset === 0
        ? 0
        : (await ctx.db.select({ n: count() }).from(trips).where(where))[0].n

  const ids = rows.map((t) => t.id)
  const [legRows, cat] = await Promise.all([legsOf(ctx.db, ids, { geom: p.withGeom }), catalogues(ctx)])
  const trps = rows.map((t) => toTripDto(t, legRows.get(t.id) ?? [], cat, tz))
  // 'YYYY-MM-DD HH:mm' in the study zone: the day a way belongs to.
  const tripDays = trps.map((t) => t.startTime.slice(0, 10))
  const covered = range
    ? { from: p.from!, to: p.to! }
    : coveredRange({ tripDays, order, startsList: p.offset === 0, endsList: p.offset + rows.length >= totalNo, review })
  const days = range ? everyDay(p.from!, p.to!, order) : listedDays(covered, tripDays, review, order)
  // No-trip marks exist on review days only.
  const reviewed = days.filter((d) => inReview(d, review))
  const zeroDays = reviewed.length
    ? await zeroDaysBetween(
        ctx.db,
        ctx.user.id,
        reviewed.reduce((a, b) => (a < b ? a : b)),
        reviewed.reduce((a, b) => (a > b ? a : b)),
      )
    : new Set<Day>()
  const byDay = new Map<Day, number[]>()
  trps.forEach((t, i) => (byDay.get(tripDays[i]) ?? byDay.set(tripDays[i], []).get(tripDays[i])!).push(t.id))
  const periods: Period[] = days.map((day) => ({
    day,
    tripIds: byDay.get(day) ?? [],
    noTrips: zeroDays.has(day),
    inCampaign: inReview(day, review),
  }))
  return { totalNo, periods, trps }
}

function everyDay(from: Day, to: Day, order: SortOrder): Day[] {
  const out: Day[] = []
  for (let d = from, n = daysBetween(from, to); n >= 0; d = addDays(d, 1), n--) out.push(d)
  return order === 'DESC' ? out.reverse() : out
}

/** The way's state (domain/wayState.ts) from its row, reading its legs. */
async function stateOfRow(db: DbOrTx, t: TripRow) {
  return wayState(wayFacts(t, (await legsOf(db, [t.id], { geom: false })).get(t.id) ?? []))
}

/** Refuses (TRIP_CONFIRMED, TRIP_REPORTED, WRONG_STEP) what the way's state does not allow. */
function assertAllows(state: WayState, action: WayAction, details?: Record<string, unknown>) {
  if (!state.allows[action]) throw new ServiceError(refusal(state.state), details)
}

/**
 * Marks every day from `from` to `to` as a day without ways, in one transaction: first checks each day
 * (zeroTripDayBlock, the ways counted inside the transaction), then marks them all; a refused day throws before
 * anything is written. Days already marked stay marked.
 */
async function markZeroTripDays(ctx: AuthedContext, from: Day, to: Day): Promise<Day[]> {
  const tz = ctx.env.STUDY_TIME_ZONE
  const review = await reviewWindow(ctx)
  const days = everyDay(from, to, 'ASC')
  const range = { start: dayRangeUtc(from, tz).start, end: dayRangeUtc(to, tz).end }
  await ctx.db.transaction(async (tx) => {
    const starts = await tx
      .select({ start: trips.startTime })
      .from(trips)
      .where(filterOf(ctx.user.id, {}, range))
    const withWays = new Set(starts.map((r) => dayInZone(r.start, tz)))
    for (const day of days) {
      const block = zeroTripDayBlock(day, review, ctx.user.campaignId != null, withWays.has(day))
      if (block) throw new ServiceError(block, days.length > 1 ? { day } : undefined)
    }
    await tx
      .insert(zeroTripDays)
      .values(days.map((day) => ({ userId: ctx.user.id, day })))
      .onConflictDoNothing()
  })
  return days
}

export const tripListMethods = {
  /**
   * The caller's ways, newest first by default. Paged (offset, fetchNext) or a range of days (from/to, inclusive,
   * in the study's time zone). Returns { totalNo, periods, trps } (see GetTripsResult).
   */
  getTrips: method({
    params: GetTripsParams,
    run: (p, ctx): Promise<GetTripsResult> => getTripsImpl(ctx, p),
  }),

  getTrip: method({
    params: z.object({ id: zId }).passthrough(),
    async run({ id }, ctx): Promise<{ trp: TripDto }> {
      return { trp: await ownTrip(ctx, id) }
    },
  }),

  getTripFeedbackReasons: method({
    params: z.object({}).passthrough(),
    async run(_p, ctx): Promise<{ trpFdbkReasons: NamedItem[] }> {
      return { trpFdbkReasons: await listFeedbackReasons(ctx) }
    },
  }),

  /** Report a way as faulty: one or more reasons of the caller's campaign. A confirmed way cannot be reported. */
  setTripFeedback: method({
    params: z
      .object({
        id: zId,
        remark: z.string().max(2000).nullish(),
        trpFdbkReasonIds: z.array(zId).max(50).default([]),
      })
      .passthrough(),
    async run({ id, remark, trpFdbkReasonIds }, ctx): Promise<Empty> {
      const reasonIds = [...new Set(trpFdbkReasonIds)]
      if (reasonIds.length === 0) throw new ServiceError('REASONS_REQUIRED', { path: 'trpFdbkReasonIds' })
      const known = new Set((await listFeedbackReasons(ctx)).map((r) => r.id))
      if (reasonIds.some((r) => !known.has(r))) throw new ServiceError('UNKNOWN_REASON', { path: 'trpFdbkReasonIds' })
      await ctx.db.transaction(async (tx) => {
        const t = await ownTripRow(tx, ctx.user.id, id, { forUpdate: true })
        assertAllows(await stateOfRow(tx, t), 'report')
        await tx
          .update(trips)
          .set({
            fdbkAvail: true,
            fdbkReasonIds: reasonIds,
            fdbkRemark: remark ?? REPORT_REMARK,
            version: t.version + 1,
          })
          .where(eq(trips.id, t.id))
      })
      return {}
    },
  }),

  /** Withdraw a report: the way can be edited again. */
  deleteTripFeedback: method({
    params: z.object({ id: zId }).passthrough(),
    async run({ id }, ctx): Promise<Empty> {
      await ctx.db.transaction(async (tx) => {
        const t = await ownTripRow(tx, ctx.user.id, id, { forUpdate: true })
        if (!t.fdbkAvail) throw new ServiceError('TRIP_NOT_REPORTED')
        assertAllows(await stateOfRow(tx, t), 'withdrawReport')
        await tx
          .update(trips)
          .set({ fdbkAvail: false, fdbkReasonIds: [], fdbkRemark: null, version: t.version + 1 })
          .where(eq(trips.id, t.id))
      })
      return {}
    },
  }),

  /** Confirm a day without ways (a campaign day, not in the future, without ways). Idempotent. */
  setZeroTripDay: method({
    params: z.object({ day: zRealDay }).passthrough(),
    async run({ day }, ctx): Promise<{ day: string }> {
      await markZeroTripDays(ctx, day, day)
      return { day }
    },
  }),

  /**
   * An addition to the single-day method: confirm every day from `from` to `to` (inclusive) as a day without ways, all or nothing — the
   * list's card for several days without ways in a row. Each day must be one setZeroTripDay accepts; the first that
   * is not refuses the whole range (details.day) and nothing is marked. Idempotent. Returns the days, oldest first.
   */
  setZeroTripDays: method({
    params: z
      .object({ from: zRealDay, to: zRealDay })
      .passthrough()
      .superRefine((p, ctx) => {
        if (!parseDay(p.from) || !parseDay(p.to)) return
        const n = daysBetween(p.from, p.to)
        if (n < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' })
        else if (n >= MAX_RANGE_DAYS)
          ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${MAX_RANGE_DAYS} days` })
      }),
    async run({ from, to }, ctx) {
      return { days: await markZeroTripDays(ctx, from, to) }
    },
  }),

  /** Take back the mark of a day without ways (idempotent: an unmarked day stays unmarked). */
  deleteZeroTripDay: method({
    params: z.object({ day: zRealDay }).passthrough(),
    async run({ day }, ctx): Promise<{ day: string }> {
      await ctx.db.delete(zeroTripDays).where(and(eq(zeroTripDays.userId, ctx.user.id), eq(zeroTripDays.day, day)))
      return { day }
    },
  }),

  /** Delete own ways that are neither confirmed nor reported; all or nothing. */
  deleteTrips: method({
    params: z.object({ trpIds: z.array(zId).min(1).max(1000) }).passthrough(),
    async run({ trpIds }, ctx): Promise<Empty> {
      const ids = [...new Set(trpIds)]
      await ctx.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(trips)
          .where(and(eq(trips.userId, ctx.user.id), inArray(trips.id, ids)))
          .orderBy(asc(trips.id))
          .for('update')
        if (rows.length !== ids.length) throw new ServiceError('TRIP_NOT_FOUND')
        for (const t of rows) assertAllows(await stateOfRow(tx, t), 'deleteWay', { id: t.id })
        await tx.delete(trips).where(and(eq(trips.userId, ctx.user.id), inArray(trips.id, ids)))
      })
      return {}
    },
  }),
} satisfies Service
