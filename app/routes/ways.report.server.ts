// The report flow's form handling (spec 4), shared by every page that shows ReportDialog or a withdraw button:
//   intent=report           tripId, trpFdbkReasonIds (one value per reason), returnTo → setTripFeedback
//   intent=withdraw-report  tripId, returnTo → deleteTripFeedback
// Call it first in the page's action; it returns null for any other intent.
import { data } from 'react-router'
import type { Ctx } from '~/lib/context.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { redirectWithToast, runOrToast, success } from '~/lib/http.server'
import { tripService } from '~/services/trip.server'
import { REPORT_REMARK } from '~/services/trip/list.server'
import { REPORT_FALLBACK } from '~/components/trip/ReportDialog'

export async function tripReportAction(context: Ctx, form: FormData, opts: { back: string }) {
  const intent = form.get('intent')
  if (intent !== 'report' && intent !== 'withdraw-report') return null
  const id = String(form.get('tripId') ?? '')
  if (intent === 'report') {
    const reasonIds = form.getAll('trpFdbkReasonIds').map(String)
    if (reasonIds.length === 0) return data({ reportError: 'errors:REASONS_REQUIRED' }, { status: 400 })
    await runOrToast(context, opts.back, (ctx) => tripService.setTripFeedback(ctx, { id, remark: REPORT_REMARK, trpFdbkReasonIds: reasonIds }))
    return redirectWithToast(context, safeRedirect(form.get('returnTo'), REPORT_FALLBACK), success('common:success.wayReported'))
  }
  await runOrToast(context, opts.back, (ctx) => tripService.deleteTripFeedback(ctx, { id }))
  return redirectWithToast(context, safeRedirect(form.get('returnTo'), opts.back), success('common:success.reportWithdrawn'))
}
