// Parts of the ways list page: first steps for a participant without ways, the review progress line, and the
// dialog that marks a day without ways.
import { Form } from 'react-router'
import { useTranslation } from 'react-i18next'
import { ButtonLink, buttonClass, Dialog, DialogCloseLink, HiddenFields, SubmitButton } from '~/components/ui'
import type { ReviewProgress } from '~/services/trip/progress.server'

/** What a participant without any way does next: record with the app, or add a missed way by hand. */
export function FirstSteps({ hasCampaign }: { hasCampaign: boolean }) {
  const { t } = useTranslation('ways')
  return (
    <div className="first-steps stack--sm">
      <ol className="first-steps__list">
        <li>{t('list.start.app')}</li>
        <li>{t('list.start.record')}</li>
        <li>{t('list.start.review')}</li>
      </ol>
      <p className="cluster">
        {hasCampaign ? (
          <ButtonLink to="/ways/add" variant="primary">
            {t('list.start.add')}
          </ButtonLink>
        ) : null}
        <ButtonLink to="/help/faq">{t('list.start.help')}</ButtonLink>
      </p>
    </div>
  )
}

/** "23 of 71 ways confirmed", a bar, and the campaign's days left. */
export function ReviewProgressLine({ progress }: { progress: ReviewProgress }) {
  const { t } = useTranslation('ways')
  return (
    <div className="review-progress">
      <p className="review-progress__text">
        {t('progress.confirmed', { count: progress.total, confirmed: progress.confirmed })}
        {progress.daysLeft != null ? (
          <span className="review-progress__days"> · {t('progress.daysLeft', { count: progress.daysLeft })}</span>
        ) : null}
      </p>
      <progress className="review-progress__bar" max={progress.total} value={progress.confirmed} aria-hidden="true" />
    </div>
  )
}

export function NoTripsDialog({
  day,
  label,
  closeHref,
  hasCampaign,
  expand,
}: {
  day: string
  label: string
  closeHref: string
  hasCampaign: boolean
  expand?: string
}) {
  const { t } = useTranslation('ways')
  return (
    <Dialog id="noTrips" open title={t('noTrips.title')} closeHref={closeHref} closeLabel={t('common:actions.close')}>
      <p>{t('noTrips.text', { day: label })}</p>
      <div className="no-trips-actions">
        <Form method="post">
          <HiddenFields fields={{ intent: 'set-zero-trip-day', day, expand: expand || null }} />
          <SubmitButton variant="primary" block>
            {t('noTrips.confirm')}
          </SubmitButton>
        </Form>
        {hasCampaign ? (
          <ButtonLink to={`/ways/add/${day}`} variant="secondary" block>
            {t('noTrips.add')}
          </ButtonLink>
        ) : null}
        <DialogCloseLink className={buttonClass({ variant: 'ghost', block: true })}>
          {t('common:actions.cancel')}
        </DialogCloseLink>
      </div>
    </Dialog>
  )
}
