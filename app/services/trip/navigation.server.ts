// Moving between a participant's ways: the list page a way stands on (for "back to the list" and the card a form
// returns to) and the way to review after this one. The list is ordered by start, newest first, ties by id.
import { and, count, desc, eq, gt, lt, ne, or, sql } from 'drizzle-orm'
import { confirmedIs } from '~/db/confirmed'
import { trips } from '~/db/schema'
import { pageOfPosition } from '~/domain/pagination'
import type { AuthedContext } from '../core.server'
import { participantCached } from '../participant-cache.server'
import { ownTripRow } from './model.server'

/**
 * The list page (all ways, or those of a list filter) on which a way of the caller appears — or would appear, when
 * it no longer matches the filter: counted from the caller's ways before it in the list's order. Given the way
 * itself (its id and start, as the caller read it as its owner), its row is not read again.
 */
export async function listPageOf(
  ctx: AuthedContext,
  way: number | { id: number; start: string },
  filter: { validationStatus?: boolean; qtnsAnswered?: boolean } = {},
  limit = ctx.env.TRIPS_PAGE_LIMIT,
): Promise<number> {
  const key = `listPage:${typeof way === 'number' ? way : `${way.id}@${way.start}`}|${filter.validationStatus}|${filter.qtnsAnswered}|${limit}`
  return participantCached(ctx, key, () => pageOfWay(ctx, way, filter, limit))
}

async function pageOfWay(
  ctx: AuthedContext,
  way: number | { id: number; start: string },
  filter: { validationStatus?: boolean; qtnsAnswered?: boolean },
  limit: number,
): Promise<number> {
  const row =
    typeof way === 'number'
      ? await ownTripRow(ctx.db, ctx.user.id, way)
      : { id: way.id, startTime: new Date(way.start) }
  const [{ before }] = await ctx.db
    .select({ before: count() })
    .from(trips)
    .where(
      and(
        eq(trips.userId, ctx.user.id),
        filter.validationStatus == null ? undefined : confirmedIs(filter.validationStatus),
        filter.qtnsAnswered == null ? undefined : eq(trips.allQuestionsAnswered, filter.qtnsAnswered),
        or(gt(trips.startTime, row.startTime), and(eq(trips.startTime, row.startTime), gt(trips.id, row.id))),
      ),
    )
  return pageOfPosition(before, limit)
}

/**
 * The way to review after this one: the caller's next unconfirmed, unreported way further down the list (older),
 * else the newest one; null when none is left.
 */
export async function nextOpenWay(ctx: AuthedContext, tripId: number): Promise<number | null> {
  return participantCached(ctx, `nextOpen:${tripId}`, () => nextOpenWayNow(ctx, tripId))
}

async function nextOpenWayNow(ctx: AuthedContext, tripId: number): Promise<number | null> {
  const row = await ownTripRow(ctx.db, ctx.user.id, tripId)
  const older = or(lt(trips.startTime, row.startTime), and(eq(trips.startTime, row.startTime), lt(trips.id, row.id)))
  const [next] = await ctx.db
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.userId, ctx.user.id), ne(trips.id, row.id), confirmedIs(false), eq(trips.fdbkAvail, false)))
    .orderBy(sql`case when ${older} then 0 else 1 end`, desc(trips.startTime), desc(trips.id))
    .limit(1)
  return next?.id ?? null
}
