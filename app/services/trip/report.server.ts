// The report flow: a participant reports a way as faulty with one or more of the campaign's reasons (the way can no
// longer be confirmed or edited) and may withdraw the report; the reasons to choose from.
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { trips } from '~/db/schema'
import { listFeedbackReasons, type NamedItem } from '../info.server'
import { method, ServiceError, zId, type Empty, type Service } from '../core.server'
import { assertAllows, stateOfRow } from './checks.server'
import { ownTripRow } from './model.server'

/** The placeholder the report flow sends as remark (remark is a fixed placeholder for now). */
export const REPORT_REMARK = 'web'

export const tripReportMethods = {
  getTripFeedbackReasons: method({
    params: z.object({}).passthrough(),
    async run(_p, ctx): Promise<{ trpFdbkReasons: NamedItem[] }> {
      return { trpFdbkReasons: await listFeedbackReasons(ctx) }
    },
  }),

  /** Report a way as faulty: one or more reasons of the caller's campaign. A confirmed way cannot be reported. */
  setTripFeedback: method({
    params: z
      .object({
        id: zId,
        remark: z.string().max(2000).nullish(),
        trpFdbkReasonIds: z.array(zId).max(50).default([]),
      })
      .passthrough(),
    async run({ id, remark, trpFdbkReasonIds }, ctx): Promise<Empty> {
      const reasonIds = [...new Set(trpFdbkReasonIds)]
      if (reasonIds.length === 0) throw new ServiceError('REASONS_REQUIRED', { path: 'trpFdbkReasonIds' })
      const known = new Set((await listFeedbackReasons(ctx)).map((r) => r.id))
      if (reasonIds.some((r) => !known.has(r))) throw new ServiceError('UNKNOWN_REASON', { path: 'trpFdbkReasonIds' })
      await ctx.db.transaction(async (tx) => {
        const t = await ownTripRow(tx, ctx.user.id, id, { forUpdate: true })
        assertAllows(await stateOfRow(tx, t), 'report')
        await tx
          .update(trips)
          .set({
            fdbkAvail: true,
            fdbkReasonIds: reasonIds,
            fdbkRemark: remark ?? REPORT_REMARK,
            version: t.version + 1,
          })
          .where(eq(trips.id, t.id))
      })
      return {}
    },
  }),

  /** Withdraw a report: the way can be edited again. */
  deleteTripFeedback: method({
    params: z.object({ id: zId }).passthrough(),
    async run({ id }, ctx): Promise<Empty> {
      await ctx.db.transaction(async (tx) => {
        const t = await ownTripRow(tx, ctx.user.id, id, { forUpdate: true })
        if (!t.fdbkAvail) throw new ServiceError('TRIP_NOT_REPORTED')
        assertAllows(await stateOfRow(tx, t), 'withdrawReport')
        await tx
          .update(trips)
          .set({ fdbkAvail: false, fdbkReasonIds: [], fdbkRemark: null, version: t.version + 1 })
          .where(eq(trips.id, t.id))
      })
      return {}
    },
  }),
} satisfies Service
