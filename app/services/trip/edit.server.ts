// Trip detail editing: a leg's purposes, modes, validation and track (updateLeg), leg deletion (deleteLegs), the
// nearest point on a way or leg (getClosestPointToTrip/Leg), and the way's page's view (tripDetail). The detail
// page's other operations are service methods too, so the HTTP API has them: the steps in trip/confirm.server.ts
// (setTripPurposes, confirmTrip, completeTrip, and the list's confirmWithPurpose), copies in trip/copy.server.ts
// (copyLeg, copyTrip); what they all check first in trip/checks.server.ts.
//
// What a way allows is decided by domain/wayState.ts alone; every method asks it (stateOf) and refuses with
// refusal(state) what it does not allow. Statuses:
// - Leg validationStatus: the participant checked the leg's purposes and modes. Trip validationStatus: every leg
//   is validated (derived by refreshTrip).
// - Trip confirmationStatus: the way as a whole was confirmed, irreversibly (confirmed is irreversible:
//   no edits afterwards). Confirming stores both trip flags (CONFIRMED_FLAGS); whether a way counts as confirmed is
//   isConfirmed's answer alone. It is set in the same transaction that validates the last leg: by confirmTrip (step 2's
//   confirm validates all legs) or by an updateLeg that validates the last unvalidated leg. Questionnaires are
//   answered after confirmation (in the list's status precedence, questionnaires-unanswered means confirmed but questions not
//   all answered), so a confirmed way with unanswered questionnaires is in step BeforeQuestionnaires and one
//   without pending questionnaires (allQuestionsAnswered) goes straight to Validated. A confirmed way can no longer
//   be edited (purposes, modes, legs) nor deleted by this service's methods; its questionnaires stay answerable.
//
// Races (double submit, two tabs): every writing method takes the trip's optional `version` (the forms always send
// it). The rule is "refuse a stale version unless the request is already satisfied": setTripPurposes with the list
// the legs already have, updateLeg that changes nothing, confirmTrip of a confirmed way and completeTrip of a
// completed way succeed without writing (idempotent); anything else with a stale version fails with TRIP_CHANGED.
// copyLeg, copyTrip and deleteLegs are not idempotent, so a second submit with the same version is refused
// (copyTrip bumps the source's version for that reason). Every write runs in one transaction with the trip row
// locked (SELECT … FOR UPDATE), so two concurrent writes are serialised and the second sees the new version.
import { and, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import { legs, trips } from '~/db/schema'
import { closestPointOnLines, pathLength, type LatLon } from '~/domain/geometry'
import { canDeleteLeg } from '~/domain/legRules'
import { normalisedModes, sameSet } from '~/domain/legEdit'
import { type Step as StepT } from '~/domain/steps'
import {
  assertWithin,
  method,
  requireSession,
  ServiceError,
  zId,
  type Empty,
  type Service,
  type ServiceContext,
} from '../core.server'
import { participantCached } from '../participant-cache.server'
import {
  assertAllows,
  assertVersion,
  checkModes,
  checkPurposes,
  confirmIfAllValidated,
  legRowsOf,
  lockOwnLeg,
  lockOwnTrip,
  stateOf,
  zLatLon,
  zMode,
  zPurpose,
  zVersion,
} from './checks.server'
import {
  catalogues,
  modesFrom,
  ownTrip,
  ownTripRow,
  pointsOf,
  purposesFrom,
  refreshTrip,
  toLegDto,
  weightOfWays,
  type LegDto,
  type TripDto,
} from './model.server'

// ---------------------------------------------------------------------------------------------------------------
// The detail page's view (not a service method: the page's loader reads it in-process)

export interface TripDetail {
  trip: TripDto
  /** The way's step (trip.way.step). */
  step: StepT
  purposes: { id: number; name: string }[]
}

export async function tripDetail(ctx: ServiceContext, tripId: number): Promise<TripDetail> {
  requireSession(ctx)
  return participantCached(
    ctx,
    `tripDetail:${tripId}`,
    async () => {
      const cat = await catalogues(ctx)
      const trip = await ownTrip(ctx, tripId, cat)
      return { trip, step: trip.way.step, purposes: cat.purposes }
    },
    (d) => weightOfWays([d.trip]),
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Methods

export const tripEditMethods = {
  /**
   * updateLeg (leg: id, len, geom, startTime, endTime, tfcModes, tripPurposes, validationStatus, applyGeom).
   * Each change needs its action in the way's state (wayState): purposes until confirmed, modes and validation
   * once every leg has a purpose (judged with the purposes sent in the same request; validating the last leg
   * confirms the way); geom and len are replaced only with applyGeom true. startTime/endTime are the recording's and are not changed here (a
   * client may echo them). Fields left out keep their value.
   */
  updateLeg: method({
    params: z.object({
      leg: z
        .object({
          id: zId,
          len: z.coerce.number().nonnegative().nullable().optional(),
          // The body limit bounds the array; the caps are checked in run, with their own error constants.
          geom: z.array(zLatLon).optional(),
          startTime: z.string().optional(),
          endTime: z.string().optional(),
          tfcModes: z.array(zMode).optional(),
          tripPurposes: z.array(zPurpose).optional(),
          validationStatus: z.boolean().optional(),
          applyGeom: z.boolean().optional(),
        })
        .passthrough(),
      version: zVersion,
    }),
    async run({ leg: input, version }, ctx): Promise<{ leg: LegDto; version: number }> {
      const cat = await catalogues(ctx)
      return ctx.db.transaction(async (tx) => {
        const { trip, legRows, leg } = await lockOwnLeg(tx, ctx.user.id, input.id)
        const set: Partial<typeof legs.$inferInsert> = {}
        if (input.tripPurposes && !sameSet(input.tripPurposes, leg.purposeIds)) {
          if (input.tripPurposes.length === 0) throw new ServiceError('PURPOSES_REQUIRED')
          set.purposeIds = await checkPurposes(input.tripPurposes, ctx, cat)
          Object.assign(set, purposesFrom('participant', ctx.now()))
        }
        if (input.tfcModes && !sameSet(normalisedModes(input.tfcModes), normalisedModes(leg.tfcModes))) {
          set.tfcModes = checkModes(input.tfcModes)
          Object.assign(set, modesFrom('participant', ctx.now()))
        }
        if (input.applyGeom && input.geom && JSON.stringify(input.geom) !== JSON.stringify(leg.geom)) {
          assertWithin('pointsPerLeg', 0, input.geom.length)
          assertWithin('pointsPerWay', pointsOf(legRows) - leg.geom.length, input.geom.length)
          set.geom = input.geom.map((p) => ({ lat: p.lat, lon: p.lon }))
          set.len = input.len ?? (input.geom.length > 1 ? Math.round(pathLength(input.geom)) : null)
        }
        const validate = input.validationStatus === true && !leg.validationStatus
        const unvalidate = input.validationStatus === false && leg.validationStatus
        if (validate) set.validationStatus = true
        const changed = Object.keys(set).length > 0 || unvalidate
        if (changed) {
          const before = stateOf(trip, legRows)
          if ('purposeIds' in set) assertAllows(before, 'setPurposes')
          if ('geom' in set) assertAllows(before, 'deleteLeg')
          assertVersion(trip, version)
          // Modes and validation are judged with the purposes this request sets (the app sends them together).
          const after =
            'purposeIds' in set
              ? stateOf(
                  trip,
                  legRows.map((l) => (l.id === leg.id ? { purposeIds: set.purposeIds! } : l)),
                )
              : before
          if ('tfcModes' in set) assertAllows(after, 'setModes')
          // validationStatus true rides along on every update the app sends: where validating is not allowed yet
          // it is left out, unless it is all the request asks for.
          if (validate && !after.allows.validateLeg) {
            if (Object.keys(set).length === 1) assertAllows(after, 'validateLeg')
            delete set.validationStatus
          }
          if (unvalidate) {
            assertAllows(after, 'validateLeg')
            set.validationStatus = false
          }
          await tx.update(legs).set(set).where(eq(legs.id, leg.id))
          await refreshTrip(tx, trip.id)
          if (set.validationStatus) await confirmIfAllValidated(tx, trip.id)
        }
        const [fresh] = await tx.select().from(legs).where(eq(legs.id, leg.id))
        const [{ version: newVersion }] = await tx
          .select({ version: trips.version })
          .from(trips)
          .where(eq(trips.id, trip.id))
        const index = legRows.findIndex((l) => l.id === leg.id)
        return {
          leg: toLegDto(fresh, cat, ctx.env.STUDY_TIME_ZONE, {
            first: index === 0,
            last: index === legRows.length - 1,
          }),
          version: newVersion,
        }
      })
    },
  }),

  /**
   * deleteLegs (ids). Leg deletion: allowed only for the first or last leg, and only when more
   * than one leg exists. The first and last legs are re-marked as start and end. Only in step Purpose (leg
   * editing, purposes and delete, is possible only in step 1). The ids must belong to one of the caller's ways; they
   * are deleted one after another, each checked against the legs left.
   */
  deleteLegs: method({
    params: z.object({ ids: z.array(zId).min(1), version: zVersion }),
    async run({ ids, version }, ctx): Promise<Empty> {
      const unique = [...new Set(ids)]
      return ctx.db.transaction(async (tx) => {
        const owned = await tx
          .select({ id: legs.id, tripId: legs.tripId })
          .from(legs)
          .innerJoin(trips, eq(trips.id, legs.tripId))
          .where(and(inArray(legs.id, unique), eq(trips.userId, ctx.user.id)))
        if (owned.length !== unique.length) throw new ServiceError('LEG_NOT_FOUND')
        const tripIds = new Set(owned.map((l) => l.tripId))
        if (tripIds.size !== 1) throw new ServiceError('INVALID_PARAMS', { path: 'ids', message: 'legs of one way' })
        const { trip, legRows } = await lockOwnTrip(tx, ctx.user.id, owned[0].tripId)
        assertAllows(stateOf(trip, legRows), 'deleteLeg')
        assertVersion(trip, version)
        let remaining = legRows.map((l) => l.id)
        for (const id of unique) {
          const check = canDeleteLeg(remaining, id)
          if (!check.ok) throw new ServiceError(check.constant)
          remaining = remaining.filter((x) => x !== id)
        }
        await tx.delete(legs).where(inArray(legs.id, unique))
        await refreshTrip(tx, trip.id) // renumbers the legs: the new first and last are start and end
        return {}
      })
    },
  }),

  /** getClosestPointToTrip (id, point lat/lon; return.point): the nearest point on any leg; null without geometry. */
  getClosestPointToTrip: method({
    params: z.object({ id: zId, point: zLatLon }),
    async run({ id, point }, ctx): Promise<{ point: LatLon | null }> {
      const trip = await ownTripRow(ctx.db, ctx.user.id, id)
      const legRows = await legRowsOf(ctx.db, trip.id)
      return {
        point: closestPointOnLines(
          legRows.map((l) => l.geom),
          point,
        ),
      }
    },
  }),

  /** getClosestPointToLeg (same, for one leg). */
  getClosestPointToLeg: method({
    params: z.object({ id: zId, point: zLatLon }),
    async run({ id, point }, ctx): Promise<{ point: LatLon | null }> {
      const [row] = await ctx.db
        .select({ geom: legs.geom })
        .from(legs)
        .innerJoin(trips, eq(trips.id, legs.tripId))
        .where(and(eq(legs.id, id), eq(trips.userId, ctx.user.id)))
      if (!row) throw new ServiceError('LEG_NOT_FOUND')
      return { point: closestPointOnLines([row.geom], point) }
    },
  }),
} satisfies Service
