// The right panel of trip detail during the questionnaire step (owned by the questionnaire feature).
import type { QuestionnaireStepData } from '~/services/questionnaire-step.server'

export function QuestionnaireStep(_props: { tripId: number; data: QuestionnaireStepData }) {
  return null
}
