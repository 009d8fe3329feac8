// Correcting the phone's segmentation: split a way in two (between two legs, or inside a leg at a point of its
// track), merge two consecutive ways into one, and undo either.
//
// - What a way allows is the state machine's (domain/wayState.ts: split, merge, revertEdit); a confirmed or reported
//   way is refused with its refusal. A split at a way's or a leg's end is INVALID_PARAMS; two ways with another
//   way of the participant between them are NOT_ADJACENT.
// - Nothing recorded is lost: before a split or merge the ways it replaces are kept, row for row (trip, legs,
//   questionnaire answers, completions and drafts), in way_edits; the undo puts them back with their ids and
//   deletes what the edit made. An edit can be undone while every way it made is still there, unconfirmed and
//   unreported, and none of them was split or merged again since (undo that first).
// - Each result says where it came from: origin 'split' or 'merged' and the ids of the recorded ways behind it
//   (a recorded way is its own origin; a way added by hand has none).
// - One transaction each, with the ways locked; a stale `version` is TRIP_CHANGED.
import { and, desc, type Column, eq, gt, inArray, isNotNull, isNull, ne, notInArray, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '~/db/connect.server'
import { answers, legs, questionnaireCompletions, questionnaireDrafts, trips, wayEdits } from '~/db/schema'
import type { LatLon } from '~/domain/geometry'
import {
  cutCandidates,
  mergeOffered,
  mergePairs,
  nearestInnerPoint,
  splitTrackAt,
  timeAtPoint,
  type WayTimes,
} from '~/domain/segmentation'
import { dayInZone, formatDayTime } from '~/domain/time'
import { pointNames } from '../place-names.server'
import { questionnairesAskedFor } from '../questionnaire/store.server'
import { assertWithin, method, ServiceError, zId, type AuthedContext, type Service } from '../core.server'
import { assertAllows, assertVersion, legRowsOf, lockOwnTrip, stateOf, zVersion } from './edit.server'
import {
  catalogues,
  clearNoTripMark,
  legsOf,
  ownTrip,
  pointsOf,
  refreshTrip,
  waysOnDayOf,
  type LegRow,
  type TripDto,
  type TripRow,
} from './model.server'

type WayEditRow = typeof wayEdits.$inferSelect

/** The rows of ways as kept in way_edits.saved (times as ISO strings once stored). */
interface SavedWays {
  trips: TripRow[]
  legs: LegRow[]
  answers: (typeof answers.$inferSelect)[]
  completions: (typeof questionnaireCompletions.$inferSelect)[]
  drafts: (typeof questionnaireDrafts.$inferSelect)[]
}

const scopesOf = (tripIds: readonly number[], legIds: readonly number[]) => [
  ...tripIds.map((id) => `trip:${id}`),
  ...legIds.map((id) => `leg:${id}`),
]

/** Everything stored about some of the participant's ways, to keep before an edit replaces them. */
async function saveWays(tx: DbOrTx, userId: number, tripRows: TripRow[]): Promise<SavedWays> {
  const tripIds = tripRows.map((t) => t.id)
  const legRows = (await Promise.all(tripIds.map((id) => legRowsOf(tx, id)))).flat()
  const scopes = scopesOf(
    tripIds,
    legRows.map((l) => l.id),
  )
  const ofUser = (t: { userId: Column; scope: Column }) => and(eq(t.userId, userId), inArray(t.scope, scopes))
  return {
    trips: tripRows,
    legs: legRows,
    answers: await tx.select().from(answers).where(ofUser(answers)),
    completions: await tx.select().from(questionnaireCompletions).where(ofUser(questionnaireCompletions)),
    drafts: await tx.select().from(questionnaireDrafts).where(ofUser(questionnaireDrafts)),
  }
}

/** Turns the ISO strings of stored times back into dates. */
function revive<T extends object>(row: T, keys: readonly string[]): T {
  const out = { ...row } as Record<string, unknown>
  for (const k of keys) if (typeof out[k] === 'string') out[k] = new Date(out[k] as string)
  return out as T
}

/** Deletes the ways (with their legs and everything answered for them) and puts the saved ones back, ids and all. */
async function restoreWays(tx: DbOrTx, userId: number, removeIds: number[], saved: SavedWays) {
  const removedLegs = await tx.select({ id: legs.id }).from(legs).where(inArray(legs.tripId, removeIds))
  const scopes = scopesOf(
    [...removeIds, ...saved.trips.map((t) => t.id)],
    [...removedLegs.map((l) => l.id), ...saved.legs.map((l) => l.id)],
  )
  for (const t of [answers, questionnaireCompletions, questionnaireDrafts])
    await tx.delete(t).where(and(eq(t.userId, userId), inArray(t.scope, scopes)))
  await tx.delete(trips).where(and(eq(trips.userId, userId), inArray(trips.id, removeIds)))
  await tx.insert(trips).values(saved.trips.map((t) => revive(t, ['creationTime', 'startTime', 'endTime'])))
  if (saved.legs.length) await tx.insert(legs).values(saved.legs.map((l) => revive(l, ['startTime', 'endTime'])))
  if (saved.answers.length) await tx.insert(answers).values(saved.answers.map((a) => revive(a, ['createdAt'])))
  if (saved.completions.length)
    await tx.insert(questionnaireCompletions).values(saved.completions.map((c) => revive(c, ['completedAt'])))
  if (saved.drafts.length)
    await tx.insert(questionnaireDrafts).values(saved.drafts.map((d) => revive(d, ['updatedAt'])))
}

/** The recorded ways a way came from: its own id when recorded, none when added by hand. */
export function originIdsOf(trip: Pick<TripRow, 'id' | 'originIds' | 'creationType'>): number[] {
  if (trip.originIds) return trip.originIds
  return trip.creationType === 'CREATED_MANUALLY' ? [] : [trip.id]
}

/** How a way came to be, as the export names it. */
export function originOf(trip: Pick<TripRow, 'origin' | 'creationType'>): 'recorded' | 'manual' | 'split' | 'merged' {
  return trip.origin ?? (trip.creationType === 'CREATED_MANUALLY' ? 'manual' : 'recorded')
}

/** Gives the legs of a way the order of `ordered` (and the way `tripId`). */
async function placeLegs(tx: DbOrTx, tripId: number, ordered: readonly { id: number }[]) {
  for (const [idx, l] of ordered.entries()) await tx.update(legs).set({ tripId, idx }).where(eq(legs.id, l.id))
}

/**
 * The edit that made way `tripId` and can be undone now, if any: the latest not yet undone split or merge with the
 * way among its results, provided every result still exists and none was split or merged again since.
 */
async function revertibleEdit(db: DbOrTx, userId: number, tripId: number): Promise<WayEditRow | null> {
  const [edit] = await db
    .select()
    .from(wayEdits)
    .where(
      and(
        eq(wayEdits.userId, userId),
        isNull(wayEdits.undoneAt),
        ne(wayEdits.kind, 'undo'),
        sql`${wayEdits.afterIds} @> ${JSON.stringify([tripId])}::jsonb`,
      ),
    )
    .orderBy(desc(wayEdits.id))
    .limit(1)
  if (!edit) return null
  const [later] = await db
    .select({ id: wayEdits.id })
    .from(wayEdits)
    .where(
      and(
        eq(wayEdits.userId, userId),
        gt(wayEdits.id, edit.id),
        isNull(wayEdits.undoneAt),
        ne(wayEdits.kind, 'undo'),
        or(...edit.afterIds.map((id) => sql`${wayEdits.beforeIds} @> ${JSON.stringify([id])}::jsonb`)),
      ),
    )
    .limit(1)
  if (later) return null
  const present = await db
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.userId, userId), inArray(trips.id, edit.afterIds)))
  return present.length === edit.afterIds.length ? edit : null
}

