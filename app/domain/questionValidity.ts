// The question engine's validity rules, asked of each type's module (./questionTypes/registry.ts): whether a type
// is supported, answered, valid, and laid out as its type expects; and the choice rules shared by the screens.
import type { Answer } from './questionnaire'
import { questionType, type QuestionType } from './questionTypes/registry'
import { hasText, type QuestionTypeDef } from './questionTypes/kit'

/** The module of a type the screens support, or null: DRAG_RAT is unsupported (skipped), unknown strings too. */
function supportedType(type: string): QuestionTypeDef | null {
  const def = questionType(type)
  return def?.supported ? def : null
}

/** DRAG_RAT is unsupported and skipped (not rendered, never blocks submission). Unknown strings too. */
export function isSupported(type: string): type is Exclude<QuestionType, 'DRAG_RAT'> {
  return supportedType(type) !== null
}

/** Choice types are answered by any answer row; input types only by a non-blank text. */
export function isAnswered(type: string, answers: Answer[]): boolean {
  return (questionType(type)?.answered ?? hasText)(answers)
}

/**
 * Optional and unanswered is valid. Date and time types: a non-empty answer is needed if mandatory.
 * Number inputs: non-empty if mandatory. Single choice: exactly one answer. Multiple choice: at least one
 * and at most max if set. Row text: length at most max if set. Matrix, locator, slider and constant-sum
 * types are always valid. Each type's module states its own rule.
 * Unsupported/unknown types are skipped (valid).
 */
export function isQuestionValid(
  question: { type: string; mandatory: boolean; max?: number | null },
  answers: Answer[],
): boolean {
  const def = supportedType(question.type)
  return def ? def.valid(question, answers) : true
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

/**
 * A question with more sub-questions or answer options than its type expects raises an error toast.
 * Single-answer types: exactly one sub-question with exactly one answer option. Choice types: exactly one
 * sub-question with at least one option. Matrix/multi types: at least one sub-question.
 * Unsupported/unknown types are skipped (null).
 */
export function shapeProblem(question: { type: string; subQuestions: { answOpts: unknown[] }[] }): ShapeProblem | null {
  const def = supportedType(question.type)
  if (!def) return null
  const subs = question.subQuestions
  let ok: boolean
  if (def.shape === 'single-value') ok = subs.length === 1 && subs[0].answOpts.length === 1
  else if (def.shape === 'choice') ok = subs.length === 1 && subs[0].answOpts.length >= 1
  else ok = subs.length >= 1
  return ok ? null : 'QUESTION_SHAPE_UNEXPECTED'
}
