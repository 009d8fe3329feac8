// Copying (the page's copy buttons and the HTTP API): a leg duplicated right after itself, or a whole way as a new,
// unconfirmed one. Copied purposes and modes keep their values and are marked as copied; nothing copied is validated.
import { and, eq, gt, sql } from 'drizzle-orm'
import { z } from 'zod'
import { legs, trips } from '~/db/schema'
import { questionnairesAskedFor } from '../questionnaire/store.server'
import { assertWithin, method, zId, type Service } from '../core.server'
import { assertAllows, assertVersion, lockOwnLeg, lockOwnTrip, stateOf, zVersion } from './checks.server'
import {
  catalogues,
  copiedLabels,
  ownTrip,
  pointsOf,
  refreshTrip,
  toLegDto,
  waysOnDayOf,
  type LegDto,
  type TripDto,
} from './model.server'

export const tripCopyMethods = {
  /**
   * A leg can be copied: a duplicate (same times, geometry, modes and purposes, not validated) is
   * inserted right after the leg. Leg editing, so only in step Purpose.
   */
  copyLeg: method({
    params: z.object({ id: zId, version: zVersion }),
    async run({ id, version }, ctx): Promise<{ leg: LegDto; version: number }> {
      const cat = await catalogues(ctx)
      return ctx.db.transaction(async (tx) => {
        const { trip, legRows, leg } = await lockOwnLeg(tx, ctx.user.id, id)
        assertAllows(stateOf(trip, legRows), 'copyLeg')
        assertVersion(trip, version)
        assertWithin('legsPerWay', legRows.length)
        assertWithin('pointsPerWay', pointsOf(legRows), leg.geom.length)
        await tx
          .update(legs)
          .set({ idx: sql`${legs.idx} + 1` })
          .where(and(eq(legs.tripId, trip.id), gt(legs.idx, leg.idx)))
        const { id: _id, ...copy } = leg
        const [inserted] = await tx
          .insert(legs)
          .values({ ...copy, ...copiedLabels(leg, ctx.now()), idx: leg.idx + 1, validationStatus: false })
          .returning()
        await refreshTrip(tx, trip.id)
        const count = legRows.length + 1
        const position = legRows.findIndex((l) => l.id === leg.id) + 1
        return {
          leg: toLegDto(inserted, cat, ctx.env.STUDY_TIME_ZONE, { first: false, last: position === count - 1 }),
          version: trip.version + 1,
        }
      })
    },
  }),

  /**
   * A way can be copied: a new, unconfirmed, unreported way of the caller with copies of the legs
   * (purposes and modes kept, nothing validated, questionnaires open as for a new way). The source's version is
   * bumped so that a repeated submit does not make a second copy.
   */
  copyTrip: method({
    params: z.object({ id: zId, version: zVersion }),
    async run({ id, version }, ctx): Promise<{ trp: TripDto }> {
      const cat = await catalogues(ctx)
      const copyId = await ctx.db.transaction(async (tx) => {
        const { trip, legRows } = await lockOwnTrip(tx, ctx.user.id, id)
        assertAllows(stateOf(trip, legRows), 'copyWay')
        assertVersion(trip, version)
        assertWithin('waysPerDay', await waysOnDayOf(tx, ctx.user.id, trip.startTime, ctx.env.STUDY_TIME_ZONE))
        const flags = await questionnairesAskedFor(
          tx,
          ctx.user.campaignId,
          legRows.map((l) => l.tfcModes),
        )
        const now = ctx.now()
        const [created] = await tx
          .insert(trips)
          .values({
            userId: ctx.user.id,
            name: trip.name,
            objId: null,
            creationType: trip.creationType,
            creationTime: now,
            startTime: trip.startTime,
            endTime: trip.endTime,
            distance: trip.distance,
            qtnAnswered: !flags.trip,
            allQuestionsAnswered: !flags.trip && !flags.legs.some(Boolean),
          })
          .returning({ id: trips.id })
        if (legRows.length) {
          await tx.insert(legs).values(
            legRows.map(({ id: _id, tripId: _t, ...l }, i) => ({
              ...l,
              ...copiedLabels(l, now),
              tripId: created.id,
              idx: i,
              validationStatus: false,
              qtnsAnswered: !flags.legs[i],
            })),
          )
        }
        await refreshTrip(tx, created.id)
        await tx
          .update(trips)
          .set({ version: trip.version + 1 })
          .where(eq(trips.id, trip.id))
        return created.id
      })
      return { trp: await ownTrip(ctx, copyId, cat) }
    },
  }),
} satisfies Service
