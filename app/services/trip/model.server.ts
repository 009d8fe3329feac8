// Trips and legs as the API's entities (Trip, Leg), loaded for their owner only.
// Shared by every part of the trip service (list, detail editing, manual ways) and the exports.
import { and, asc, count, eq, getTableColumns, gte, inArray, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { preparedFor } from '~/db/prepared.server'
import { legs, trips, zeroTripDays, type LatLon } from '~/db/schema'
import { LIMITS } from '~/domain/limits'
import type { LabelSource } from '~/domain/provenance'
import { dayInZone, dayRangeUtc, formatDayTime, type Day } from '~/domain/time'
import { tripName } from '~/domain/tripName'
import { isConfirmed, wayFacts, wayState, type WayState, type WayStatus } from '~/domain/wayState'
import { listTrafficModes, listTripPurposes } from '../info.server'
import { ServiceError, type ServiceContext } from '../core.server'

export type TripRow = typeof trips.$inferSelect
export type LegRow = typeof legs.$inferSelect

export interface LegDto {
  id: number
  idx: number
  /** 'YYYY-MM-DD HH:mm' in the study's time zone. */
  startTime: string
  endTime: string
  /** ISO 8601 instants, for computing. */
  start: string
  end: string
  len: number | null
  geom: LatLon[]
  tfcModes: { constant: string; name: string }[]
  detectedModes: string[]
  tripPurposes: { id: number; name: string }[]
  validationStatus: boolean
  qtnsAnswered: boolean
  metaDataRecs: { key: string; val: string }[]
  startPoi: Record<string, unknown> | null
  endPoi: Record<string, unknown> | null
  isStart: boolean
  isEnd: boolean
}

export interface TripDto {
  id: number
  name: string
  /** The stored name (null: derived from purposes). */
  ownName: string | null
  objId: string | null
  creationType: string
  creationTime: string
  fdbkAvail: boolean
  trpFdbkReasonIds: number[]
  startTime: string
  endTime: string
  start: string
  end: string
  distance: number | null
  /** milliseconds */
  duration: number
  validationStatus: boolean
  /** Confirmed by the one rule (isConfirmed), not the stored flag alone. */
  confirmationStatus: boolean
  qtnAnswered: boolean
  allQuestionsAnswered: boolean
  /** The list's status badge (way.status). */
  status: WayStatus
  /** The way's state, step and allowed actions (domain/wayState.ts): what list, detail page and API offer. */
  way: WayState
  version: number
  legs: LegDto[]
}

/** Catalogues needed to name purposes and modes in the caller's language; load once per request. */
export async function catalogues(ctx: ServiceContext) {
  const purposes = await listTripPurposes(ctx)
  const modes = listTrafficModes(ctx.locale)
  return {
    purposes,
    purposeNames: new Map(purposes.map((p) => [p.id, p.name])),
    modeNames: new Map<string, string>(modes.map((m) => [m.constant, m.name])),
  }
}
export type Catalogues = Awaited<ReturnType<typeof catalogues>>

export function toLegDto(l: LegRow, cat: Catalogues, tz: string, position: { first: boolean; last: boolean }): LegDto {
  const modes = l.tfcModes.length ? l.tfcModes : ['UNKNOWN']
  return {
    id: l.id,
    idx: l.idx,
    startTime: formatDayTime(l.startTime, tz),
    endTime: formatDayTime(l.endTime, tz),
    start: l.startTime.toISOString(),
    end: l.endTime.toISOString(),
    len: l.len,
    geom: l.geom,
    tfcModes: modes.map((constant) => ({ constant, name: cat.modeNames.get(constant) ?? constant })),
    detectedModes: l.detectedModes,
    tripPurposes: l.purposeIds.map((id) => ({ id, name: cat.purposeNames.get(id) ?? String(id) })),
    validationStatus: l.validationStatus,
    qtnsAnswered: l.qtnsAnswered,
    metaDataRecs: l.metaDataRecs,
    startPoi: l.startPoi ?? null,
    endPoi: l.endPoi ?? null,
    isStart: position.first,
    isEnd: position.last,
  }
}

/** Estimated bytes of ways in memory (what a process keeps of them is bounded by it): each way, leg and point. */
export const weightOfWays = (ways: readonly Pick<TripDto, 'legs'>[]) =>
  ways.reduce((sum, w) => sum + 600 + w.legs.reduce((s, l) => s + 500 + 64 * l.geom.length, 0), 0)

export function toTripDto(t: TripRow, legRows: LegRow[], cat: Catalogues, tz: string): TripDto {
  const sorted = [...legRows].sort((a, b) => a.idx - b.idx)
  const way = wayState(wayFacts(t, sorted))
  return {
    id: t.id,
    name: tripName({ name: t.name, legs: sorted }, cat.purposeNames),
    ownName: t.name,
    objId: t.objId,
    creationType: t.creationType,
    creationTime: t.creationTime.toISOString(),
    fdbkAvail: t.fdbkAvail,
    trpFdbkReasonIds: t.fdbkReasonIds,
    startTime: formatDayTime(t.startTime, tz),
    endTime: formatDayTime(t.endTime, tz),
    start: t.startTime.toISOString(),
    end: t.endTime.toISOString(),
    distance: t.creationType === 'CREATED_MANUALLY' ? null : t.distance,
    duration: t.endTime.getTime() - t.startTime.getTime(),
    validationStatus: t.validationStatus,
    confirmationStatus: isConfirmed(t),
    qtnAnswered: t.qtnAnswered,
    allQuestionsAnswered: t.allQuestionsAnswered,
    status: way.status,
    way,
    version: t.version,
    legs: sorted.map((l, i) => toLegDto(l, cat, tz, { first: i === 0, last: i === sorted.length - 1 })),
  }
}

/** The legs of the trips whose ids are the placeholder `ids`, in trip and leg order. */
const ofTrips = () => sql`${legs.tripId} = any(${sql.placeholder('ids')}::int[])`
const legOrder = () => [asc(legs.tripId), asc(legs.idx)]
const legsQuery = (db: DbOrTx) =>
  preparedFor(db, 'legs_of_trips', () =>
    db
      .select()
      .from(legs)
      .where(ofTrips())
      .orderBy(...legOrder())
      .prepare('legs_of_trips'),
  )
const legsWithoutGeomQuery = (db: DbOrTx) =>
  preparedFor(db, 'legs_of_trips_without_geom', () => {
    const { geom: _geom, ...columns } = getTableColumns(legs)
    return db
      .select(columns)
      .from(legs)
      .where(ofTrips())
      .orderBy(...legOrder())
      .prepare('legs_of_trips_without_geom')
  })

/**
 * Legs of several trips in one query, grouped by trip id. `geom: false` (list views) leaves the geometry column
 * unread: geom is [].
 */
export async function legsOf(
  db: DbOrTx,
  tripIds: number[],
  opts: { geom?: boolean } = {},
): Promise<Map<number, LegRow[]>> {
  const out = new Map<number, LegRow[]>()
  if (!tripIds.length) return out
  const rows: LegRow[] =
    opts.geom === false
      ? (await legsWithoutGeomQuery(db).execute({ ids: tripIds })).map((r) => ({ ...r, geom: [] }))
      : await legsQuery(db).execute({ ids: tripIds })
  for (const r of rows) (out.get(r.tripId) ?? out.set(r.tripId, []).get(r.tripId)!).push(r)
  return out
}

/** Geometry points of each of the ways (all legs together); a way without legs is left out. */
export async function pointsPerTrip(db: DbOrTx, tripIds: number[]): Promise<Map<number, number>> {
  if (!tripIds.length) return new Map()
  const rows = await db
    .select({ tripId: legs.tripId, n: sql<number>`sum(jsonb_array_length(${legs.geom}))::int` })
    .from(legs)
    .where(inArray(legs.tripId, tripIds))
    .groupBy(legs.tripId)
  return new Map(rows.map((r) => [r.tripId, Number(r.n)]))
}

const legEndsQuery = (db: DbOrTx) =>
  preparedFor(db, 'leg_ends_of_trips', () =>
    db
      .select({
        tripId: legs.tripId,
        first: sql<LatLon | null>`${legs.geom} -> 0`,
        last: sql<LatLon | null>`${legs.geom} -> -1`,
      })
      .from(legs)
      .where(and(ofTrips(), sql`jsonb_array_length(${legs.geom}) > 0`))
      .orderBy(...legOrder())
      .prepare('leg_ends_of_trips'),
  )

/**
 * Where each way started and ended: the first point of its first leg with points and the last point of its last
 * one, read without loading the geometry (list views). Ways without any point are missing from the map.
 */
export async function wayEndPointsOf(
  db: DbOrTx,
  tripIds: number[],
): Promise<Map<number, { start: LatLon; end: LatLon }>> {
  const out = new Map<number, { start: LatLon; end: LatLon }>()
  if (!tripIds.length) return out
  for (const r of await legEndsQuery(db).execute({ ids: tripIds })) {
    if (!r.first || !r.last) continue
    const seen = out.get(r.tripId)
    if (seen) seen.end = r.last
    else out.set(r.tripId, { start: r.first, end: r.last })
  }
  return out
}

/** The caller's trip row, or TRIP_NOT_FOUND (also for another participant's id: never their data). */
export async function ownTripRow(
  db: DbOrTx,
  userId: number,
  tripId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<TripRow> {
  const q = db
    .select()
    .from(trips)
    .where(and(eq(trips.id, tripId), eq(trips.userId, userId)))
    .limit(1)
  const [row] = opts.forUpdate ? await q.for('update') : await q
  if (!row) throw new ServiceError('TRIP_NOT_FOUND')
  return row
}

/** The caller's trip with its legs as the API's Trip. */
export async function ownTrip(
  ctx: ServiceContext & { user: { id: number } },
  tripId: number,
  cat?: Catalogues,
): Promise<TripDto> {
  const row = await ownTripRow(ctx.db, ctx.user.id, tripId)
  const legRows = (await legsOf(ctx.db, [row.id])).get(row.id) ?? []
  return toTripDto(row, legRows, cat ?? (await catalogues(ctx)), ctx.env.STUDY_TIME_ZONE)
}

/**
 * Recomputes a trip's derived columns from its legs (start/end, distance, validation and questionnaire flags)
 * and bumps its version. Call inside the transaction that changed the legs.
 */
export async function refreshTrip(db: DbOrTx, tripId: number) {
  const legRows = await db.select().from(legs).where(eq(legs.tripId, tripId)).orderBy(asc(legs.idx))
  const [trip] = await db.select().from(trips).where(eq(trips.id, tripId))
  if (!trip) return
  // Keep legs numbered 0..n-1 so the first and the last are always marked as start and end.
  for (const [i, l] of legRows.entries())
    if (l.idx !== i) await db.update(legs).set({ idx: i }).where(eq(legs.id, l.id))
  const first = legRows[0]
  const last = legRows.at(-1)
  const allValidated = legRows.length > 0 && legRows.every((l) => l.validationStatus)
  const legsAnswered = legRows.every((l) => l.qtnsAnswered)
  await db
    .update(trips)
    .set({
      startTime: first?.startTime ?? trip.startTime,
      endTime: last?.endTime ?? trip.endTime,
      distance: trip.creationType === 'CREATED_MANUALLY' ? null : legRows.reduce((s, l) => s + (l.len ?? 0), 0),
      // Every leg validated counts as the way's validation only once it is confirmed (deleting the last open leg does
      // not confirm a way behind the participant's back).
      validationStatus: allValidated && isConfirmed(trip),
      allQuestionsAnswered: trip.qtnAnswered && legsAnswered,
      version: trip.version + 1,
    })
    .where(eq(trips.id, tripId))
}

/**
 * A way arriving on a day marked as without ways (added, edited, imported) takes the mark away: a day is never both
 * marked and with ways.
 */
export async function clearNoTripMark(db: DbOrTx, userId: number, start: Date, tz: string) {
  // The mark taken away, so that a step undone later can put it back.
  return db
    .delete(zeroTripDays)
    .where(and(eq(zeroTripDays.userId, userId), eq(zeroTripDays.day, dayInZone(start, tz))))
    .returning()
}

// ---------------------------------------------------------------------------------------------------------------
// Caps (domain/limits.ts), checked the same way on every path that stores ways and legs.

/** Geometry points of all the given legs together. */
export const pointsOf = (legRows: readonly { geom: readonly unknown[] }[]) =>
  legRows.reduce((n, l) => n + l.geom.length, 0)

/** How many ways the participant has starting on the day (study time zone) of `at`. */
export async function waysOnDayOf(db: DbOrTx, userId: number, at: Date, timeZone: string): Promise<number> {
  const { start, end } = dayRangeUtc(dayInZone(at, timeZone), timeZone)
  const [row] = await db
    .select({ n: count() })
    .from(trips)
    .where(and(eq(trips.userId, userId), gte(trips.startTime, start), lt(trips.startTime, end)))
  return row?.n ?? 0
}

/** The participant's days (study time zone) between the two instants with more ways than the cap allows. */
export async function daysOverWayCap(db: DbOrTx, userId: number, from: Date, to: Date, timeZone: string) {
  const range = {
    start: dayRangeUtc(dayInZone(from, timeZone), timeZone).start,
    end: dayRangeUtc(dayInZone(to, timeZone), timeZone).end,
  }
  const rows = await db
    .select({ startTime: trips.startTime })
    .from(trips)
    .where(and(eq(trips.userId, userId), gte(trips.startTime, range.start), lt(trips.startTime, range.end)))
  const perDay = new Map<Day, number>()
  for (const r of rows) {
    const day = dayInZone(r.startTime, timeZone)
    perDay.set(day, (perDay.get(day) ?? 0) + 1)
  }
  return [...perDay].filter(([, n]) => n > LIMITS.waysPerDay).map(([day, n]) => ({ day, n }))
}

// Where a leg's labels came from (domain/provenance.ts): every write that sets purposes or modes sets these too.

/** The columns that record where a leg's purposes came from, and when. */
export const purposesFrom = (source: LabelSource | null, at: Date) => ({
  purposeSource: source,
  purposeSetAt: source ? at : null,
})
/** The same for a leg's modes. */
export const modesFrom = (source: LabelSource | null, at: Date) => ({
  modeSource: source,
  modeSetAt: source ? at : null,
})

/** A copy's labels: whatever the original had set is now "copied", at the time of the copy. */
export const copiedLabels = (leg: Pick<LegRow, 'purposeIds' | 'tfcModes'>, at: Date) => ({
  ...purposesFrom(leg.purposeIds.length ? 'copied' : null, at),
  ...modesFrom(leg.tfcModes.length ? 'copied' : null, at),
})

/** A way the participant entered or edited by hand: every label set is their own. */
export const participantLabels = (leg: { purposeIds: readonly number[]; tfcModes: readonly string[] }, at: Date) => ({
  ...purposesFrom(leg.purposeIds.length ? 'participant' : null, at),
  ...modesFrom(leg.tfcModes.length ? 'participant' : null, at),
})