/** The ways of the caller with ids `ids` as the API's Trips, in that order. */
async function ownTrips(ctx: AuthedContext, ids: number[]): Promise<TripDto[]> {
  const cat = await catalogues(ctx)
  return Promise.all(ids.map((id) => ownTrip(ctx, id, cat)))
}

export const tripSegmentationMethods = {
  /**
   * splitTrip (id, legId[, pointIdx], version): the way is split before leg `legId`, which starts the second way;
   * with `pointIdx` the leg is first cut at that inner point of its track (its times interpolated along its
   * length) and the second way starts with the leg's second part. The first way keeps the id. A split before the
   * first leg or at a track's end is INVALID_PARAMS.
   */
  splitTrip: method({
    params: z.object({ id: zId, legId: zId, pointIdx: z.coerce.number().int().optional(), version: zVersion }),
    async run({ id, legId, pointIdx, version }, ctx): Promise<{ trps: TripDto[] }> {
      const ids = await ctx.db.transaction(async (tx) => {
        const { trip, legRows } = await lockOwnTrip(tx, ctx.user.id, id)
        assertAllows(stateOf(trip, legRows), 'split')
        assertVersion(trip, version)
        const at = legRows.findIndex((l) => l.id === legId)
        if (at < 0) throw new ServiceError('LEG_NOT_FOUND')
        const leg = legRows[at]
        const parts =
          pointIdx === undefined
            ? null
            : splitTrackAt({ start: leg.startTime, end: leg.endTime, geom: leg.geom }, pointIdx)
        if (pointIdx !== undefined && !parts)
          throw new ServiceError('INVALID_PARAMS', { path: 'pointIdx', message: 'an inner point of the leg' })
        if (!parts && at === 0)
          throw new ServiceError('INVALID_PARAMS', { path: 'legId', message: 'not the first leg' })
        if (parts) assertWithin('legsPerWay', legRows.length)
        const secondStart = parts ? parts.second.start : leg.startTime
        assertWithin('waysPerDay', await waysOnDayOf(tx, ctx.user.id, secondStart, ctx.env.STUDY_TIME_ZONE))

        const saved = await saveWays(tx, ctx.user.id, [trip])
        const moving = legRows.slice(parts ? at + 1 : at)
        const flags = await questionnairesAskedFor(
          tx,
          ctx.user.campaignId,
          [parts ? leg : null, ...moving].filter((l) => l !== null).map((l) => l.tfcModes),
        )
        const originIds = originIdsOf(trip)
        const [second] = await tx
          .insert(trips)
          .values({
            userId: ctx.user.id,
            name: trip.name,
            creationType: trip.creationType,
            creationTime: trip.creationTime,
            startTime: secondStart,
            endTime: trip.endTime,
            qtnAnswered: !flags.trip,
            origin: 'split',
            originIds,
          })
          .returning({ id: trips.id })
        const secondLegs: { id: number }[] = []
        if (parts) {
          const { id: _id, ...rest } = leg
          await tx
            .update(legs)
            .set({ endTime: parts.first.end, geom: parts.first.geom, len: parts.first.len, endPoi: null })
            .where(eq(legs.id, leg.id))
          const [tail] = await tx
            .insert(legs)
            .values({
              ...rest,
              tripId: second.id,
              startTime: parts.second.start,
              geom: parts.second.geom,
              len: parts.second.len,
              startPoi: null,
            })
            .returning({ id: legs.id })
          secondLegs.push(tail)
        }
        secondLegs.push(...moving)
        await placeLegs(tx, second.id, secondLegs)
        await tx.update(trips).set({ origin: 'split', originIds }).where(eq(trips.id, trip.id))
        await refreshTrip(tx, trip.id)
        await refreshTrip(tx, second.id)
        await clearNoTripMark(tx, ctx.user.id, secondStart, ctx.env.STUDY_TIME_ZONE)
        await tx.insert(wayEdits).values({
          userId: ctx.user.id,
          kind: 'split',
          at: ctx.now(),
          beforeIds: [trip.id],
          afterIds: [trip.id, second.id],
          saved: saved as unknown as Record<string, unknown[]>,
        })
        return [trip.id, second.id]
      })
      return { trps: await ownTrips(ctx, ids) }
    },
  }),

  /**
   * mergeTrips (ids: [a, b], versions): two ways of the participant with no other way between them (by start
   * time) become one: the earlier keeps its id and takes the later's legs, all in time order. Otherwise
   * NOT_ADJACENT.
   */
  mergeTrips: method({
    params: z.object({
      ids: z.tuple([zId, zId]).refine(([a, b]) => a !== b, { message: 'two different ways' }),
      versions: z.tuple([zVersion, zVersion]).optional(),
    }),
    async run({ ids, versions }, ctx): Promise<{ trp: TripDto }> {
      const keptId = await ctx.db.transaction(async (tx) => {
        // Locked in id order, so two merges of the same ways cannot wait for each other.
        const locked = new Map<number, Awaited<ReturnType<typeof lockOwnTrip>>>()
        for (const id of [...ids].sort((x, y) => x - y)) locked.set(id, await lockOwnTrip(tx, ctx.user.id, id))
        for (const [i, id] of ids.entries()) {
          const { trip, legRows } = locked.get(id)!
          assertAllows(stateOf(trip, legRows), 'merge')
          assertVersion(trip, versions?.[i])
        }
        const [earlier, later] = [...locked.values()].sort(
          (x, y) => x.trip.startTime.getTime() - y.trip.startTime.getTime() || x.trip.id - y.trip.id,
        )
        const between = await tx
          .select({ id: trips.id })
          .from(trips)
          .where(
            and(
              eq(trips.userId, ctx.user.id),
              notInArray(trips.id, ids),
              sql`(${trips.startTime}, ${trips.id}) > (${earlier.trip.startTime.toISOString()}::timestamptz, ${earlier.trip.id}::int)`,
              sql`(${trips.startTime}, ${trips.id}) < (${later.trip.startTime.toISOString()}::timestamptz, ${later.trip.id}::int)`,
            ),
          )
          .limit(1)
        if (between.length) throw new ServiceError('NOT_ADJACENT')
        assertWithin('legsPerWay', earlier.legRows.length, later.legRows.length)
        assertWithin('pointsPerWay', pointsOf(earlier.legRows), pointsOf(later.legRows))

        const saved = await saveWays(tx, ctx.user.id, [earlier.trip, later.trip])
        const ordered = [...earlier.legRows, ...later.legRows]
          .map((l, i) => ({ l, i }))
          .sort((x, y) => x.l.startTime.getTime() - y.l.startTime.getTime() || x.i - y.i)
          .map(({ l }) => l)
        // What was answered for the later way as a whole goes with it (kept in the history for an undo).
        for (const t of [answers, questionnaireCompletions, questionnaireDrafts])
          await tx.delete(t).where(and(eq(t.userId, ctx.user.id), eq(t.scope, `trip:${later.trip.id}`)))
        await placeLegs(tx, earlier.trip.id, ordered)
        await tx.delete(trips).where(eq(trips.id, later.trip.id))
        const originIds = [...new Set([...originIdsOf(earlier.trip), ...originIdsOf(later.trip)])].sort((x, y) => x - y)
        await tx.update(trips).set({ origin: 'merged', originIds }).where(eq(trips.id, earlier.trip.id))
        await refreshTrip(tx, earlier.trip.id)
        await tx.insert(wayEdits).values({
          userId: ctx.user.id,
          kind: 'merge',
          at: ctx.now(),
          beforeIds: [earlier.trip.id, later.trip.id],
          afterIds: [earlier.trip.id],
          saved: saved as unknown as Record<string, unknown[]>,
        })
        return earlier.trip.id
      })
      const [trp] = await ownTrips(ctx, [keptId])
      return { trp }
    },
  }),

  /**
   * revertEdit (id, version): undoes the split or merge that made way `id`; the ways it replaced come back
   * exactly, with their ids. NOTHING_TO_REVERT when no edit made the way (or it was edited again since, or one of
   * its results is gone); refused while one of the results is confirmed or reported.
   */
  revertEdit: method({
    params: z.object({ id: zId, version: zVersion }),
    async run({ id, version }, ctx): Promise<{ trps: TripDto[] }> {
      const restored = await ctx.db.transaction(async (tx) => {
        const { trip } = await lockOwnTrip(tx, ctx.user.id, id)
        const edit = await revertibleEdit(tx, ctx.user.id, id)
        if (!edit?.saved) throw new ServiceError('NOTHING_TO_REVERT')
        let newest = 0
        for (const resultId of [...edit.afterIds].sort((x, y) => x - y)) {
          const { trip: result, legRows } = await lockOwnTrip(tx, ctx.user.id, resultId)
          assertAllows(stateOf(result, legRows), 'revertEdit')
          newest = Math.max(newest, result.version)
        }
        assertVersion(trip, version)
        const saved = edit.saved as unknown as SavedWays
        // A form still showing a result must not change the restored way: its version moves past both.
        saved.trips = saved.trips.map((t) => ({ ...t, version: Math.max(t.version, newest) + 1 }))
        await restoreWays(tx, ctx.user.id, edit.afterIds, saved)
        await tx.update(wayEdits).set({ undoneAt: ctx.now() }).where(eq(wayEdits.id, edit.id))
        await tx.insert(wayEdits).values({
          userId: ctx.user.id,
          kind: 'undo',
          at: ctx.now(),
          beforeIds: edit.afterIds,
          afterIds: edit.beforeIds,
          saved: null,
        })
        return edit.beforeIds
      })
      return { trps: await ownTrips(ctx, restored) }
    },
  }),
} satisfies Service

