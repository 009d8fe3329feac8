// The way's steps as service methods (the page's step buttons and the HTTP API alike): purposes for the whole way
// (setTripPurposes, step 1), confirming it for good (confirmTrip, step 2), and marking it complete when no
// questionnaire is left (completeTrip, step 3); and the list card's one-tap confirm with a purpose
// (confirmWithPurpose, a page action). Each is idempotent once its result is stored; a stale version is refused.
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { legs, trips } from '~/db/schema'
import { sameSet } from '~/domain/legEdit'
import { CONFIRMED_FLAGS, quickConfirmable, quickPurposes, refusal } from '~/domain/wayState'
import { tripRun } from '../questionnaire-step.server'
import { method, ServiceError, zId, type Service } from '../core.server'
import {
  assertAllows,
  assertVersion,
  checkPurposes,
  confirmedPurposeSource,
  lockOwnTrip,
  stateOf,
  zPurpose,
  zVersion,
} from './checks.server'
import { purposesFrom, refreshTrip } from './model.server'

export const tripConfirmMethods = {
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
