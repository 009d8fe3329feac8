// The report-reasons dialog (the report flow): pick one or more reasons, submit.
// Used by the ways list and the trip detail page. The form posts intent=report to the page's own action, which hands
// it to `reportIntents` (routes/ways.report.server.ts): success redirects to `returnTo` (validated there with safeRedirect;
// fallback /ways/list/unconfirmed/page/1) with a toast; no reason chosen answers 400 with the form's reply and the
// dialog shows the error next to the reasons.
import { memo } from 'react'
import { Form, useActionData } from 'react-router'
import { useTranslation } from 'react-i18next'
import { fieldError, replyFor } from '~/lib/forms'
import { sameProps } from '~/lib/same-props'
import { listPath } from '~/domain/waysUrls'
import { Choice, Dialog, DialogCloseLink, Fieldset, HiddenFields, SubmitButton } from '~/components/ui'

const REPORT_DIALOG_ID = 'report'
/** Then the app navigates to the previous route, or to the unconfirmed list page 1. */
export const REPORT_FALLBACK = listPath('unconfirmed', 1)

export type ReportDialogProps = {
  tripId: number
  /** From getTripFeedbackReasons (already in the caller's language). */
  reasons: readonly { id: number; name: string }[]
  /** Usually `searchParams.get('dialog') === 'report'`. */
  open: boolean
  /** The page without the dialog parameters (cancel / ×). */
  closeHref: string
  /** Where to go after a successful report (the previous page). */
  returnTo: string
  /** Short description of the way (e.g. its name and time) shown above the reasons. */
  tripLabel?: string
}

/** A link to open the dialog for a way: `?dialog=report&trip=<id>#report`. */
export function reportDialogHref(tripId: number, search = ''): string {
  const params = new URLSearchParams(search)
  params.set('dialog', REPORT_DIALOG_ID)
  params.set('trip', String(tripId))
  return `?${params}#${REPORT_DIALOG_ID}`
}

export const ReportDialog = memo(function ReportDialog({
  tripId,
  reasons,
  open,
  closeHref,
  returnTo,
  tripLabel,
}: ReportDialogProps) {
  const { t } = useTranslation('ways')
  // The reply is read as it is, without conform's client hook: the ways list's JavaScript stays within its budget, and
  // the one rule (at least one reason) is checked by the action, with and without JavaScript.
  const message = fieldError(replyFor(useActionData(), 'report'), 'trpFdbkReasonIds')
  return (
    <Dialog
      id={REPORT_DIALOG_ID}
      open={open}
      closeHref={closeHref}
      title={t('report.title')}
      closeLabel={t('common:actions.close')}
    >
      <Form method="post" className="stack">
        <HiddenFields fields={{ intent: 'report', tripId, returnTo }} />
        {tripLabel ? <p className="report-dialog__trip">{tripLabel}</p> : null}
        <p className="text-muted">{t('report.info')}</p>
        <div>
          <Fieldset legend={t('report.reasons')} error={message ? t(message) : undefined} id="report-reasons">
            <div className="checkbox-list">
              {reasons.map((r) => (
                <Choice key={r.id} name="trpFdbkReasonIds" value={r.id} label={r.name} />
              ))}
            </div>
          </Fieldset>
        </div>
        <div className="dialog__actions">
          <DialogCloseLink>{t('common:actions.cancel')}</DialogCloseLink>
          <SubmitButton variant="primary">{t('report.submit')}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  )
}, sameProps)
