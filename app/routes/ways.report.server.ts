// The report flow's form handling, shared by every page that shows ReportDialog or a withdraw button: two
// rows for the page's intent table.
//   intent=report           tripId, the reasons (one value per reason), returnTo → setTripFeedback
//   intent=withdraw-report  tripId, returnTo → deleteTripFeedback
// `back`: where a service error's toast is shown.
import type { Ctx } from '~/lib/context.server'
import { handler } from '~/lib/intents.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { redirectWithToast, runOrToast, success } from '~/lib/http.server'
import { ReportSchema, WithdrawReportSchema } from '~/lib/trip-forms'
import { tripService } from '~/services/trip.server'
import { reportWay } from '~/lib/way-calls.server'
import { REPORT_FALLBACK } from '~/components/trip/ReportDialog'

export type ReportArgs = { context: Ctx; back: string }

export const reportIntents = {
  report: handler(ReportSchema, async ({ tripId, reasonIds, returnTo }, { context, back }: ReportArgs) => {
    await runOrToast(context, back, (ctx) => reportWay(ctx, tripId, reasonIds))
    return redirectWithToast(context, safeRedirect(returnTo, REPORT_FALLBACK), success('common:success.wayReported'))
  }),
  'withdraw-report': handler(WithdrawReportSchema, async ({ tripId, returnTo }, { context, back }: ReportArgs) => {
    await runOrToast(context, back, (ctx) => tripService.deleteTripFeedback(ctx, { id: tripId }))
    return redirectWithToast(context, safeRedirect(returnTo, back), success('common:success.reportWithdrawn'))
  }),
}
