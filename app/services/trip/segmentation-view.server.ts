// What the pages offer to correct the segmentation (their views, not service methods): on the way's page the
// merge with the way before or after, the points a leg can be cut at (named by time and place) and the undo; on the
// list a merge between two neighbouring cards and the undo of the edit that made a way.
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { trips } from '~/db/schema'
import type { LatLon } from '~/domain/geometry'
import {
  cutCandidates,
  mergeOffered,
  mergePairs,
  nearestInnerPoint,
  timeAtPoint,
  type WayTimes,
} from '~/domain/segmentation'
import { dayInZone, formatDayTime } from '~/domain/time'
import type { AuthedContext } from '../core.server'
import { participantCached } from '../participant-cache.server'
import { pointNames } from '../place-names.server'
import { stateOf } from './checks.server'
import { legsOf, type TripDto, type TripRow } from './model.server'
import { revertibleEdit } from './segmentation-history.server'

type Neighbour = Pick<TripRow, 'id' | 'startTime' | 'endTime'>

/** The ways just before and after a way of the participant (by start time), for "merge with the previous / next". */
async function neighbours(
  db: DbOrTx,
  userId: number,
  trip: Pick<TripRow, 'id' | 'startTime'>,
): Promise<{ previous: Neighbour | null; next: Neighbour | null }> {
  const at = trip.startTime.toISOString()
  const key = sql`(${trips.startTime}, ${trips.id})`
  const mine = sql`(${at}::timestamptz, ${trip.id}::int)`
  const columns = { id: trips.id, startTime: trips.startTime, endTime: trips.endTime }
  const [previous] = await db
    .select(columns)
    .from(trips)
    .where(and(eq(trips.userId, userId), sql`${key} < ${mine}`))
    .orderBy(desc(trips.startTime), desc(trips.id))
    .limit(1)
  const [next] = await db
    .select(columns)
    .from(trips)
    .where(and(eq(trips.userId, userId), sql`${key} > ${mine}`))
    .orderBy(trips.startTime, trips.id)
    .limit(1)
  return { previous: previous ?? null, next: next ?? null }
}

/** A way's instants and days in the study's time zone, as the merge offer reads them. */
const timesOf = (w: { startTime: Date; endTime: Date }, tz: string): WayTimes => ({
  start: w.startTime,
  end: w.endTime,
  startDay: dayInZone(w.startTime, tz),
  endDay: dayInZone(w.endTime, tz),
})

/** How many points of a leg the page offers as cuts when no map can be tapped. */
const CUTS_OFFERED = 24

export interface CutPoint {
  idx: number
  /** 'HH:mm' in the study's time zone. */
  time: string
  /** The saved place or street there, when known. */
  name: string | null
  paused: boolean
}

export interface SegmentationView {
  /** What undoing would take back now (null: nothing, or a result can no longer be changed). */
  undo: 'split' | 'merge' | null
  /** The ways just before and after that can be merged with this one. */
  mergePrevious: { id: number; version: number } | null
  mergeNext: { id: number; version: number } | null
  /** The points offered to cut leg `legId` at (the split dialog with a leg chosen). */
  cuts: { legId: number; points: CutPoint[] } | null
  /** The legs with inner points: where a split inside a leg can cut (the page draws simplified tracks). */
  cuttable: number[]
  /** The point of leg `legId` nearest to where the participant tapped its track on the map, with its position. */
  picked: (CutPoint & { legId: number; lat: number; lon: number }) | null
}

/** Ways of the caller whose state allows `action`, by id (with their versions). */
async function allowing(db: DbOrTx, userId: number, ids: number[], action: 'merge' | 'revertEdit') {
  if (!ids.length) return new Map<number, number>()
  const rows = await db
    .select()
    .from(trips)
    .where(and(eq(trips.userId, userId), inArray(trips.id, ids)))
  const legRows = await legsOf(db, ids, { geom: false })
  return new Map(
    rows.filter((t) => stateOf(t, legRows.get(t.id) ?? []).allows[action]).map((t) => [t.id, t.version] as const),
  )
}

/**
 * What undoing the edit that made way `tripId` would take back now: null when there is nothing to undo or one of
 * the edit's results can no longer be changed.
 */
async function undoOf(db: DbOrTx, userId: number, tripId: number): Promise<'split' | 'merge' | null> {
  const edit = await revertibleEdit(db, userId, tripId)
  if (!edit) return null
  const allowed = await allowing(db, userId, edit.afterIds, 'revertEdit')
  return allowed.size === edit.afterIds.length ? (edit.kind as 'split' | 'merge') : null
}

/** Points of a leg as the split dialog names them: by their time along the leg and the saved place or street there. */
async function cutPoints(
  ctx: AuthedContext,
  leg: TripDto['legs'][number],
  candidates: readonly { idx: number; paused: boolean }[],
): Promise<CutPoint[]> {
  const track = { start: new Date(leg.start), end: new Date(leg.end), geom: leg.geom }
  const names = await pointNames(
    ctx,
    candidates.map((c) => leg.geom[c.idx]),
  )
  return candidates.map((c, i) => ({
    idx: c.idx,
    time: formatDayTime(timeAtPoint(track, c.idx), ctx.env.STUDY_TIME_ZONE).slice(11, 16),
    name: names[i]?.name ?? null,
    paused: c.paused,
  }))
}

/**
 * What the way's page offers to correct the way's segmentation (the page's view, not a service method). `cut`:
 * the leg chosen in the split dialog, and where its track was tapped on the map (JavaScript only).
 */
