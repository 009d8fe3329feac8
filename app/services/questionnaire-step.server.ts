// The trip detail's questionnaire step (step 3): loaded by the trip detail page, owned by the questionnaire feature.
import type { ServiceContext } from './core.server'

export type QuestionnaireStepData = { pending: false } | { pending: true; [key: string]: unknown }

/** What the questionnaire panel of a trip shows; `{ pending: false }` when the trip has no open questionnaire. */
export async function loadQuestionnaireStep(_ctx: ServiceContext, _tripId: number, _search: URLSearchParams): Promise<QuestionnaireStepData> {
  return { pending: false }
}
