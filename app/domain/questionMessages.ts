// The questionnaire's refusals as messages: one catalogue key per reason (questionnaire:errors.<reason>), shown
// under the question's field (`q<id>`), and the numbers a message needs, read from the question itself.
import { field, numberBounds, type ProblemReason, type QuestionLike } from './questionTypes/kit'
import { questionType } from './questionTypes/registry'

export type FlowErrorReason = ProblemReason | 'incomplete' | 'placeNotFound' | 'geocoder'

/** The catalogue key of a refusal. */
export const flowMessage = (reason: FlowErrorReason) => `questionnaire:errors.${reason}`

/** The form field a question's answer and its error go under. */
export const questionField = (questionId: number) => field.choice(questionId)

/** The bounds a range message about a question names: its type's own (a slider's), else the number input's. */
export function messageRange(q: Pick<QuestionLike, 'type' | 'min' | 'max' | 'metaDataRecs'>): {
  min: number
  max: number
} {
  const own = questionType(q.type)?.range
  return own ? own(q) : numberBounds(q)
}

/** What messageParams needs of a question: the range its type names, its max, text maximum and sum maximum. */
export interface MessageBounds {
  range: { min: number; max: number }
  max: number | null
  textMax: number
  slider: { maxSum: number }
}

/** Numbers a message about a question needs (its bounds), so a reply only has to carry the message. */
export function messageParams(q: MessageBounds | null, message: string): Record<string, number> {
  if (!q) return {}
  switch (message) {
    case flowMessage('range'):
      return { min: q.range.min, max: q.range.max }
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
