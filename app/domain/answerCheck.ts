// Server-side checking of submitted answers against a questionnaire definition (answers are
// `[{ answOptId, text }]`, option ids unique within a questionnaire, so each answer names its question). The same
// per-question check decides whether Next may leave a question, so the pages and the HTTP API agree. Pure.
import type { Answer } from './questionnaire'
import type { Day } from './time'
import { dayInZone } from './time'
import { isAnswered, isQuestionValid, isSupported, shapeProblem } from './questionValidity'
import { maximumSum, NUMBER_MAX_DEFAULT, NUMBER_MIN_DEFAULT, ROW_TEXT_MAX_DEFAULT, sliderConfig } from './numbers'
import { answerTextToDate } from './questionText'
import { parseLocatorText } from './geoAnswer'
import {
  answersOf,
  questionByOption,
  sortedSubQuestions,
  visibleQuestions,
  type QuestionLike,
  type SectionLike,
} from './questionFlow'

type AnswerConstant = 'ANSWER_UNKNOWN_OPTION' | 'ANSWER_OUT_OF_RANGE' | 'ANSWER_MANDATORY_MISSING' | 'ANSWER_INVALID'

/** Why an answer is refused; each reason has a text in questionnaire.json (errors.<reason>). */
export type ProblemReason =
  | 'unknownOption'
  | 'duplicate'
  | 'hidden'
  | 'mandatory'
  | 'oneAnswer'
  | 'exclusive'
  | 'tooMany'
  | 'number'
  | 'range'
  | 'sum'
  | 'date'
  | 'future'
  | 'time'
  | 'textLength'
  | 'lineBreak'
  | 'place'

export interface AnswerProblem {
  constant: AnswerConstant
  reason: ProblemReason
  questionId?: number
  answOptId?: number
  params?: Record<string, number>
}

export interface CheckEnv {
  /** Today in the study time zone ('YYYY-MM-DD'): dates after it are refused (no future dates). */
  today: Day
  timeZone: string
}

const SINGLE_ROW_TYPES = new Set(['SINGLE_ROW_TEXT', 'MULTIPLE_ROW_TEXT'])
const ROW_TEXT = new Set(['SINGLE_ROW_TEXT', 'MULTIPLE_ROW_TEXT', 'TEXT'])
const NUMBER_TYPES = new Set(['INT_NO_INPUT', 'FLOATING_NO_INPUT'])
const SLIDER_TYPES = new Set(['SINGLE_NUM_SLIDER', 'MULTIPLE_NUM_SLIDER', 'CONSTANT_SUM_INPUT'])
const DATE_TYPES = new Set(['DATE', 'DATE_TIME'])
const LOCATORS = new Set(['SINGLE_LOCATOR', 'MULTIPLE_LOCATOR'])
const SINGLE_PER_ROW = new Set(['SINGLE_CHOICE', 'SINGLE_CHOICE_MATRIX'])
const MULTI_PER_ROW = new Set(['MULTIPLE_CHOICE', 'MULTIPLE_CHOICE_MATRIX'])

const INT_RE = /^[+-]?\d+$/
const FLOAT_RE = /^[+-]?(\d+(\.\d{1,2})?|\.\d{1,2})$/
const DECIMAL_RE = /^[+-]?(\d+(\.\d+)?|\.\d+)$/
const TIME_RE = /^(\d{2}):(\d{2}):(\d{2})$/

/** Number input bounds, "min (default 0) and max (default 1000)". */
export function numberBounds(q: Pick<QuestionLike, 'min' | 'max'>): { min: number; max: number } {
  return { min: q.min ?? NUMBER_MIN_DEFAULT, max: q.max ?? NUMBER_MAX_DEFAULT }
}

/** Row text: max characters default 100. */
export function rowTextMax(q: Pick<QuestionLike, 'max'>): number {
  return q.max ?? ROW_TEXT_MAX_DEFAULT
}

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

