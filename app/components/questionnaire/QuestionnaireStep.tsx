// The right panel of trip detail during the questionnaire step (owned by the questionnaire feature): the way's
// trip questionnaire, then its leg questionnaires, one question at a time. The detail page renders the panel's
// card and heading; the forms post to /ways/tripDetails/:id/questionnaire, which redirects back here.
import { useTranslation } from 'react-i18next'
import { ButtonLink, Notice } from '~/components/ui'
import { wayPath } from '~/domain/waysUrls'
import type { QuestionnaireStepData } from '~/services/questionnaire-step.server'
import { lazyComponent } from '~/components/lazy'

// The questions' code (every question type) loads only when a way's page shows its questionnaire, not with every way.
const QuestionnaireRunner = lazyComponent(() => import('./QuestionnaireRunner').then((m) => m.QuestionnaireRunner))

export function QuestionnaireStep({ tripId, data }: { tripId: number; data: QuestionnaireStepData }) {
  const { t } = useTranslation('questionnaire')
  if (!data.pending) return null
  if (!data.ready) {
    return (
      <Notice>
        <p>{t('step.notReady')}</p>
      </Notice>
    )
  }
  if (!data.view) {
    return (
      <ButtonLink variant="primary" to={`${wayPath(tripId)}?view=questionnaire#questionnaire`}>
        {t('step.start')}
      </ButtonLink>
    )
  }
  return <QuestionnaireRunner view={data.view} action={`${wayPath(tripId)}/questionnaire`} headingLevel={3} />
}
