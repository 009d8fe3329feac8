// Trip detail editing (the detail steps, leg deletion; updateLeg, deleteLegs,
// getClosestPointToTrip/Leg) plus the detail page's own operations as service methods, so the HTTP API has them
// too: setTripPurposes (step 1), confirmTrip (step 2), completeTrip (step 3 without pending questionnaires),
// copyLeg, copyTrip.
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
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '~/db/connect.server'
import { legs, trips } from '~/db/schema'
import { questionnairesAskedFor } from '../questionnaire/store.server'
import { closestPointOnLines, pathLength, type LatLon } from '~/domain/geometry'
import { canDeleteLeg } from '~/domain/legRules'
import { normalisedModes, sameSet } from '~/domain/legEdit'
import { type Step as StepT } from '~/domain/steps'
import {
  CONFIRMED_FLAGS,
  quickConfirmable,
  quickPurposes,
  refusal,
  wayFacts,
  wayState,
  type WayAction,
  type WayState,
} from '~/domain/wayState'
import { isTrafficMode } from '~/domain/trafficModes'
import { chosenPurposeSource } from '~/domain/provenance'
import { tripRun } from '../questionnaire-step.server'
import {
  assertWithin,
  method,
  requireSession,
  ServiceError,
  zId,
  type AuthedContext,
  type Empty,
  type Service,
  type ServiceContext,
} from '../core.server'
import {
  catalogues,
  copiedLabels,
  modesFrom,
  ownTrip,
  ownTripRow,
  pointsOf,
  purposesFrom,
  refreshTrip,
  toLegDto,
  waysOnDayOf,
  type Catalogues,
  type LegDto,
  type LegRow,
  type TripDto,
  type TripRow,
} from './model.server'
import { purposeSuggestions } from './suggest.server'

export const zVersion = z.coerce.number().int().nonnegative().optional()
const zLatLon = z.object({ lat: z.coerce.number().min(-90).max(90), lon: z.coerce.number().min(-180).max(180) })
/** A mode as a constant or as { constant, name }. */
const zMode = z
  .union([z.string(), z.object({ constant: z.string() }).passthrough()])
  .transform((m) => (typeof m === 'string' ? m : m.constant))
/** A purpose as an id or as { id, name }. */
const zPurpose = z
  .union([zId, z.object({ id: zId }).passthrough()])
  .transform((p) => (typeof p === 'number' ? p : p.id))

// ---------------------------------------------------------------------------------------------------------------
// Shared helpers

/**
 * Whose purposes a confirmation sets: the app's suggestion for the way, accepted unchanged, or the participant's
 * own choice. Asked before the write's transaction (the suggestion reads the participant's history).
 */
async function confirmedPurposeSource(ctx: AuthedContext, tripId: number, chosen: readonly number[]) {
  const trip = await ownTripRow(ctx.db, ctx.user.id, tripId)
  const suggestion = (await purposeSuggestions(ctx, [{ id: trip.id, start: trip.startTime.toISOString() }])).get(
    trip.id,
  )
  return chosenPurposeSource(chosen, suggestion?.purposeId)
}

/** The way's state (domain/wayState.ts) from its stored row and legs. */
export function stateOf(trip: TripRow, legRows: readonly { purposeIds: readonly number[] }[]): WayState {
  return wayState(wayFacts(trip, legRows))
}

/** Refuses (TRIP_CONFIRMED, TRIP_REPORTED, WRONG_STEP) an action the way's state does not allow. */
export function assertAllows(state: WayState, action: WayAction) {
  if (!state.allows[action]) throw new ServiceError(refusal(state.state))
}

export async function legRowsOf(db: DbOrTx, tripId: number): Promise<LegRow[]> {
  return db.select().from(legs).where(eq(legs.tripId, tripId)).orderBy(asc(legs.idx), asc(legs.id))
}

