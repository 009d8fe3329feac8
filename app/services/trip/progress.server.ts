// How far the participant's review has come: how many of their ways are confirmed, and how many days of their
// campaign are left (the campaign's last day counts; none once it has ended or without a campaign).
import { and, count, eq } from 'drizzle-orm'
import { confirmedSql } from '~/db/confirmed'
import { campaigns, trips } from '~/db/schema'
import { dayInZone, daysBetween } from '~/domain/time'
import { requireSession, type ServiceContext } from '../core.server'

export interface ReviewProgress {
  total: number
  confirmed: number
  /** Days of the campaign left including today, or null without a running campaign. */
  daysLeft: number | null
}

export async function reviewProgress(ctx: ServiceContext): Promise<ReviewProgress> {
  requireSession(ctx)
  const confirmed = confirmedSql()
  const [[all], [done], [campaign]] = await Promise.all([
    ctx.db.select({ n: count() }).from(trips).where(eq(trips.userId, ctx.user.id)),
    ctx.db
      .select({ n: count() })
      .from(trips)
      .where(and(eq(trips.userId, ctx.user.id), confirmed)),
    ctx.user.campaignId == null
      ? Promise.resolve([])
      : ctx.db.select({ endAt: campaigns.endAt }).from(campaigns).where(eq(campaigns.id, ctx.user.campaignId)),
  ])
  let daysLeft: number | null = null
  if (campaign) {
    const tz = ctx.env.STUDY_TIME_ZONE
    const left = daysBetween(dayInZone(ctx.now(), tz), dayInZone(campaign.endAt, tz)) + 1
    daysLeft = left > 0 ? left : null
  }
  return { total: all?.n ?? 0, confirmed: done?.n ?? 0, daysLeft }
}
