// How far the participant's review has come: how many of their ways are confirmed, and how many days of their
// campaign are left (the campaign's last day counts; none once it has ended or without a campaign).
import { count, eq, sql } from 'drizzle-orm'
import { confirmedSql } from '~/db/confirmed'
import { trips } from '~/db/schema'
import { dayInZone, daysBetween } from '~/domain/time'
import { campaignRow } from '../campaign.server'
import { requireSession, type AuthedContext, type ServiceContext } from '../core.server'
import { participantCached } from '../participant-cache.server'

export interface ReviewProgress {
  total: number
  confirmed: number
  /** Days of the campaign left including today, or null without a running campaign. */
  daysLeft: number | null
}

export async function reviewProgress(ctx: ServiceContext): Promise<ReviewProgress> {
  requireSession(ctx)
  return participantCached(ctx, 'progress', () => progressNow(ctx))
}

async function progressNow(ctx: AuthedContext): Promise<ReviewProgress> {
  // Both counts in one pass over the participant's ways; the campaign's end from what the process keeps (ADR 303).
  const [[counts], campaign] = await Promise.all([
    ctx.db
      .select({ all: count(), done: sql<number>`count(*) filter (where ${confirmedSql()})`.mapWith(Number) })
      .from(trips)
      .where(eq(trips.userId, ctx.user.id)),
    ctx.user.campaignId == null ? null : campaignRow(ctx, ctx.user.campaignId),
  ])
  let daysLeft: number | null = null
  if (campaign) {
    const tz = ctx.env.STUDY_TIME_ZONE
    const left = daysBetween(dayInZone(ctx.now(), tz), dayInZone(campaign.endAt, tz)) + 1
    daysLeft = left > 0 ? left : null
  }
  return { total: counts?.all ?? 0, confirmed: counts?.done ?? 0, daysLeft }
}
