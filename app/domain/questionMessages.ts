// The questionnaire's refusals as messages: one catalogue key per reason (questionnaire:errors.<reason>), shown
// under the question's field (`q<id>`), and the numbers a message needs, read from the question itself.
import type { ProblemReason } from './answerCheck'
import { field } from './answerInput'

export type FlowErrorReason = ProblemReason | 'incomplete' | 'placeNotFound' | 'geocoder'

/** The catalogue key of a refusal. */
export const flowMessage = (reason: FlowErrorReason) => `questionnaire:errors.${reason}`

/** The form field a question's answer and its error go under. */
export const questionField = (questionId: number) => field.choice(questionId)

/** What messageParams needs of a question (its bounds). */
export interface MessageBounds {
  type: string
  number: { min: number; max: number }
  slider: { min: number; max: number; maxSum: number }
  max: number | null
  textMax: number
}

/** Numbers a message about a question needs (its bounds), so a reply only has to carry the message. */
export function messageParams(q: MessageBounds | null, message: string): Record<string, number> {
  if (!q) return {}
  const slider = ['SINGLE_NUM_SLIDER', 'MULTIPLE_NUM_SLIDER', 'CONSTANT_SUM_INPUT'].includes(q.type)
  const bounds = slider ? { min: q.slider.min, max: q.slider.max } : { min: q.number.min, max: q.number.max }
  switch (message) {
    case flowMessage('range'):
      return bounds
    case flowMessage('tooMany'):
      return { max: q.max ?? 0 }
    case flowMessage('textLength'):
      return { max: q.textMax }
    case flowMessage('sum'):
      return { max: q.slider.maxSum }
    default:
      return {}
  }
}