/** The trip (locked for update) and legs of the caller's leg; LEG_NOT_FOUND for another participant's leg. */
async function lockOwnLeg(tx: DbOrTx, userId: number, legId: number) {
  const [row] = await tx
    .select({ tripId: legs.tripId })
    .from(legs)
    .innerJoin(trips, eq(trips.id, legs.tripId))
    .where(and(eq(legs.id, legId), eq(trips.userId, userId)))
  if (!row) throw new ServiceError('LEG_NOT_FOUND')
  const trip = await ownTripRow(tx, userId, row.tripId, { forUpdate: true })
  const legRows = await legRowsOf(tx, trip.id)
  const leg = legRows.find((l) => l.id === legId)
  if (!leg) throw new ServiceError('LEG_NOT_FOUND') // deleted between the two reads
  return { trip, legRows, leg }
}

export async function lockOwnTrip(tx: DbOrTx, userId: number, tripId: number) {
  const trip = await ownTripRow(tx, userId, tripId, { forUpdate: true })
  return { trip, legRows: await legRowsOf(tx, trip.id) }
}

export function assertVersion(trip: TripRow, version: number | undefined) {
  if (version !== undefined && version !== trip.version)
    throw new ServiceError('TRIP_CHANGED', { version: trip.version })
}

/**
 * After a leg was validated: a way whose legs are now all validated is confirmed (irreversible). Only validating
 * confirms; a way whose last open leg was deleted stays unconfirmed until the participant confirms it.
 */
async function confirmIfAllValidated(tx: DbOrTx, tripId: number) {
  const legRows = await legRowsOf(tx, tripId)
  if (legRows.length > 0 && legRows.every((l) => l.validationStatus)) {
    await tx.update(trips).set(CONFIRMED_FLAGS).where(eq(trips.id, tripId))
  }
}

async function checkPurposes(ids: number[], ctx: AuthedContext, cat?: Catalogues): Promise<number[]> {
  const known = new Set((cat ?? (await catalogues(ctx))).purposes.map((p) => p.id))
  const unique = [...new Set(ids)]
  if (unique.some((id) => !known.has(id))) throw new ServiceError('UNKNOWN_PURPOSE')
  return unique
}

function checkModes(modes: string[]): string[] {
  const unique = [...new Set(modes)]
  if (unique.length === 0) throw new ServiceError('MODES_REQUIRED')
  if (unique.some((m) => !isTrafficMode(m))) throw new ServiceError('UNKNOWN_MODE')
  return unique
}

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
  const cat = await catalogues(ctx)
  const trip = await ownTrip(ctx, tripId, cat)
  return { trip, step: trip.way.step, purposes: cat.purposes }
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

  /**
   * Step 1: the step button opens the purpose picker. Confirming sets that purpose list on all legs and
   * re-evaluates the step. Only in step Purpose; idempotent when every leg already has exactly that list.
   */
  setTripPurposes: method({
    params: z.object({ id: zId, purposeIds: z.array(zPurpose), version: zVersion }),
    async run({ id, purposeIds, version }, ctx): Promise<{ version: number }> {
      if (purposeIds.length === 0) throw new ServiceError('PURPOSES_REQUIRED')
      const chosen = await checkPurposes(purposeIds, ctx)
      const source = await confirmedPurposeSource(ctx, id, chosen)
      return ctx.db.transaction(async (tx) => {
        const { trip, legRows } = await lockOwnTrip(tx, ctx.user.id, id)
        if (legRows.length > 0 && legRows.every((l) => sameSet(l.purposeIds, chosen))) return { version: trip.version }
        assertAllows(stateOf(trip, legRows), 'setPurposes')
        assertVersion(trip, version)
        await tx
          .update(legs)
          .set({ purposeIds: chosen, ...purposesFrom(source, ctx.now()) })
          .where(eq(legs.tripId, trip.id))
        await refreshTrip(tx, trip.id)
        return { version: trip.version + 1 }
      })
    },
  }),

  /**
   * Step 2: on confirm all legs are marked validated and the trip is saved. Needs every leg's purposes
   * (step TrafficModes, or BeforeQuestionnaires after a partial validation); the way becomes confirmed for good.
   * Idempotent for a way that is already confirmed.
   */
  confirmTrip: method({
    params: z.object({ id: zId, version: zVersion }),
    async run({ id, version }, ctx): Promise<{ version: number }> {
      return ctx.db.transaction(async (tx) => {
        const { trip, legRows } = await lockOwnTrip(tx, ctx.user.id, id)
        const state = stateOf(trip, legRows)
        if (state.state === 'questions' || state.state === 'done') return { version: trip.version }
        assertAllows(state, 'confirm')
        assertVersion(trip, version)
        await tx.update(legs).set({ validationStatus: true }).where(eq(legs.tripId, trip.id))
        await refreshTrip(tx, trip.id)
        await tx.update(trips).set(CONFIRMED_FLAGS).where(eq(trips.id, trip.id))
        return { version: trip.version + 1 }
      })
    },
  }),

  /**
   * Step 3 when the way has no questionnaire left to answer (its questionnaire run is empty): marks its
   * questionnaires answered, so the way reaches Validated. Only for a confirmed way; idempotent once complete;
   * refused with ANSWER_MANDATORY_MISSING while a questionnaire is pending.
   */
  completeTrip: method({
    params: z.object({ id: zId, version: zVersion }),
    async run({ id, version }, ctx): Promise<{ version: number }> {
      const pending = (await tripRun(ctx, id)).flow.parts.length > 0
      return ctx.db.transaction(async (tx) => {
        const { trip, legRows } = await lockOwnTrip(tx, ctx.user.id, id)
        const state = stateOf(trip, legRows)
        if (state.state === 'done') return { version: trip.version }
        assertAllows(state, 'complete')
        assertVersion(trip, version)
        if (pending) throw new ServiceError('ANSWER_MANDATORY_MISSING')
        await tx.update(trips).set({ qtnAnswered: true }).where(eq(trips.id, trip.id))
        await tx.update(legs).set({ qtnsAnswered: true }).where(eq(legs.tripId, trip.id))
        await refreshTrip(tx, trip.id)
        return { version: trip.version + 1 }
      })
    },
  }),

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

