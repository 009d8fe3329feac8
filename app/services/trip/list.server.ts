// Service "trip", the list part: getTrips and getTrip (the caller's ways, paged or by a range of days, with the days
// they cover and which of them are marked without ways), and deleteTrips. The report flow is trip/report.server.ts,
// no-trip days trip/no-trip-days.server.ts, the real study days trip/study-days.server.ts.
// Every method works on the caller's own ways only: another participant's id answers TRIP_NOT_FOUND.
import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '~/db/connect.server'
import { confirmedIs } from '~/db/confirmed'
import { preparedFor } from '~/db/prepared.server'
import { trips, zeroTripDays } from '~/db/schema'
import { coveredRange, inReview, listedDays, type Period, type SortOrder } from '~/domain/listDays'
import { ANSWER_BOUNDS, leadingWithin } from '~/domain/limits'
import { TRIPS_PAGE_SIZE } from '~/domain/pagination'
import { dayRangeUtc, daysBetween, parseDay, type Day } from '~/domain/time'
import { method, ServiceError, zId, type AuthedContext, type Empty, type Service } from '../core.server'
import { participantCached } from '../participant-cache.server'
import { assertAllows, stateOfRow } from './checks.server'
import {
  catalogues,
  legsOf,
  ownTrip,
  pointsPerTrip,
  toTripDto,
  weightOfWays,
  type TripDto,
  type TripRow,
} from './model.server'
import { everyDay, MAX_RANGE_DAYS, reviewWindow, zRealDay } from './study-days.server'

/** A boolean param that JSON clients send as true/false and form-like clients as 'true'/'false'. */
const zBool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
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
export function filterOf(
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

/**
 * One page of the ways matching the filter, each with the filter's total, prepared per shape of the filter (which
 * statuses it names) and order. The total is a count of its own inside the statement: a window count over the page
 * would read every matching way in full to return ten.
 */
function pageQuery(db: DbOrTx, p: { validationStatus?: boolean; qtnsAnswered?: boolean }, order: SortOrder) {
  const name = `trips_page_${p.validationStatus == null ? 'x' : 'v'}${p.qtnsAnswered == null ? 'x' : 'q'}_${order}`
  return preparedFor(db, name, () => {
    const where = filterOf(sql.placeholder('userId'), {
      validationStatus: p.validationStatus == null ? undefined : sql.placeholder('validationStatus'),
      qtnsAnswered: p.qtnsAnswered == null ? undefined : sql.placeholder('qtnsAnswered'),
    })
    const total = db.select({ n: count() }).from(trips).where(where)
    return db
      .select({ trip: trips, total: sql<number>`(${total})`.mapWith(Number) })
      .from(trips)
      .where(where)
      .orderBy(...orderOf(order))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name)
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

/** The params that shape an answer (others a client sends along are ignored), as a key. */
const keyOf = (p: z.output<typeof GetTripsParams>) =>
  [p.validationStatus, p.qtnsAnswered, p.sortOrder, p.fetchNext, p.offset, p.from, p.to, p.withGeom].join('|')

export const tripListMethods = {
  /**
   * The caller's ways, newest first by default. Paged (offset, fetchNext) or a range of days (from/to, inclusive,
   * in the study's time zone). Returns { totalNo, periods, trps } (see GetTripsResult).
   */
  getTrips: method({
    readsOnly: true,
    params: GetTripsParams,
    run: (p, ctx): Promise<GetTripsResult> =>
      participantCached(
        ctx,
        `getTrips:${keyOf(p)}`,
        () => getTripsImpl(ctx, p),
        (r) => weightOfWays(r.trps) + r.periods.reduce((sum, d) => sum + 120 + 8 * d.tripIds.length, 0),
      ),
  }),

  getTrip: method({
    readsOnly: true,
    params: z.object({ id: zId }).passthrough(),
    async run({ id }, ctx): Promise<{ trp: TripDto }> {
      return participantCached(
        ctx,
        `getTrip:${id}`,
        async () => ({ trp: await ownTrip(ctx, id) }),
        (r) => weightOfWays([r.trp]),
      )
    },
  }),
} satisfies Service

export const tripDeleteMethods = {
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
