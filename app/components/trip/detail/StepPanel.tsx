// The way's page's step panel (the way's steps): the step bar and what the current step offers.
import { Form, Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Icon } from '~/components/icons/ModeSprite'
import { ButtonLink, HiddenFields, Notice, buttonClass, cx } from '~/components/ui'
import { Step } from '~/domain/steps'
import { reportDialogHref } from '~/components/trip/ReportDialog'
import { SubmitButton, hrefWith, type DetailTrip } from './shared'

/** The step bar; while the purpose can still be changed, its first step is a link to the purpose picker. */
export function StepProgress({ step, purposeHref }: { step: Step; purposeHref: string | null }) {
  const { t } = useTranslation('trip')
  const current = step === Step.Purpose ? 0 : step === Step.TrafficModes ? 1 : step === Step.Validated ? 3 : 2
  const names = [t('steps.names.purpose'), t('steps.names.modes'), t('steps.names.questionnaires')]
  return (
    <ol className="step-progress" aria-label={t('steps.label')}>
      {names.map((name, i) => (
        <li
          key={name}
          className={cx(i < current && 'is-done', i === current && 'is-current')}
          aria-current={i === current ? 'step' : undefined}
        >
          <span className="step-progress__n" aria-hidden="true">
            {i < current ? <Icon name="check" /> : i + 1}
          </span>
          {i === 0 && purposeHref ? (
            <Link to={purposeHref} preventScrollReset>
              {name}
            </Link>
          ) : (
            name
          )}
        </li>
      ))}
    </ol>
  )
}

export function StepBody({
  step,
  trip,
  pathname,
  search,
}: {
  step: Step
  trip: DetailTrip
  pathname: string
  search: URLSearchParams
}) {
  const { t } = useTranslation('trip')
  const allows = trip.way.allows
  const key =
    step === Step.Purpose
      ? 'purpose'
      : step === Step.TrafficModes
        ? 'modes'
        : step === Step.Validated
          ? 'validated'
          : 'questionnaires'
  return (
    <div className="stack stack--sm">
      <h2 id="step-title">{t(`steps.${key}.title`)}</h2>
      <p>{t(`steps.${key}.text`)}</p>
      {trip.way.state === 'reported' ? (
        <Notice>
          <p>{t('review.reported')}</p>
          <Form method="post">
            <HiddenFields fields={{ intent: 'withdraw-report', tripId: trip.id, returnTo: pathname }} />
            <SubmitButton variant="primary">{t('review.withdraw')}</SubmitButton>
          </Form>
        </Notice>
      ) : null}
      {step === Step.Purpose && allows.setPurposes ? (
        <ButtonLink
          variant="primary"
          block
          to={hrefWith(pathname, search, { dialog: 'purpose', leg: null }, 'purpose')}
          preventScrollReset
        >
          {t('steps.purpose.button')}
        </ButtonLink>
      ) : null}
      {allows.confirm ? (
        <ButtonLink
          variant="primary"
          block
          to={hrefWith(pathname, search, { dialog: 'confirm' }, 'confirm')}
          preventScrollReset
        >
          <Icon name="check" />
          {t('steps.modes.button')}
        </ButtonLink>
      ) : null}
      {step !== Step.Purpose && allows.setPurposes ? (
        <ButtonLink
          block
          to={hrefWith(pathname, search, { dialog: 'purpose', leg: null }, 'purpose')}
          preventScrollReset
        >
          <Icon name="edit" />
          {t('review.changePurpose')}
        </ButtonLink>
      ) : null}
      {step === Step.BeforeQuestionnaires && allows.answerQuestions ? (
        <ButtonLink
          variant="primary"
          block
          to={hrefWith(pathname, search, { view: 'questionnaire', dialog: null }, 'questionnaire')}
        >
          {t('steps.questionnaires.button')}
        </ButtonLink>
      ) : null}
      {step === Step.Questionnaires ? (
        <Link className={buttonClass({ block: true })} to={hrefWith(pathname, search, { view: null, dialog: null })}>
          {t('steps.questionnaires.backToMap')}
        </Link>
      ) : null}
      {allows.editManual ? (
        <ButtonLink block to={`/ways/edit/${trip.id}`}>
          <Icon name="edit" />
          {t('review.editManual')}
        </ButtonLink>
      ) : null}
      {trip.creationType === 'CREATED_MANUALLY' ? <p className="text-small text-muted">{t('detail.manual')}</p> : null}
      {/* Until the way is confirmed, every step offers to report it (the same dialog as on the list's card). */}
      {allows.report ? (
        <p className="trip-step__report text-small">
          {t('dialogs.modes.reportHint')}{' '}
          <Link to={reportDialogHref(trip.id, search.toString())} preventScrollReset>
            <Icon name="flag" />
            {t('dialogs.modes.report')}
          </Link>
        </p>
      ) : null}
    </div>
  )
}