type Neighbour = Pick<TripRow, 'id' | 'startTime' | 'endTime'>

/** The ways just before and after a way of the participant (by start time), for "merge with the previous / next". */
async function neighbours(
  db: DbOrTx,
  userId: number,
  trip: Pick<TripRow, 'id' | 'startTime'>,
): Promise<{ previous: Neighbour | null; next: Neighbour | null }> {
  const at = trip.startTime.toISOString()
  const key = sql`(${trips.startTime}, ${trips.id})`
  const mine = sql`(${at}::timestamptz, ${trip.id}::int)`
  const columns = { id: trips.id, startTime: trips.startTime, endTime: trips.endTime }
  const [previous] = await db
    .select(columns)
    .from(trips)
    .where(and(eq(trips.userId, userId), sql`${key} < ${mine}`))
    .orderBy(desc(trips.startTime), desc(trips.id))
    .limit(1)
  const [next] = await db
    .select(columns)
    .from(trips)
    .where(and(eq(trips.userId, userId), sql`${key} > ${mine}`))
    .orderBy(trips.startTime, trips.id)
    .limit(1)
  return { previous: previous ?? null, next: next ?? null }
}

/** A way's instants and days in the study's time zone, as the merge offer reads them. */
const timesOf = (w: { startTime: Date; endTime: Date }, tz: string): WayTimes => ({
  start: w.startTime,
  end: w.endTime,
  startDay: dayInZone(w.startTime, tz),
  endDay: dayInZone(w.endTime, tz),
})

