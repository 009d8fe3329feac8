// Ways entered by hand (addTrip and
// updateTrip): one leg with start, end, purposes and modes; creationType CREATED_MANUALLY; no distance.
// Only the caller's manually created, still editable ways can be updated.
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '~/db/connect.server'
import { legs, trips, users } from '~/db/schema'
import { questionnairesAskedFor } from '../questionnaire/store.server'
import { isTrafficMode } from '~/domain/trafficModes'
import { refusal, wayFacts, wayState } from '~/domain/wayState'
import { dayInZone, zonedDateTimeToUtc } from '~/domain/time'
import { isDateParam, validateManualWay } from '~/domain/timeInput'
import { listTripPurposes } from '../info.server'
import { assertWithin, method, ServiceError, zId, type AuthedContext, type Service } from '../core.server'
import {
  catalogues,
  clearNoTripMark,
  legsOf,
  ownTrip,
  ownTripRow,
  refreshTrip,
  toTripDto,
  waysOnDayOf,
  type TripDto,
  participantLabels,
} from './model.server'

const CREATED_MANUALLY = 'CREATED_MANUALLY'

/** Error constants of the manual way (locales/<lang>/errors.json). */
const FILL_ALL = 'FILL_ALL'
const END_BEFORE_START = 'END_BEFORE_START'

/** A start or end later than now. */
const IN_FUTURE = 'IN_FUTURE'

/** The API answers the manual way's rules with error constants; the page shows the rules' own messages. */
const VALIDATION_CONSTANT = {
  'ways:addWay.fillAll': FILL_ALL,
  'ways:addWay.endBeforeStart': END_BEFORE_START,
  'ways:noFuture.message': IN_FUTURE,
} as const

// ---------------------------------------------------------------------------------------------------------------
// Params: a Trip and its Leg, as the manual screen sends them (modes and purposes either bare or as objects).

const ModeRef = z
  .union([z.string(), z.looseObject({ constant: z.string() })])
  .transform((m) => (typeof m === 'string' ? m : m.constant))
const PurposeRef = z.union([zId, z.looseObject({ id: zId })]).transform((p) => (typeof p === 'number' ? p : p.id))
/** Missing or empty: "fill in all fields"; otherwise parsed in the study's time zone (see parseLegTime). */
const LegTime = z.string().nullish()

const LegParams = z.looseObject({
  id: z.union([zId, z.literal(0), z.literal('0')]).nullish(),
  startTime: LegTime,
  endTime: LegTime,
  tfcModes: z.array(ModeRef).max(50).nullish(),
  tripPurposes: z.array(PurposeRef).max(200).nullish(),
  /** The manual screen sends false; geometry is never taken from it. */
  applyGeom: z.boolean().optional(),
})
type LegParams = z.output<typeof LegParams>

const NewId = z.union([z.literal(0), z.literal('0')])
const Name = z.string().max(200).nullish()

const AddParams = z.object({
  trp: z.looseObject({
    id: NewId.optional(),
    name: Name,
    creationType: z.literal(CREATED_MANUALLY).optional(),
    /** Optional client-chosen id: a second add with the same objId returns the first way instead of a duplicate. */
    objId: z.string().min(1).max(100).nullish(),
    legs: z.array(LegParams).max(1).default([]),
  }),
})

/** The way's version as read (getTrip's trp.version), top-level or in trp: required, a stale one is refused. */
const Version = z.coerce.number().int().nonnegative()

const UpdateParams = z
  .object({
    trp: z.looseObject({
      id: zId,
      name: Name,
      creationType: z.literal(CREATED_MANUALLY).optional(),
      objId: z.string().max(100).nullish(),
      legs: z.array(LegParams).max(50).default([]),
      version: Version.optional(),
    }),
    version: Version.optional(),
  })
  .superRefine((p, ctx) => {
    if (p.version == null && p.trp.version == null)
      ctx.addIssue({ code: 'custom', path: ['version'], message: 'required' })
  })

// ---------------------------------------------------------------------------------------------------------------

const WALL_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/

/**
 * A leg time of the manual screen: 'YYYY-MM-DD HH:mm' (legs), 'YYYY-MM-DDTHH:mm:ss' (manual form) — wall-clock times
 * in the study's time zone, hour 0-24 (24:mm is the next day) — or an ISO instant with offset. Empty → null.
 */
