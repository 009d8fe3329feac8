/**
 * The detail page's steps, in order: Purpose, TrafficModes, BeforeQuestionnaires, Questionnaires (the questionnaire
 * view of BeforeQuestionnaires), Validated. Which step a way is in: wayState.ts.
 */
export const Step = {
  Purpose: 0,
  TrafficModes: 1,
  BeforeQuestionnaires: 2,
  Questionnaires: 3,
  Validated: 4,
} as const
export type Step = (typeof Step)[keyof typeof Step]

export const STEPS: readonly Step[] = [
  Step.Purpose,
  Step.TrafficModes,
  Step.BeforeQuestionnaires,
  Step.Questionnaires,
  Step.Validated,
]

/** Next / previous step, clamped to Purpose..Validated. */
export function nextStep(step: Step): Step {
  return Math.min(step + 1, Step.Validated) as Step
}
export function previousStep(step: Step): Step {
  return Math.max(step - 1, Step.Purpose) as Step
}