/** How many points of a leg the page offers as cuts when no map can be tapped. */
const CUTS_OFFERED = 24

export interface CutPoint {
  idx: number
  /** 'HH:mm' in the study's time zone. */
  time: string
  /** The saved place or street there, when known. */
  name: string | null
  paused: boolean
}

export interface SegmentationView {
  /** What undoing would take back now (null: nothing, or a result can no longer be changed). */
  undo: 'split' | 'merge' | null
  /** The ways just before and after that can be merged with this one. */
  mergePrevious: { id: number; version: number } | null
  mergeNext: { id: number; version: number } | null
  /** The points offered to cut leg `legId` at (the split dialog with a leg chosen). */
  cuts: { legId: number; points: CutPoint[] } | null
  /** The legs with inner points: where a split inside a leg can cut (the page draws simplified tracks). */
  cuttable: number[]
  /** The point of leg `legId` nearest to where the participant tapped its track on the map, with its position. */
  picked: (CutPoint & { legId: number; lat: number; lon: number }) | null
}

/** Ways of the caller whose state allows `action`, by id (with their versions). */
async function allowing(db: DbOrTx, userId: number, ids: number[], action: 'merge' | 'revertEdit') {
  if (!ids.length) return new Map<number, number>()
  const rows = await db
    .select()
    .from(trips)
    .where(and(eq(trips.userId, userId), inArray(trips.id, ids)))
  const legRows = await legsOf(db, ids, { geom: false })
  return new Map(
    rows.filter((t) => stateOf(t, legRows.get(t.id) ?? []).allows[action]).map((t) => [t.id, t.version] as const),
  )
}