export function parseLegTime(value: string | null | undefined, timeZone: string, path: string): Date | null {
  if (value == null || value.trim() === '') return null
  const s = value.trim()
  const m = WALL_TIME.exec(s)
  if (m) {
    const [hour, minute, second] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)]
    if (isDateParam(m[1]) && hour <= 24 && minute <= 59 && second <= 59)
      return zonedDateTimeToUtc(m[1], hour, minute, timeZone)
  } else if (INSTANT.test(s)) {
    const d = new Date(s)
    if (!Number.isNaN(d.getTime())) return d
  }
  throw new ServiceError('INVALID_PARAMS', { path })
}

interface CheckedLeg {
  id: number | null
  start: Date
  end: Date
  tfcModes: string[]
  purposeIds: number[]
}

/** The add/edit way checks for one leg; modes must be known constants, purposes in the caller's catalogue. */
function checkLeg(leg: LegParams, i: number, known: Set<number>, timeZone: string, now: Date): CheckedLeg {
  const way = {
    start: parseLegTime(leg.startTime, timeZone, `trp.legs.${i}.startTime`),
    end: parseLegTime(leg.endTime, timeZone, `trp.legs.${i}.endTime`),
    tfcModes: [...new Set(leg.tfcModes ?? [])],
    purposes: [...new Set(leg.tripPurposes ?? [])],
  }
  const invalid = validateManualWay(way, now)
  if (invalid) throw new ServiceError(VALIDATION_CONSTANT[invalid])
  if (!way.tfcModes.every(isTrafficMode)) throw new ServiceError('UNKNOWN_MODE')
  if (!way.purposes.every((id) => known.has(id))) throw new ServiceError('UNKNOWN_PURPOSE')
  const id = leg.id == null || leg.id === 0 || leg.id === '0' ? null : leg.id
  return { id, start: way.start!, end: way.end!, tfcModes: way.tfcModes, purposeIds: way.purposes }
}

async function checkedLegs(ctx: AuthedContext, legParams: LegParams[]): Promise<CheckedLeg[]> {
  if (legParams.length === 0) throw new ServiceError(FILL_ALL)
  const known = new Set((await listTripPurposes(ctx)).map((p) => p.id))
  return legParams.map((leg, i) => checkLeg(leg, i, known, ctx.env.STUDY_TIME_ZONE, ctx.now()))
}

/** The stored leg a sent leg updates: the one with its id, else the one at its position; none: a new leg. */
function legTarget<L extends { id: number }>(existing: readonly L[], leg: CheckedLeg, i: number): L | undefined {
  return leg.id != null ? existing.find((l) => l.id === leg.id) : existing[i]
}

async function tripDto(ctx: AuthedContext, db: DbOrTx, tripId: number): Promise<TripDto> {
  const row = await ownTripRow(db, ctx.user.id, tripId)
  const legRows = (await legsOf(db, [tripId])).get(tripId) ?? []
  return toTripDto(row, legRows, await catalogues(ctx), ctx.env.STUDY_TIME_ZONE)
}

/** The caller's way if it can be edited on the manual screen; TRIP_NOT_FOUND, TRIP_NOT_MANUAL, TRIP_CONFIRMED, TRIP_REPORTED otherwise. */
function requireEditableManual(row: Parameters<typeof wayFacts>[0], legRows: Parameters<typeof wayFacts>[1]) {
  if (row.creationType !== CREATED_MANUALLY) throw new ServiceError('TRIP_NOT_MANUAL')
  const state = wayState(wayFacts(row, legRows))
  if (!state.allows.editManual) throw new ServiceError(refusal(state.state))
}

/** For the edit page: the caller's manually created, still editable way (errors as updateTrip would raise them). */
export async function manualTripForEdit(ctx: AuthedContext, tripId: number): Promise<TripDto> {
  const trip = await ownTrip(ctx, tripId)
  requireEditableManual(trip, trip.legs)
  return trip
}

