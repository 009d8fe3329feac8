// Purpose suggestions for the participant's unconfirmed ways, from their own confirmed ways (the rule lives in
// domain/purposeSuggestion.ts). Reads the last HISTORY_WAYS confirmed ways; never writes anything.
import { and, desc, eq } from 'drizzle-orm'
import { confirmedSql } from '~/db/confirmed'
import { trips, type LatLon } from '~/db/schema'
import { savedPlaceAt } from '~/domain/places'
import { suggestPurpose, type PastWay, type Suggestion } from '~/domain/purposeSuggestion'
import { zonedParts } from '~/domain/time'
import { requireSession, type AuthedContext, type ServiceContext } from '../core.server'
import { participantCached } from '../participant-cache.server'
import { listOwnPois, type PoiDto } from '../poi.server'
import { legsOf, wayEndPointsOf } from './model.server'

/** How many of the participant's latest confirmed ways a suggestion looks at. */
const HISTORY_WAYS = 300

/** The participant's latest confirmed, unreported ways as the suggestion rule reads them, newest first. */
export async function pastWays(ctx: AuthedContext, places: readonly PoiDto[]): Promise<(PastWay & { id: number })[]> {
  const placeAt = placeFinder(places)
  const minuteOfDay = minuteOfDayIn(ctx.env.STUDY_TIME_ZONE)
  const past = await ctx.db
    .select({ id: trips.id, startTime: trips.startTime })
    .from(trips)
    .where(and(eq(trips.userId, ctx.user.id), confirmedSql(), eq(trips.fdbkAvail, false)))
    .orderBy(desc(trips.startTime))
    .limit(HISTORY_WAYS)
  const ids = past.map((p) => p.id)
  const [ends, legRows] = await Promise.all([wayEndPointsOf(ctx.db, ids), legsOf(ctx.db, ids, { geom: false })])
  const history: (PastWay & { id: number })[] = []
  for (const p of past) {
    const purposeId = legRows.get(p.id)?.[0]?.purposeIds[0]
    if (purposeId == null) continue
    const e = ends.get(p.id)
    history.push({
      id: p.id,
      startPlace: placeAt(e?.start),
      endPlace: placeAt(e?.end),
      minuteOfDay: minuteOfDay(p.startTime),
      purposeId,
      startedAt: p.startTime.getTime(),
    })
  }
  return history
}

const placeFinder = (places: readonly PoiDto[]) => (point: LatLon | undefined) =>
  point ? (savedPlaceAt(point, places)?.id ?? null) : null
const minuteOfDayIn = (tz: string) => (d: Date) => {
  const p = zonedParts(d, tz)
  return p.hour * 60 + p.minute
}

export async function purposeSuggestions(
  ctx: ServiceContext,
  ways: readonly { id: number; start: string }[],
  /** The caller's saved places when the page has them already (else read here). */
  known?: Promise<PoiDto[]>,
): Promise<Map<number, Suggestion>> {
  requireSession(ctx)
  if (ways.length === 0) return new Map()
  return participantCached(
    ctx,
    `suggestions:${ways.map((w) => `${w.id}@${w.start}`).join()}`,
    () => suggestionsOf(ctx, ways, known),
    (m) => 200 * m.size,
  )
}

async function suggestionsOf(
  ctx: AuthedContext,
  ways: readonly { id: number; start: string }[],
  known?: Promise<PoiDto[]>,
): Promise<Map<number, Suggestion>> {
  const out = new Map<number, Suggestion>()
  const places = await (known ?? listOwnPois(ctx))
  if (places.length === 0) return out
  const placeAt = placeFinder(places)
  const minuteOfDay = minuteOfDayIn(ctx.env.STUDY_TIME_ZONE)
  const [history, nowEnds] = await Promise.all([
    pastWays(ctx, places),
    wayEndPointsOf(
      ctx.db,
      ways.map((w) => w.id),
    ),
  ])
  for (const w of ways) {
    const ends = nowEnds.get(w.id)
    const s = suggestPurpose(
      { startPlace: placeAt(ends?.start), endPlace: placeAt(ends?.end), minuteOfDay: minuteOfDay(new Date(w.start)) },
      history,
    )
    if (s) out.set(w.id, s)
  }
  return out
}