/**
 * What undoing the edit that made way `tripId` would take back now: null when there is nothing to undo or one of
 * the edit's results can no longer be changed.
 */
async function undoOf(db: DbOrTx, userId: number, tripId: number): Promise<'split' | 'merge' | null> {
  const edit = await revertibleEdit(db, userId, tripId)
  if (!edit) return null
  const allowed = await allowing(db, userId, edit.afterIds, 'revertEdit')
  return allowed.size === edit.afterIds.length ? (edit.kind as 'split' | 'merge') : null
}

/** Points of a leg as the split dialog names them: by their time along the leg and the saved place or street there. */
async function cutPoints(
  ctx: AuthedContext,
  leg: TripDto['legs'][number],
  candidates: readonly { idx: number; paused: boolean }[],
): Promise<CutPoint[]> {
  const track = { start: new Date(leg.start), end: new Date(leg.end), geom: leg.geom }
  const names = await pointNames(
    ctx,
    candidates.map((c) => leg.geom[c.idx]),
  )
  return candidates.map((c, i) => ({
    idx: c.idx,
    time: formatDayTime(timeAtPoint(track, c.idx), ctx.env.STUDY_TIME_ZONE).slice(11, 16),
    name: names[i]?.name ?? null,
    paused: c.paused,
  }))
}