export async function segmentationView(
  ctx: AuthedContext,
  trip: TripDto,
  cut: { legId: number | null; at: LatLon | null },
): Promise<SegmentationView> {
  // Without a leg to cut, the view is the database's alone (a cut names its points, by the geocoder too).
  if (cut.legId === null && cut.at === null)
    return participantCached(ctx, `segmentationView:${trip.id}`, () => segmentationViewNow(ctx, trip, cut))
  return segmentationViewNow(ctx, trip, cut)
}

async function segmentationViewNow(
  ctx: AuthedContext,
  trip: TripDto,
  cut: { legId: number | null; at: LatLon | null },
): Promise<SegmentationView> {
  const userId = ctx.user.id
  const tz = ctx.env.STUDY_TIME_ZONE
  const undo = await undoOf(ctx.db, userId, trip.id)
  const me = { startTime: new Date(trip.start), endTime: new Date(trip.end) }
  const near = trip.way.allows.merge
    ? await neighbours(ctx.db, userId, { id: trip.id, startTime: me.startTime })
    : { previous: null, next: null }
  // Offered only where the two ways could be one broken in two: the same day, or across midnight.
  const previous = near.previous && mergeOffered(timesOf(near.previous, tz), timesOf(me, tz)) ? near.previous.id : null
  const next = near.next && mergeOffered(timesOf(me, tz), timesOf(near.next, tz)) ? near.next.id : null
  const mergeable = await allowing(
    ctx.db,
    userId,
    [previous, next].filter((id) => id !== null),
    'merge',
  )
  const pick = (id: number | null) => (id !== null && mergeable.has(id) ? { id, version: mergeable.get(id)! } : null)
  const leg = trip.way.allows.split ? trip.legs.find((l) => l.id === cut.legId) : undefined
  let cuts: SegmentationView['cuts'] = null
  let picked: SegmentationView['picked'] = null
  if (leg) {
    const offered = cutCandidates(leg.geom, CUTS_OFFERED)
    const idx = cut.at ? nearestInnerPoint(leg.geom, cut.at) : null
    const tapped =
      idx === null ? [] : await cutPoints(ctx, leg, [{ idx, paused: offered.some((c) => c.idx === idx && c.paused) }])
    const [point] = tapped
    if (point) picked = { ...point, legId: leg.id, lat: leg.geom[point.idx].lat, lon: leg.geom[point.idx].lon }
    // The tapped point is offered above the list; the list does not name it twice.
    cuts = {
      legId: leg.id,
      points: await cutPoints(
        ctx,
        leg,
        offered.filter((c) => c.idx !== point?.idx),
      ),
    }
  }
  const cuttable = trip.way.allows.split ? trip.legs.filter((l) => l.geom.length > 2).map((l) => l.id) : []
  return { undo, mergePrevious: pick(previous), mergeNext: pick(next), cuts, picked, cuttable }
}

/** A merge the list offers between the cards of two neighbouring ways (both versions as the list shows them). */
export interface ListMerge {
  earlier: { id: number; version: number }
  later: { id: number; version: number }
}

/**
 * What the ways list offers to correct the segmentation of the ways it shows: a merge between each two neighbouring
 * ways that may be merged (mergePairs: no other way of the participant between them, both allowing it, the same day
 * or across midnight), and the undo of the edit that made a way.
 */
export async function listSegmentation(
  ctx: AuthedContext,
  shown: readonly TripDto[],
): Promise<{ merges: ListMerge[]; undo: Map<number, 'split' | 'merge'> }> {
  return participantCached(
    ctx,
    `segmentation:${shown.map((t) => t.id).join()}`,
    () => segmentationOf(ctx, shown),
    (s) => 200 * (s.merges.length + s.undo.size),
  )
}

async function segmentationOf(
  ctx: AuthedContext,
  shown: readonly TripDto[],
): Promise<{ merges: ListMerge[]; undo: Map<number, 'split' | 'merge'> }> {
  const userId = ctx.user.id
  const undo = new Map<number, 'split' | 'merge'>()
  if (!shown.length) return { merges: [], undo }
  const byId = new Map(shown.map((t) => [t.id, t]))
  const key = (t: TripDto) => [new Date(t.start).getTime(), t.id] as const
  const ordered = [...shown].sort((a, b) => key(a)[0] - key(b)[0] || a.id - b.id)
  const [first, last] = [ordered[0], ordered.at(-1)!]
  const rowKey = sql`(${trips.startTime}, ${trips.id})`
  // Every way of the participant over the shown span, those of other tabs too: one of them between two cards
  // makes the two not neighbours.
  const span = await ctx.db
    .select({ id: trips.id, startTime: trips.startTime, endTime: trips.endTime })
    .from(trips)
    .where(
      and(
        eq(trips.userId, userId),
        sql`${rowKey} >= (${first.start}::timestamptz, ${first.id}::int)`,
        sql`${rowKey} <= (${last.start}::timestamptz, ${last.id}::int)`,
      ),
    )
    .orderBy(trips.startTime, trips.id)
  const tz = ctx.env.STUDY_TIME_ZONE
  const pairs = mergePairs(
    span.map((w) => ({ id: w.id, ...timesOf(w, tz), mergeable: byId.get(w.id)?.way.allows.merge ?? false })),
  )
  const merges = pairs.map(([a, b]) => ({
    earlier: { id: a, version: byId.get(a)!.version },
    later: { id: b, version: byId.get(b)!.version },
  }))
  // Only a way a split or merge made can be undone.
  const edited = shown.filter((t) => t.way.allows.revertEdit).map((t) => t.id)
  const made = edited.length
    ? await ctx.db
        .select({ id: trips.id })
        .from(trips)
        .where(and(eq(trips.userId, userId), inArray(trips.id, edited), isNotNull(trips.origin)))
    : []
  for (const { id } of made) {
    const kind = await undoOf(ctx.db, userId, id)
    if (kind) undo.set(id, kind)
  }
  return { merges, undo }
}
