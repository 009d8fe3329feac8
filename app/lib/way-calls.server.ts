// The trip service's methods as the pages call them, with plain names: the service keeps the companion app's
// parameter and field names (its HTTP API), and this is where the pages' words meet them, once.
import type { AuthedContext } from '~/services/core.server'
import { tripService } from '~/services/trip.server'
import { REPORT_REMARK } from '~/services/trip/report.server'
import type { wayFormLeg } from '~/domain/manualWayForm'

/** A leg as the manual way's form gives it. */
type WayFormLeg = ReturnType<typeof wayFormLeg>

/** The params a trip service method takes. */
type Params<M extends keyof typeof tripService> = (typeof tripService)[M] extends (
  ctx: never,
  params: infer P,
) => unknown
  ? P
  : never

/** One page of the participant's ways (newest first by the filter's order), how many match, and their days. */
export async function waysPage(ctx: AuthedContext, params: Params<'getTrips'>) {
  const result = await tripService.getTrips(ctx, params)
  return { ways: result.trps, total: result.totalNo, periods: result.periods }
}

/** The reasons a way can be reported for, in the participant's language. */
export const reportReasons = async (ctx: AuthedContext) =>
  (await tripService.getTripFeedbackReasons(ctx, {})).trpFdbkReasons

/** Reports a way as wrong, for the chosen reasons. */
export const reportWay = (ctx: AuthedContext, id: number, reasonIds: number[]) =>
  tripService.setTripFeedback(ctx, { id, remark: REPORT_REMARK, trpFdbkReasonIds: reasonIds })

/** Replaces a leg's traffic modes. */
export const setLegModes = (ctx: AuthedContext, legId: number, modes: string[], version: number | undefined) =>
  tripService.updateLeg(ctx, { leg: { id: legId, tfcModes: modes }, version })

/** A copy of the way; answers the copy. */
export const copyWay = async (ctx: AuthedContext, params: Params<'copyTrip'>) =>
  (await tripService.copyTrip(ctx, params)).trp

export const deleteWay = (ctx: AuthedContext, id: number) => tripService.deleteTrips(ctx, { trpIds: [id] })

/** Splits a way; answers the ways it became, in order. */
export const splitWay = async (ctx: AuthedContext, params: Params<'splitTrip'>) =>
  (await tripService.splitTrip(ctx, params)).trps

/** Merges two neighbouring ways; answers the merged way. */
export const mergeWays = async (ctx: AuthedContext, params: Params<'mergeTrips'>) =>
  (await tripService.mergeTrips(ctx, params)).trp

/** Undoes the split or merge that made the way; answers the ways it restored, in order. */
export const undoEdit = async (ctx: AuthedContext, params: Params<'revertEdit'>) =>
  (await tripService.revertEdit(ctx, params)).trps

/** Adds a way entered by hand (one leg); answers its id. */
export const addManualWay = async (ctx: AuthedContext, leg: WayFormLeg) =>
  (await tripService.addTrip(ctx, { trp: { id: '0', name: null, creationType: 'CREATED_MANUALLY', legs: [leg] } })).trp
    .id

/** Changes a way entered by hand, as of the version the form showed; answers its id. */
export const updateManualWay = async (ctx: AuthedContext, id: number, leg: WayFormLeg, version: string) =>
  (
    await tripService.updateTrip(ctx, {
      trp: { id, creationType: 'CREATED_MANUALLY', legs: [leg] },
      version,
    })
  ).trp.id