/**
 * What the way's page offers to correct the way's segmentation (the page's view, not a service method). `cut`:
 * the leg chosen in the split dialog, and where its track was tapped on the map (JavaScript only).
 */
export async function segmentationView(
  ctx: AuthedContext,
  trip: TripDto,
  cut: { legId: number | null; at: LatLon | null },
): Promise<SegmentationView> {
  const userId = ctx.user.id
  const tz = ctx.env.STUDY_TIME_ZONE
  const undo = await undoOf(ctx.db, userId, trip.id)
  const me = { startTime: new Date(trip.start), endTime: new Date(trip.end) }
  const near = trip.way.allows.merge
    ? await neighbours(ctx.db, userId, { id: trip.id, startTime: me.startTime })
    : { previous: null, next: null }
  // Offered only where the two ways could be one broken in two: the same day, or across midnight.
  const previous = near.previous && mergeOffered(timesOf(near.previous, tz), timesOf(me, tz)) ? near.previous.id : null
  const next = near.next && mergeOffered(timesOf(me, tz), timesOf(near.next, tz)) ? near.next.id : null
  const mergeable = await allowing(
    ctx.db,
    userId,
    [previous, next].filter((id) => id !== null),
    'merge',
  )
  const pick = (id: number | null) => (id !== null && mergeable.has(id) ? { id, version: mergeable.get(id)! } : null)
  const leg = trip.way.allows.split ? trip.legs.find((l) => l.id === cut.legId) : undefined
  let cuts: SegmentationView['cuts'] = null
  let picked: SegmentationView['picked'] = null
  if (leg) {
    const offered = cutCandidates(leg.geom, CUTS_OFFERED)
    const idx = cut.at ? nearestInnerPoint(leg.geom, cut.at) : null
    const tapped =
      idx === null ? [] : await cutPoints(ctx, leg, [{ idx, paused: offered.some((c) => c.idx === idx && c.paused) }])
    const [point] = tapped
    if (point) picked = { ...point, legId: leg.id, lat: leg.geom[point.idx].lat, lon: leg.geom[point.idx].lon }
    // The tapped point is offered above the list; the list does not name it twice.
    cuts = {
      legId: leg.id,
      points: await cutPoints(
        ctx,
        leg,
        offered.filter((c) => c.idx !== point?.idx),
      ),
    }
  }
  const cuttable = trip.way.allows.split ? trip.legs.filter((l) => l.geom.length > 2).map((l) => l.id) : []
  return { undo, mergePrevious: pick(previous), mergeNext: pick(next), cuts, picked, cuttable }
}