/**
 * Confirming from the list's card, in one transaction: legs that have purposes keep them, the chosen purpose fills
 * the legs without one (quickPurposes), then the way is confirmed. Only for a way quickConfirmable() allows (every
 * mode known). Either both happen or nothing changes. A stale version is refused unless the way is already
 * confirmed with what this request would have stored (a repeated submit). A page action, not one of the HTTP
 * API's methods (the companion app confirms leg by leg).
 */
export const confirmWithPurpose = method({
  params: z.object({ id: zId, purposeId: zPurpose.optional(), version: zVersion }),
  async run({ id, purposeId, version }, ctx): Promise<{ version: number }> {
    const chosen = purposeId === undefined ? null : (await checkPurposes([purposeId], ctx))[0]
    const source = chosen == null ? null : await confirmedPurposeSource(ctx, id, [chosen])
    return ctx.db.transaction(async (tx) => {
      const { trip, legRows } = await lockOwnTrip(tx, ctx.user.id, id)
      const state = stateOf(trip, legRows)
      const stored = legRows.map((l) => l.purposeIds)
      if (state.state === 'questions' || state.state === 'done') {
        // Confirmed meanwhile: a repeated submit finds its purpose stored; another tab's choice is a change.
        const satisfied = chosen == null || stored.some((p) => p.includes(chosen))
        if (!satisfied) assertVersion(trip, version)
        return { version: trip.version }
      }
      if (
        !quickConfirmable(
          state,
          legRows.map((l) => l.tfcModes),
        )
      )
        throw new ServiceError(state.allows.setPurposes ? 'MODES_REQUIRED' : refusal(state.state))
      assertVersion(trip, version)
      const purposes = quickPurposes(stored, chosen)
      if (!purposes) throw new ServiceError('PURPOSES_REQUIRED')
      // A leg the chosen purpose fills takes its source (accepted suggestion or own choice); the others keep theirs.
      for (const [i, leg] of legRows.entries()) {
        const filled = source != null && stored[i].length === 0
        await tx
          .update(legs)
          .set({ purposeIds: purposes[i], ...(filled ? purposesFrom(source, ctx.now()) : {}), validationStatus: true })
          .where(eq(legs.id, leg.id))
      }
      await refreshTrip(tx, trip.id)
      await tx.update(trips).set(CONFIRMED_FLAGS).where(eq(trips.id, trip.id))
      return { version: trip.version + 1 }
    })
  },
})
