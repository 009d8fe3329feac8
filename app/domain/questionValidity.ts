import { QUESTION_TYPES, type Answer, type QuestionType } from './questionnaire'

export { QUESTION_TYPES, type QuestionType }

/** DRAG_RAT is unsupported and skipped (not rendered, never blocks submission). Unknown strings too. */
export function isSupported(type: string): type is Exclude<QuestionType, 'DRAG_RAT'> {
  return type !== 'DRAG_RAT' && (QUESTION_TYPES as readonly string[]).includes(type)
}

const TEXT_ANSWER_TYPES = new Set<string>(['DATE', 'DATE_TIME', 'TIME', 'INT_NO_INPUT', 'FLOATING_NO_INPUT'])
const ROW_TEXT_TYPES = new Set<string>(['SINGLE_ROW_TEXT', 'MULTIPLE_ROW_TEXT', 'TEXT'])
const ALWAYS_VALID_TYPES = new Set<string>([
  'SINGLE_CHOICE_MATRIX',
  'MULTIPLE_CHOICE_MATRIX',
  'SINGLE_LOCATOR',
  'MULTIPLE_LOCATOR',
  'SINGLE_NUM_SLIDER',
  'MULTIPLE_NUM_SLIDER',
  'CONSTANT_SUM_INPUT',
])

const charLength = (s: string) => [...s].length

/** Choice types are answered by any answer row; input types only by a non-blank text. */
export function isAnswered(type: string, answers: Answer[]): boolean {
  if (type === 'SINGLE_CHOICE' || type === 'MULTIPLE_CHOICE') return answers.length > 0
  return answers.some((a) => a.text.trim() !== '')
}

/**
 * Optional and unanswered is valid. Date and time types: a non-empty answer is needed if mandatory.
 * Number inputs: non-empty if mandatory. Single choice: exactly one answer. Multiple choice: at least one
 * and at most max if set. Row text: length at most max if set. Matrix, locator, slider and constant-sum
 * types are always valid.
 * Row text (SINGLE_ROW_TEXT, MULTIPLE_ROW_TEXT, TEXT) only checks the length, also when mandatory (the rule taken literally).
 * Unsupported/unknown types are skipped (valid).
 */
export function isQuestionValid(
  question: { type: string; mandatory: boolean; max?: number | null },
  answers: Answer[],
): boolean {
  const { type, mandatory, max } = question
  if (!isSupported(type) || ALWAYS_VALID_TYPES.has(type)) return true
  if (ROW_TEXT_TYPES.has(type)) return max == null || answers.every((a) => charLength(a.text) <= max)
  const answered = isAnswered(type, answers)
  if (!mandatory && !answered) return true
  if (TEXT_ANSWER_TYPES.has(type)) return answered
  const count = new Set(answers.map((a) => a.answOptId)).size
  if (type === 'SINGLE_CHOICE') return count === 1
  if (type === 'MULTIPLE_CHOICE') return count >= 1 && (max == null || count <= max)
  return true
}

export interface ChoiceOption {
  id: number
  exclOpt?: boolean | null
}

const isExclusive = (options: ChoiceOption[], id: number) => options.some((o) => o.id === id && o.exclOpt === true)

/**
 * Multiple choice: picking an exclusive option clears the others, and picking any option while an
 * exclusive one is chosen clears it. The selection cannot exceed max.
 * Toggling a selected option deselects it. Adding beyond max is refused (returns `selected` unchanged).
 */
export function toggleChoice(
  selected: number[],
  optionId: number,
  options: ChoiceOption[],
  max?: number | null,
): number[] {
  if (selected.includes(optionId)) return selected.filter((id) => id !== optionId)
  if (isExclusive(options, optionId)) return [optionId]
  const kept = selected.filter((id) => !isExclusive(options, id))
  if (max != null && kept.length >= max) return selected
  return [...kept, optionId]
}

/**
 * Single-choice matrix: one answer per row. Exclusive options single out within a row.
 * Returns the new selection of one matrix row: single-choice rows hold exactly the picked option;
 * multiple-choice rows follow toggleChoice (exclusive options clear the rest of that row only).
 */
export function toggleMatrixChoice(
  row: number[],
  optionId: number,
  options: ChoiceOption[],
  single: boolean,
  max?: number | null,
): number[] {
  return single ? [optionId] : toggleChoice(row, optionId, options, max)
}

/**
 * Server-side (no-JS) normalisation of a submitted multiple-choice selection. Deterministic rule:
 * duplicates are dropped (first occurrence order kept); an id that is not an option → null (invalid);
 * one exclusive option submitted together with others → only the exclusive one is kept;
 * two or more exclusive options → null; more than max after that → null.
 */
export function normalizeMultipleChoice(
  submitted: number[],
  options: ChoiceOption[],
  max?: number | null,
): number[] | null {
  const ids = [...new Set(submitted)]
  if (ids.some((id) => !options.some((o) => o.id === id))) return null
  const exclusive = ids.filter((id) => isExclusive(options, id))
  if (exclusive.length > 1) return null
  const result = exclusive.length === 1 ? exclusive : ids
  if (max != null && result.length > max) return null
  return result
}

/**
 * Filter sub-questions appear when the parent is validly answered and an answer matches a filter code.
 * Codes are parent answer-option ids. `parentValid` is isQuestionValid(parent, parentAnswers) (default true).
 * An unanswered parent never shows its filter section.
 */
export function filterApplies(parentAnswers: { answOptId: number }[], codes: number[], parentValid = true): boolean {
  return parentValid && parentAnswers.some((a) => codes.includes(a.answOptId))
}

/** All codes of a question filter (its boolExpDefs are OR-ed). */
export function filterCodes(filter: { boolExpDefs: { codes: number[] }[] } | null | undefined): number[] {
  return filter ? filter.boolExpDefs.flatMap((d) => d.codes) : []
}

export type ShapeProblem = 'QUESTION_SHAPE_UNEXPECTED'

const SINGLE_ANSWER_TYPES = new Set<string>([
  'DATE',
  'TIME',
  'DATE_TIME',
  'INT_NO_INPUT',
  'FLOATING_NO_INPUT',
  'SINGLE_ROW_TEXT',
  'TEXT',
  'SINGLE_NUM_SLIDER',
  'SINGLE_LOCATOR',
])
const CHOICE_TYPES = new Set<string>(['SINGLE_CHOICE', 'MULTIPLE_CHOICE'])

/**
 * A question with more sub-questions or answer options than its type expects raises an error toast.
 * Single-answer types: exactly one sub-question with exactly one answer option. Choice types: exactly one
 * sub-question with at least one option. Matrix/multi types: at least one sub-question.
 * Unsupported/unknown types are skipped (null).
 */
export function shapeProblem(question: { type: string; subQuestions: { answOpts: unknown[] }[] }): ShapeProblem | null {
  const { type, subQuestions: subs } = question
  if (!isSupported(type)) return null
  let ok: boolean
  if (SINGLE_ANSWER_TYPES.has(type)) ok = subs.length === 1 && subs[0].answOpts.length === 1
  else if (CHOICE_TYPES.has(type)) ok = subs.length === 1 && subs[0].answOpts.length >= 1
  else ok = subs.length >= 1
  return ok ? null : 'QUESTION_SHAPE_UNEXPECTED'
}