/** A merge the list offers between the cards of two neighbouring ways (both versions as the list shows them). */
export interface ListMerge {
  earlier: { id: number; version: number }
  later: { id: number; version: number }
}

/**
 * What the ways list offers to correct the segmentation of the ways it shows: a merge between each two neighbouring
 * ways that may be merged (mergePairs: no other way of the participant between them, both allowing it, the same day
 * or across midnight), and the undo of the edit that made a way.
 */
export async function listSegmentation(
  ctx: AuthedContext,
  shown: readonly TripDto[],
): Promise<{ merges: ListMerge[]; undo: Map<number, 'split' | 'merge'> }> {
  const userId = ctx.user.id
  const undo = new Map<number, 'split' | 'merge'>()
  if (!shown.length) return { merges: [], undo }
  const byId = new Map(shown.map((t) => [t.id, t]))
  const key = (t: TripDto) => [new Date(t.start).getTime(), t.id] as const
  const ordered = [...shown].sort((a, b) => key(a)[0] - key(b)[0] || a.id - b.id)
  const [first, last] = [ordered[0], ordered.at(-1)!]
  const rowKey = sql`(${trips.startTime}, ${trips.id})`
  // Every way of the participant over the shown span, those of other tabs too: one of them between two cards
  // makes the two not neighbours.
  const span = await ctx.db
    .select({ id: trips.id, startTime: trips.startTime, endTime: trips.endTime })
    .from(trips)
    .where(
      and(
        eq(trips.userId, userId),
        sql`${rowKey} >= (${first.start}::timestamptz, ${first.id}::int)`,
        sql`${rowKey} <= (${last.start}::timestamptz, ${last.id}::int)`,
      ),
    )
    .orderBy(trips.startTime, trips.id)
  const tz = ctx.env.STUDY_TIME_ZONE
  const pairs = mergePairs(
    span.map((w) => ({ id: w.id, ...timesOf(w, tz), mergeable: byId.get(w.id)?.way.allows.merge ?? false })),
  )
  const merges = pairs.map(([a, b]) => ({
    earlier: { id: a, version: byId.get(a)!.version },
    later: { id: b, version: byId.get(b)!.version },
  }))
  // Only a way a split or merge made can be undone.
  const edited = shown.filter((t) => t.way.allows.revertEdit).map((t) => t.id)
  const made = edited.length
    ? await ctx.db
        .select({ id: trips.id })
        .from(trips)
        .where(and(eq(trips.userId, userId), inArray(trips.id, edited), isNotNull(trips.origin)))
    : []
  for (const { id } of made) {
    const kind = await undoOf(ctx.db, userId, id)
    if (kind) undo.set(id, kind)
  }
  return { merges, undo }
}
