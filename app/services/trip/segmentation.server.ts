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
// What is kept for the undo lives in segmentation-history.server.ts; what the pages offer (merge, cut points, undo)
// in segmentation-view.server.ts.
import { and, eq, notInArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '~/db/connect.server'
import { answers, legs, questionnaireCompletions, questionnaireDrafts, trips, wayEdits } from '~/db/schema'
import { splitTrackAt } from '~/domain/segmentation'
import { questionnairesAskedFor } from '../questionnaire/store.server'
import { assertWithin, method, ServiceError, zId, type AuthedContext, type Service } from '../core.server'
import { assertAllows, assertVersion, lockOwnTrip, stateOf, zVersion } from './checks.server'
import { catalogues, clearNoTripMark, ownTrip, pointsOf, refreshTrip, waysOnDayOf, type TripDto } from './model.server'
import { originIdsOf, restoreWays, revertibleEdit, saveWays, type SavedWays } from './segmentation-history.server'

/** Gives the legs of a way the order of `ordered` (and the way `tripId`). */
async function placeLegs(tx: DbOrTx, tripId: number, ordered: readonly { id: number }[]) {
  for (const [idx, l] of ordered.entries()) await tx.update(legs).set({ tripId, idx }).where(eq(legs.id, l.id))
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
