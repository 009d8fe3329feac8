// What every write to a way checks first, for all the trip service's parts: the way (or leg) is the caller's and is
// locked for the transaction, the version sent is current, the way's state machine allows the action, and purposes
// and modes are known; the params' shapes they share; and the one write they all end with when the last leg is
// validated (the way is confirmed).
import { and, asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '~/db/connect.server'
import { legs, trips } from '~/db/schema'
import { chosenPurposeSource } from '~/domain/provenance'
import { isTrafficMode } from '~/domain/trafficModes'
import { CONFIRMED_FLAGS, refusal, wayFacts, wayState, type WayAction, type WayState } from '~/domain/wayState'
import { ServiceError, zId, type AuthedContext } from '../core.server'
import { catalogues, legsOf, ownTripRow, type Catalogues, type LegRow, type TripRow } from './model.server'
import { purposeSuggestions } from './suggest.server'

export const zVersion = z.coerce.number().int().nonnegative().optional()
export const zLatLon = z.object({ lat: z.coerce.number().min(-90).max(90), lon: z.coerce.number().min(-180).max(180) })
/** A mode as a constant or as { constant, name }. */
export const zMode = z
  .union([z.string(), z.object({ constant: z.string() }).passthrough()])
  .transform((m) => (typeof m === 'string' ? m : m.constant))
/** A purpose as an id or as { id, name }. */
export const zPurpose = z
  .union([zId, z.object({ id: zId }).passthrough()])
  .transform((p) => (typeof p === 'number' ? p : p.id))

/**
 * Whose purposes a confirmation sets: the app's suggestion for the way, accepted unchanged, or the participant's
 * own choice. Asked before the write's transaction (the suggestion reads the participant's history).
 */
export async function confirmedPurposeSource(ctx: AuthedContext, tripId: number, chosen: readonly number[]) {
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

/** The way's state from its row, reading its legs (without their tracks). */
export async function stateOfRow(db: DbOrTx, trip: TripRow): Promise<WayState> {
  return stateOf(trip, (await legsOf(db, [trip.id], { geom: false })).get(trip.id) ?? [])
}

/** Refuses (TRIP_CONFIRMED, TRIP_REPORTED, WRONG_STEP) an action the way's state does not allow. */
export function assertAllows(state: WayState, action: WayAction, details?: Record<string, unknown>) {
  if (!state.allows[action]) throw new ServiceError(refusal(state.state), details)
}

/** The way's legs in their order. */
export async function legRowsOf(db: DbOrTx, tripId: number): Promise<LegRow[]> {
  return db.select().from(legs).where(eq(legs.tripId, tripId)).orderBy(asc(legs.idx), asc(legs.id))
}

/** The trip (locked for update) and legs of the caller's leg; LEG_NOT_FOUND for another participant's leg. */
export async function lockOwnLeg(tx: DbOrTx, userId: number, legId: number) {
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

/** The caller's way, locked for update (TRIP_NOT_FOUND for another participant's), and its legs. */
export async function lockOwnTrip(tx: DbOrTx, userId: number, tripId: number) {
  const trip = await ownTripRow(tx, userId, tripId, { forUpdate: true })
  return { trip, legRows: await legRowsOf(tx, trip.id) }
}

/** Refuses a stale version (TRIP_CHANGED, with the current one); no version given: not checked. */
export function assertVersion(trip: TripRow, version: number | undefined) {
  if (version !== undefined && version !== trip.version)
    throw new ServiceError('TRIP_CHANGED', { version: trip.version })
}

/**
 * After a leg was validated: a way whose legs are now all validated is confirmed (irreversible). Only validating
 * confirms; a way whose last open leg was deleted stays unconfirmed until the participant confirms it.
 */
export async function confirmIfAllValidated(tx: DbOrTx, tripId: number) {
  const legRows = await legRowsOf(tx, tripId)
  if (legRows.length > 0 && legRows.every((l) => l.validationStatus)) {
    await tx.update(trips).set(CONFIRMED_FLAGS).where(eq(trips.id, tripId))
  }
}

/** The purposes, once each; UNKNOWN_PURPOSE for one the participant's catalogue does not have. */
export async function checkPurposes(ids: number[], ctx: AuthedContext, cat?: Catalogues): Promise<number[]> {
  const known = new Set((cat ?? (await catalogues(ctx))).purposes.map((p) => p.id))
  const unique = [...new Set(ids)]
  if (unique.some((id) => !known.has(id))) throw new ServiceError('UNKNOWN_PURPOSE')
  return unique
}

/** The modes, once each; MODES_REQUIRED for none, UNKNOWN_MODE for one not in the catalogue. */
export function checkModes(modes: string[]): string[] {
  const unique = [...new Set(modes)]
  if (unique.length === 0) throw new ServiceError('MODES_REQUIRED')
  if (unique.some((m) => !isTrafficMode(m))) throw new ServiceError('UNKNOWN_MODE')
  return unique
}