/** The value of one answer text for its question's type; blank texts are "no answer" and pass. */
function valueProblem(q: QuestionLike, a: Answer, env: CheckEnv): AnswerProblem | null {
  const text = a.text ?? ''
  const at = { answOptId: a.answOptId }
  if (ROW_TEXT.has(q.type)) {
    const max = rowTextMax(q)
    if (SINGLE_ROW_TYPES.has(q.type) && /[\r\n]/.test(text)) return problem('ANSWER_INVALID', 'lineBreak', q, at)
    if ([...text].length > max) return problem('ANSWER_OUT_OF_RANGE', 'textLength', q, { ...at, params: { max } })
    return null
  }
  const s = text.trim()
  if (s === '') return null
  if (NUMBER_TYPES.has(q.type)) {
    const { min, max } = numberBounds(q)
    if (!(q.type === 'INT_NO_INPUT' ? INT_RE : FLOAT_RE).test(s)) return problem('ANSWER_INVALID', 'number', q, at)
    const n = Number(s)
    return n < min || n > max ? problem('ANSWER_OUT_OF_RANGE', 'range', q, { ...at, params: { min, max } }) : null
  }
  if (SLIDER_TYPES.has(q.type)) {
    const { min, max } = sliderConfig(q)
    if (!DECIMAL_RE.test(s)) return problem('ANSWER_INVALID', 'number', q, at)
    const n = Number(s)
    return n < min || n > max ? problem('ANSWER_OUT_OF_RANGE', 'range', q, { ...at, params: { min, max } }) : null
  }
  if (DATE_TYPES.has(q.type)) {
    const date = answerTextToDate(s)
    if (!date) return problem('ANSWER_INVALID', 'date', q, at)
    return dayInZone(date, env.timeZone) > env.today ? problem('ANSWER_OUT_OF_RANGE', 'future', q, at) : null
  }
  if (q.type === 'TIME') {
    const m = TIME_RE.exec(s)
    if (!m) return problem('ANSWER_INVALID', 'time', q, at)
    // Time input: hour 0 to 24, minute 0 to 59.
    return Number(m[1]) > 24 || Number(m[2]) > 59 || Number(m[3]) > 59
      ? problem('ANSWER_OUT_OF_RANGE', 'time', q, at)
      : null
  }
  if (LOCATORS.has(q.type)) return parseLocatorText(s) ? null : problem('ANSWER_INVALID', 'place', q, at)
  return null
}

/**
 * Everything wrong with one question's answers, the first problem only: values of its type (numbers in range, dates
 * not in the future, times, text lengths, places), one answer per option, one per single-choice row, exclusive
 * options alone, at most max picks, then validity (a mandatory question needs an answer).
 * `answers` may hold other questions' answers too; only this question's count.
 */
export function questionProblem(q: QuestionLike, answers: readonly Answer[], env: CheckEnv): AnswerProblem | null {
  if (!isSupported(q.type) || shapeProblem(q)) return null
  const own = answersOf(q, answers)
  const seen = new Set<number>()
  for (const a of own) {
    if (seen.has(a.answOptId)) return problem('ANSWER_INVALID', 'duplicate', q, { answOptId: a.answOptId })
    seen.add(a.answOptId)
    const p = valueProblem(q, a, env)
    if (p) return p
  }
  if (SINGLE_PER_ROW.has(q.type) || MULTI_PER_ROW.has(q.type)) {
    for (const row of sortedSubQuestions(q)) {
      const picked = row.answOpts.filter((o) => seen.has(o.id))
      if (SINGLE_PER_ROW.has(q.type) && picked.length > 1) return problem('ANSWER_INVALID', 'oneAnswer', q)
      if (picked.length > 1 && picked.some((o) => o.exclOpt)) return problem('ANSWER_INVALID', 'exclusive', q)
    }
    if (q.type === 'MULTIPLE_CHOICE' && q.max != null && seen.size > q.max) {
      return problem('ANSWER_OUT_OF_RANGE', 'tooMany', q, { params: { max: q.max } })
    }
  }
  if (q.type === 'CONSTANT_SUM_INPUT') {
    const max = maximumSum(q.metaDataRecs, q.max)
    const sum = own.reduce((s, a) => s + (Number(a.text) || 0), 0)
    if (sum > max + 1e-9) return problem('ANSWER_OUT_OF_RANGE', 'sum', q, { params: { max } })
  }
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
