// Places of interest (addPoi, updatePoi, deletePoi, getPois under service "user").
// Every call is limited to the caller's own places (another participant's id → POI_NOT_FOUND, nothing changed)
// and to authorized callers (/pois requires authorization; ADR 006: assigned to a campaign).
import { and, count, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { pois, users } from '~/db/schema'
import type { Env } from '~/infra/env.server'
import {
  fillStaticMapTemplate,
  parseCoordinate,
  poiProblems,
  POI_CREATION_TYPES,
  type PoiCreationType,
} from '~/domain/poi'
import { formatDayTime } from '~/domain/time'
import {
  assertWithin,
  method,
  requireSession,
  ServiceError,
  zId,
  type AuthedContext,
  type Service,
  type ServiceContext,
} from './core.server'
import { isAuthorized } from './authorization.server'
import { participantCached } from './participant-cache.server'

type PoiRow = typeof pois.$inferSelect

/** Place of interest. */
export interface PoiDto {
  id: number
  name: string
  /** true verified, false unverified, null no status. */
  verificationStatus: boolean | null
  /** 'YYYY-MM-DD HH:mm' in the study's time zone (the default date format). */
  creationDate: string
  creationType: PoiCreationType
  lat: number
  lon: number
  desc: string | null
}

export function toPoiDto(row: PoiRow, timeZone: string): PoiDto {
  return {
    id: row.id,
    name: row.name,
    verificationStatus: row.verificationStatus,
    creationDate: formatDayTime(row.creationDate, timeZone),
    creationType: (POI_CREATION_TYPES as readonly string[]).includes(row.creationType)
      ? (row.creationType as PoiCreationType)
      : 'CREATED_MANUALLY',
    lat: row.lat,
    lon: row.lon,
    desc: row.desc,
  }
}

/** Only /pois requires authorization (ADR 006). */
export function requireAuthorized(ctx: ServiceContext): asserts ctx is AuthedContext {
  requireSession(ctx)
  if (!isAuthorized(ctx.user)) throw new ServiceError('NOT_AUTHORIZED')
}

const coordinate = z.union([z.number(), z.string().max(40)]).nullish()

const PoiInput = z.object({
  name: z.string().max(200).nullish(),
  lat: coordinate,
  lon: coordinate,
  desc: z.string().max(1000).nullish(),
  verificationStatus: z.boolean().nullish(),
  creationType: z.enum(POI_CREATION_TYPES).optional(),
})

/** Parses and checks a poi payload; throws the first problem (all of them in details.problems). */
function checkedInput(poi: z.output<typeof PoiInput>, positionRequired: boolean) {
  const lat = parseCoordinate(poi.lat)
  const lon = parseCoordinate(poi.lon)
  const problems = poiProblems({ name: poi.name, lat, lon }, { positionRequired })
  if (problems.length) throw new ServiceError(problems[0]!.constant, { path: `poi.${problems[0]!.field}`, problems })
  return { name: poi.name!.trim(), position: lat != null && lon != null ? { lat, lon } : null }
}

const tz = (ctx: ServiceContext) => ctx.env.STUDY_TIME_ZONE

export const poiService = {
  addPoi: method({
    params: z.object({ poi: PoiInput }),
    async run({ poi }, ctx): Promise<{ poi: PoiDto }> {
      requireAuthorized(ctx)
      const { name, position } = checkedInput(poi, true)
      const row = await ctx.db.transaction(async (tx) => {
        // The participant's row locked: two adds at once cannot both take the last free place.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, ctx.user.id)).for('update')
        const [{ n }] = await tx.select({ n: count() }).from(pois).where(eq(pois.userId, ctx.user.id))
        assertWithin('placesPerParticipant', n)
        const [inserted] = await tx
          .insert(pois)
          .values({
            userId: ctx.user.id,
            name,
            lat: position!.lat,
            lon: position!.lon,
            desc: poi.desc?.trim() || null,
            // A place the participant placed themselves counts as verified unless the caller says otherwise
            // (the development-mode checkbox sends true or null).
            verificationStatus: poi.verificationStatus === undefined ? true : poi.verificationStatus,
            creationType: poi.creationType ?? 'CREATED_MANUALLY',
            creationDate: ctx.now(),
          })
          .returning()
        return inserted!
      })
      return { poi: toPoiDto(row, tz(ctx)) }
    },
  }),

  updatePoi: method({
    params: z.object({ poi: PoiInput.extend({ id: zId }) }),
    async run({ poi }, ctx): Promise<{ poi: PoiDto }> {
      requireAuthorized(ctx)
      const { name, position } = checkedInput(poi, false)
      // Saving an edit sets it verified.
      const [row] = await ctx.db
        .update(pois)
        .set({
          name,
          verificationStatus: true,
          ...(position ?? {}),
          ...(poi.desc !== undefined ? { desc: poi.desc?.trim() || null } : {}),
        })
        .where(and(eq(pois.id, poi.id), eq(pois.userId, ctx.user.id)))
        .returning()
      if (!row) throw new ServiceError('POI_NOT_FOUND')
      return { poi: toPoiDto(row, tz(ctx)) }
    },
  }),

  deletePoi: method({
    params: z.object({ id: zId }),
    async run({ id }, ctx): Promise<null> {
      requireAuthorized(ctx)
      const deleted = await ctx.db
        .delete(pois)
        .where(and(eq(pois.id, id), eq(pois.userId, ctx.user.id)))
        .returning({ id: pois.id })
      if (!deleted.length) throw new ServiceError('POI_NOT_FOUND')
      return null
    },
  }),

  getPois: method({
    params: z.object({}),
    async run(_params, ctx): Promise<{ pois: PoiDto[] }> {
      requireAuthorized(ctx)
      return { pois: await ownPoiRows(ctx) }
    },
  }),
} satisfies Service

async function ownPoiRows(ctx: AuthedContext): Promise<PoiDto[]> {
  const rows = await ctx.db
    .select()
    .from(pois)
    .where(eq(pois.userId, ctx.user.id))
    .orderBy(desc(pois.creationDate), desc(pois.id))
  return rows.map((r) => toPoiDto(r, tz(ctx)))
}

/**
 * The caller's saved places, newest first — for the locator questions of the questionnaires (a participant can
 * pick a saved place as an answer). Needs a session; unlike the /pois methods it does not require campaign
 * assignment (someone answering a questionnaire is in a campaign anyway, and the places are their own).
 */
export async function listOwnPois(ctx: ServiceContext): Promise<PoiDto[]> {
  requireSession(ctx)
  return participantCached(
    ctx,
    'pois',
    () => ownPoiRows(ctx),
    (places) => 300 * places.length,
  )
}

/** One of the caller's places (authorized callers only); another participant's id → POI_NOT_FOUND. */
export async function ownPoi(ctx: ServiceContext, id: number): Promise<PoiDto> {
  requireAuthorized(ctx)
  const [row] = await ctx.db
    .select()
    .from(pois)
    .where(and(eq(pois.id, id), eq(pois.userId, ctx.user.id)))
  if (!row) throw new ServiceError('POI_NOT_FOUND')
  return toPoiDto(row, tz(ctx))
}

/**
 * The static map image of a place: the configured STATIC_MAP_URL template (with STATIC_MAP_KEY) when set,
 * otherwise the server's own SVG at /static-map/:id (no third party, works offline). The `v` parameter changes with
 * the position, so a privately cached image never outlives an edit.
 */
export function poiImageUrl(
  env: Pick<Env, 'STATIC_MAP_URL' | 'STATIC_MAP_KEY'>,
  poi: Pick<PoiDto, 'id' | 'lat' | 'lon'>,
): string {
  if (env.STATIC_MAP_URL)
    return fillStaticMapTemplate(env.STATIC_MAP_URL, { lat: poi.lat, lon: poi.lon, key: env.STATIC_MAP_KEY })
  return `/static-map/${poi.id}?v=${poi.lat.toFixed(6)},${poi.lon.toFixed(6)}`
}
