// Server-side checking of submitted answers against a questionnaire definition (answers are
// `[{ answOptId, text }]`, option ids unique within a questionnaire, so each answer names its question). The same
// per-question check decides whether Next may leave a question, so the pages and the HTTP API agree. What an answer
// of a type may be is that type's own rule (./questionTypes/). Pure.
import type { Answer } from './questionnaire'
import { isAnswered, isQuestionValid, isSupported, shapeProblem } from './questionValidity'
import { questionType } from './questionTypes/registry'
import type { AnswerConstant, ProblemReason, Refusal, TypeEnv } from './questionTypes/kit'
import { answersOf, questionByOption, visibleQuestions, type QuestionLike, type SectionLike } from './questionFlow'

export interface AnswerProblem {
  constant: AnswerConstant
  reason: ProblemReason
  questionId?: number
  answOptId?: number
  params?: Record<string, number>
}

/** Today in the study time zone ('YYYY-MM-DD'): dates after it are refused (no future dates). */
export type CheckEnv = TypeEnv

const problem = (
  constant: AnswerConstant,
  reason: ProblemReason,
  q: QuestionLike,
  extra: Partial<AnswerProblem> = {},
): AnswerProblem => ({
  constant,
  reason,
  questionId: q.id,
  ...extra,
})

const refused = (q: QuestionLike, r: Refusal, answOptId?: number): AnswerProblem =>
  problem(r.constant, r.reason, q, {
    ...(answOptId != null ? { answOptId } : {}),
    ...(r.params ? { params: r.params } : {}),
  })

/**
 * Everything wrong with one question's answers, the first problem only: values of its type (numbers in range, dates
 * not in the future, times, text lengths, places), one answer per option, then its type's rule about the answers
 * together (one per single-choice row, exclusive options alone, at most max picks, the constant sum), then validity
 * (a mandatory question needs an answer).
 * `answers` may hold other questions' answers too; only this question's count.
 */
export function questionProblem(q: QuestionLike, answers: readonly Answer[], env: CheckEnv): AnswerProblem | null {
  if (!isSupported(q.type) || shapeProblem(q)) return null
  const def = questionType(q.type)!
  const own = answersOf(q, answers)
  const seen = new Set<number>()
  for (const a of own) {
    if (seen.has(a.answOptId)) return problem('ANSWER_INVALID', 'duplicate', q, { answOptId: a.answOptId })
    seen.add(a.answOptId)
    const r = def.value?.(q, a.text ?? '', env)
    if (r) return refused(q, r, a.answOptId)
  }
  const together = def.together?.(q, own, seen)
  if (together) return refused(q, together)
  if (!isQuestionValid(q, own)) {
    return !isAnswered(q.type, own)
      ? problem('ANSWER_MANDATORY_MISSING', 'mandatory', q)
      : problem('ANSWER_INVALID', 'oneAnswer', q)
  }
  return null
}

/** True when Next may leave the question (only once the current question is validly answered). */
export function questionOk(env: CheckEnv) {
  return (q: QuestionLike, answers: readonly Answer[]) => questionProblem(q, answers, env) === null
}

/**
 * Checks a whole submission: every answer names an option of the questionnaire (ANSWER_UNKNOWN_OPTION), belongs to a
 * question that is visible given the filters (ANSWER_INVALID, reason 'hidden'), fits its question (see
 * questionProblem), and every visible mandatory question is answered (ANSWER_MANDATORY_MISSING). First problem or null.
 */
export function checkAnswers(section: SectionLike, resps: readonly Answer[], env: CheckEnv): AnswerProblem | null {
  const byOption = questionByOption(section)
  for (const a of resps) {
    if (!byOption.has(a.answOptId))
      return { constant: 'ANSWER_UNKNOWN_OPTION', reason: 'unknownOption', answOptId: a.answOptId }
  }
  const visible = visibleQuestions(section, resps)
  const visibleIds = new Set(visible.map((q) => q.id))
  for (const a of resps) {
    const q = byOption.get(a.answOptId)!
    // Unsupported questions (DRAG_RAT) are not shown here, but another client may answer them.
    if (!visibleIds.has(q.id) && isSupported(q.type))
      return problem('ANSWER_INVALID', 'hidden', q, { answOptId: a.answOptId })
  }
  for (const q of visible) {
    const p = questionProblem(q, resps, env)
    if (p) return p
  }
  return null
}
