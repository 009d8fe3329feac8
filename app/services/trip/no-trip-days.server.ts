// Days without ways: a participant confirms a real study day (not in the future, without ways) as one without ways,
// or several in a row at once, and may take the mark back. The list shows the marks; the export and `status` count
// them on real study days only.
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { trips, zeroTripDays } from '~/db/schema'
import { zeroTripDayBlock } from '~/domain/listDays'
import { dayInZone, dayRangeUtc, daysBetween, parseDay, type Day } from '~/domain/time'
import { method, ServiceError, type AuthedContext, type Service } from '../core.server'
import { filterOf } from './list.server'
import { everyDay, MAX_RANGE_DAYS, reviewWindow, zRealDay } from './study-days.server'

/**
 * Marks every day from `from` to `to` as a day without ways, in one transaction: first checks each day
 * (zeroTripDayBlock, the ways counted inside the transaction), then marks them all; a refused day throws before
 * anything is written. Days already marked stay marked.
 */
async function markZeroTripDays(ctx: AuthedContext, from: Day, to: Day): Promise<Day[]> {
  const tz = ctx.env.STUDY_TIME_ZONE
  const review = await reviewWindow(ctx)
  const days = everyDay(from, to, 'ASC')
  const range = { start: dayRangeUtc(from, tz).start, end: dayRangeUtc(to, tz).end }
  await ctx.db.transaction(async (tx) => {
    const starts = await tx
      .select({ start: trips.startTime })
      .from(trips)
      .where(filterOf(ctx.user.id, {}, range))
    const withWays = new Set(starts.map((r) => dayInZone(r.start, tz)))
    for (const day of days) {
      const block = zeroTripDayBlock(day, review, ctx.user.campaignId != null, withWays.has(day))
      if (block) throw new ServiceError(block, days.length > 1 ? { day } : undefined)
    }
    await tx
      .insert(zeroTripDays)
      .values(days.map((day) => ({ userId: ctx.user.id, day })))
      .onConflictDoNothing()
  })
  return days
}

export const tripNoTripDayMethods = {
  /** Confirm a day without ways (a campaign day, not in the future, without ways). Idempotent. */
  setZeroTripDay: method({
    params: z.object({ day: zRealDay }).passthrough(),
    async run({ day }, ctx): Promise<{ day: string }> {
      await markZeroTripDays(ctx, day, day)
      return { day }
    },
  }),

  /**
   * An addition to the single-day method: confirm every day from `from` to `to` (inclusive) as a day without ways, all or nothing — the
   * list's card for several days without ways in a row. Each day must be one setZeroTripDay accepts; the first that
   * is not refuses the whole range (details.day) and nothing is marked. Idempotent. Returns the days, oldest first.
   */
  setZeroTripDays: method({
    params: z
      .object({ from: zRealDay, to: zRealDay })
      .passthrough()
      .superRefine((p, ctx) => {
        if (!parseDay(p.from) || !parseDay(p.to)) return
        const n = daysBetween(p.from, p.to)
        if (n < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' })
        else if (n >= MAX_RANGE_DAYS)
          ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${MAX_RANGE_DAYS} days` })
      }),
    async run({ from, to }, ctx) {
      return { days: await markZeroTripDays(ctx, from, to) }
    },
  }),

  /** Take back the mark of a day without ways (idempotent: an unmarked day stays unmarked). */
  deleteZeroTripDay: method({
    params: z.object({ day: zRealDay }).passthrough(),
    async run({ day }, ctx): Promise<{ day: string }> {
      await ctx.db.delete(zeroTripDays).where(and(eq(zeroTripDays.userId, ctx.user.id), eq(zeroTripDays.day, day)))
      return { day }
    },
  }),
} satisfies Service
