// A participant's real study days, as their list, the no-trip days and the export count them: from the later of the
// campaign's first day and the day their account was created, up to yesterday (domain/listDays.ts reviewDays); and
// the days the list's calls may name (a calendar day, a range of at most MAX_RANGE_DAYS).
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { campaigns, users } from '~/db/schema'
import { reviewDays, type ReviewDays, type SortOrder } from '~/domain/listDays'
import { addDays, dayInZone, daysBetween, parseDay, type Day } from '~/domain/time'
import { immutableCached, importCached } from '../import-cache.server'
import { zDay, type AuthedContext } from '../core.server'

/** Largest from/to range of getTrips and setZeroTripDays, in days. */
export const MAX_RANGE_DAYS = 400

export const zRealDay = zDay.refine((d) => parseDay(d) != null, 'not a calendar day')

type CampaignDays = { startDay: Day; endDay: Day } | null

/** The caller's campaign as study-zone days, or null (kept per process under the catalogue version: ADR 303). */
async function campaignDays(
  ctx: { db: DbOrTx; catalogueVersion?: number },
  campaignId: number | null,
  tz: string,
): Promise<CampaignDays> {
  if (campaignId == null) return null
  const db = ctx.db
  return importCached(ctx, `campaignDays|${campaignId}|${tz}`, async () => {
    const [c] = await db
      .select({ startAt: campaigns.startAt, endAt: campaigns.endAt })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId))
      .limit(1)
    return c ? { startDay: dayInZone(c.startAt, tz), endDay: dayInZone(c.endAt, tz) } : null
  })
}

/** The study-zone day the caller's account was created (never changes: kept once per process). */
async function joinedDay(db: DbOrTx, userId: number, tz: string): Promise<Day | null> {
  return immutableCached(db, `joinedDay|${userId}|${tz}`, async () => {
    const [u] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1)
    return u ? dayInZone(u.createdAt, tz) : null
  })
}

/** The caller's real study days (domain/listDays.ts reviewDays). */
export async function reviewWindow(ctx: AuthedContext): Promise<ReviewDays | null> {
  const tz = ctx.env.STUDY_TIME_ZONE
  const [campaign, joined] = await Promise.all([
    campaignDays(ctx, ctx.user.campaignId, tz),
    joinedDay(ctx.db, ctx.user.id, tz),
  ])
  return reviewDays(campaign, joined, dayInZone(ctx.now(), tz))
}

/** Every day from `from` to `to`, in the order asked for. */
export function everyDay(from: Day, to: Day, order: SortOrder): Day[] {
  const out: Day[] = []
  for (let d = from, n = daysBetween(from, to); n >= 0; d = addDays(d, 1), n--) out.push(d)
  return order === 'DESC' ? out.reverse() : out
}
