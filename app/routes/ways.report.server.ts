// The report flow's form handling, shared by every page that shows ReportDialog or a withdraw button: two
// rows for the page's intent table.
//   intent=report           tripId, trpFdbkReasonIds (one value per reason), returnTo → setTripFeedback
//   intent=withdraw-report  tripId, returnTo → deleteTripFeedback
// `back`: where a service error's toast is shown.
import type { Ctx } from '~/lib/context.server'
import { intent } from '~/lib/intents.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { redirectWithToast, runOrToast, success } from '~/lib/http.server'
import { ReportSchema, WithdrawReportSchema } from '~/lib/trip-forms'
import { tripService } from '~/services/trip.server'
import { REPORT_REMARK } from '~/services/trip/report.server'
import { REPORT_FALLBACK } from '~/components/trip/ReportDialog'

export type ReportArgs = { context: Ctx; back: string }

export const reportIntents = {
  report: intent(ReportSchema, async ({ tripId, trpFdbkReasonIds, returnTo }, { context, back }: ReportArgs) => {
    await runOrToast(context, back, (ctx) =>
      tripService.setTripFeedback(ctx, { id: tripId, remark: REPORT_REMARK, trpFdbkReasonIds }),
    )
    return redirectWithToast(context, safeRedirect(returnTo, REPORT_FALLBACK), success('common:success.wayReported'))
  }),
  'withdraw-report': intent(WithdrawReportSchema, async ({ tripId, returnTo }, { context, back }: ReportArgs) => {
    await runOrToast(context, back, (ctx) => tripService.deleteTripFeedback(ctx, { id: tripId }))
    return redirectWithToast(context, safeRedirect(returnTo, back), success('common:success.reportWithdrawn'))
  }),
}