export const tripManualMethods = {
  /** addTrip (trp: id '0', name, creationType CREATED_MANUALLY, legs): a new way with one leg. */
  addTrip: method({
    params: AddParams,
    async run({ trp }, ctx): Promise<{ trp: TripDto }> {
      const [leg] = await checkedLegs(ctx, trp.legs)
      const name = trp.name?.trim() || null
      const objId = trp.objId ?? null
      const id = await ctx.db.transaction(async (tx) => {
        if (objId) {
          // Idempotent on objId: a double submit of the same form creates one way.
          await tx.select({ id: users.id }).from(users).where(eq(users.id, ctx.user.id)).for('update')
          const [existing] = await tx
            .select({ id: trips.id })
            .from(trips)
            .where(and(eq(trips.userId, ctx.user.id), eq(trips.objId, objId)))
            .limit(1)
          if (existing) return existing.id
        }
        assertWithin('waysPerDay', await waysOnDayOf(tx, ctx.user.id, leg.start, ctx.env.STUDY_TIME_ZONE))
        const asks = await questionnairesAskedFor(tx, ctx.user.campaignId, [leg.tfcModes])
        const [{ id }] = await tx
          .insert(trips)
          .values({
            userId: ctx.user.id,
            name,
            objId,
            creationType: CREATED_MANUALLY,
            creationTime: ctx.now(),
            startTime: leg.start,
            endTime: leg.end,
            distance: null,
            qtnAnswered: !asks.trip,
          })
          .returning({ id: trips.id })
        await tx.insert(legs).values({
          tripId: id,
          idx: 0,
          startTime: leg.start,
          endTime: leg.end,
          len: null,
          geom: [],
          detectedModes: [],
          tfcModes: leg.tfcModes,
          purposeIds: leg.purposeIds,
          ...participantLabels(leg, ctx.now()),
          qtnsAnswered: !asks.legs[0],
        })
        await refreshTrip(tx, id)
        await clearNoTripMark(tx, ctx.user.id, leg.start, ctx.env.STUDY_TIME_ZONE)
        return id
      })
      return { trp: await tripDto(ctx, ctx.db, id) }
    },
  }),

  /**
   * updateTrip (trp: id, name, legs, creationType, objId) for a manually created way. A leg with the id of one
   * of the way's legs updates that leg; a leg without id updates the leg at its position (the manual screen sends
   * one leg: the first). Legs not sent stay as they are. name: absent keeps it, null or '' derives it from purposes.
   * The way's version (top-level or trp.version) is required: a stale one is refused with TRIP_CHANGED.
   */
  updateTrip: method({
    params: UpdateParams,
    async run(p, ctx): Promise<{ trp: TripDto }> {
      const { trp } = p
      // Permission first (another participant's id is TRIP_NOT_FOUND whatever was sent), then the form rules.
      const version = trp.version ?? p.version!
      const first = await ownTripRow(ctx.db, ctx.user.id, trp.id)
      requireEditableManual(first, (await legsOf(ctx.db, [first.id], { geom: false })).get(first.id) ?? [])
      const checked = await checkedLegs(ctx, trp.legs)
      await ctx.db.transaction(async (tx) => {
        const row = await ownTripRow(tx, ctx.user.id, trp.id, { forUpdate: true })
        const existing = (await legsOf(tx, [row.id])).get(row.id) ?? []
        requireEditableManual(row, existing)
        if (row.version !== version) throw new ServiceError('TRIP_CHANGED', { version: row.version })
        assertWithin('legsPerWay', existing.length, checked.filter((leg, i) => !legTarget(existing, leg, i)).length)
        // A way moved to another day counts there.
        const tz = ctx.env.STUDY_TIME_ZONE
        if (dayInZone(checked[0].start, tz) !== dayInZone(row.startTime, tz))
          assertWithin('waysPerDay', await waysOnDayOf(tx, ctx.user.id, checked[0].start, tz))
        const asks = await questionnairesAskedFor(
          tx,
          ctx.user.campaignId,
          checked.map((leg) => leg.tfcModes),
        )
        for (const [i, leg] of checked.entries()) {
          const target = legTarget(existing, leg, i)
          if (leg.id != null && !target) throw new ServiceError('LEG_NOT_FOUND')
          const values = {
            startTime: leg.start,
            endTime: leg.end,
            tfcModes: leg.tfcModes,
            purposeIds: leg.purposeIds,
            ...participantLabels(leg, ctx.now()),
            qtnsAnswered: !asks.legs[i],
          }
          if (target)
            await tx
              .update(legs)
              .set(values)
              .where(and(eq(legs.id, target.id), eq(legs.tripId, row.id)))
          else
            await tx
              .insert(legs)
              .values({ ...values, tripId: row.id, idx: existing.length + i, len: null, geom: [], detectedModes: [] })
        }
        const changes: Partial<typeof trips.$inferInsert> = {}
        if (trp.name !== undefined) changes.name = trp.name?.trim() || null
        if (trp.objId !== undefined) changes.objId = trp.objId || null
        if (Object.keys(changes).length) await tx.update(trips).set(changes).where(eq(trips.id, row.id))
        await refreshTrip(tx, row.id)
        await clearNoTripMark(tx, ctx.user.id, checked[0].start, ctx.env.STUDY_TIME_ZONE)
      })
      return { trp: await tripDto(ctx, ctx.db, trp.id) }
    },
  }),
} satisfies Service
