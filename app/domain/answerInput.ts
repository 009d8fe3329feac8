// The question engine's input handling: the form fields each question type posts, turned into answers
// (`{ answOptId, text }`, text in one of these forms: unix-seconds dates, 'HH:mm:ss', numbers, text, GeoJSON), and
// answers turned back into field values for rendering. Each type reads and shows its own fields (./questionTypes/).
// Pure, shared by server (no-JS posts) and browser.
// Input the server adjusts instead of refusing (clamped numbers, a reduced constant sum, an exclusive option kept
// alone, text cut to its maximum) is reported as a notice so the page can say so.
import type { Answer } from './questionnaire'
import { questionType } from './questionTypes/registry'
import {
  field,
  perOptionState,
  type FormLike,
  type FormState,
  type InputNotice,
  type ParsedInput,
  type QuestionLike,
  type TypeEnv,
} from './questionTypes/kit'

export { field, type FormLike, type FormState, type InputNotice }

/**
 * The answers one question's fields describe. `previous` are the question's answers before this post (the draft):
 * they tell which slider moved last and what an invalid hour/minute falls back to.
 * Texts that cannot be read (a number field with letters) are kept as typed, so nothing is lost; the check
 * (answerCheck.questionProblem) then refuses them with a message.
 */
export function parseQuestionForm(
  q: QuestionLike,
  form: FormLike,
  previous: readonly Answer[],
  env: TypeEnv,
): ParsedInput {
  return questionType(q.type)?.parse(q, form, previous, env) ?? { answers: [], notice: null }
}

/** Each option's text under its value field: what a type shows unless it says otherwise. */
const valueFields = (q: QuestionLike, answers: readonly Answer[]) =>
  perOptionState(q, answers, (optId, text) => ({ [field.value(optId)]: text ?? '' }))

/**
 * Field values for rendering a question with its answers. Defaults: a date question without an answer shows
 * today (at 12:00 for date-time) — unless the participant already left it empty (`seen`) —, a slider its minimum.
 */
export function questionFormState(
  q: QuestionLike,
  answers: readonly Answer[],
  env: TypeEnv,
  flags: { seen?: boolean } = {},
): FormState {
  const own = questionType(q.type)?.formState
  return own ? own(q, answers, env, flags) : valueFields(q, answers)
}
