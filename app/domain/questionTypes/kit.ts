// What a question type is to the question engine, and the words its module speaks. Every type is one module in this
// folder: its campaign-file shape, when it counts as answered and valid, how its posted fields become answers and
// back, what is wrong with an answer of it, and the bounds its messages name. ./registry.ts lists them; the engine
// (questionValidity, answerCheck, answerInput, questionMessages) only asks the registry. Its field component lives in
// app/components/questionnaire/types/ (React stays out of the domain). Pure.
import type { Answer } from '../questionnaire'
import type { Day } from '../time'
import { NUMBER_MAX_DEFAULT, NUMBER_MIN_DEFAULT } from '../numbers'
import type { QuestionLike } from '../questionFlow'
import { sortedOptions, sortedSubQuestions } from '../questionOrder'

export type { QuestionLike }

/**
 * How a question lays out its sub-questions and answer options in the campaign file: single-value (one sub-question
 * with one option), choice (one sub-question with an option per choice), matrix (a sub-question per row with its
 * column options), multi-field (one sub-question with an option per field), any (not checked).
 */
type QuestionShape = 'single-value' | 'choice' | 'matrix' | 'multi-field' | 'any'

/** Form field names. Option ids are unique within a questionnaire, so names never clash. */
export const field = {
  /** SINGLE_CHOICE / MULTIPLE_CHOICE: the picked option ids. */
  choice: (questionId: number) => `q${questionId}`,
  /** Matrix row (sub-question): the picked option ids of that row. */
  row: (subQuestionId: number) => `r${subQuestionId}`,
  /** The text of an option: number, text, date (YYYY-MM-DD), slider value, place ("lat, lon"). */
  value: (optId: number) => `o${optId}`,
  /** A slider's number box (next to the range input). */
  number: (optId: number) => `o${optId}-n`,
  hour: (optId: number) => `o${optId}-h`,
  minute: (optId: number) => `o${optId}-m`,
  /** Locator without the map: one of the participant's saved places ("poi:ID", or "clear"). */
  poi: (optId: number) => `o${optId}-poi`,
  /** Locator without the map: an address or "lat, lon". */
  where: (optId: number) => `o${optId}-where`,
}

/** The posted fields of a question, read by name (URLSearchParams is one). */
export interface FormLike {
  get(name: string): string | null
  getAll(name: string): string[]
}

/** Today in the study time zone ('YYYY-MM-DD') and that zone: dates are read, shown and checked in it. */
export interface TypeEnv {
  today: Day
  timeZone: string
}

/** Input the server adjusted instead of refusing it, so the page can say so. */
export type InputNotice = 'clamped' | 'sumReduced' | 'exclusiveOnly' | 'textCut' | 'timeAdjusted'

export interface ParsedInput {
  answers: Answer[]
  notice: InputNotice | null
}

/** Field values as rendered: one string, or the picked ids of a choice/row. */
export type FormState = Record<string, string | string[]>

export type AnswerConstant =
  'ANSWER_UNKNOWN_OPTION' | 'ANSWER_OUT_OF_RANGE' | 'ANSWER_MANDATORY_MISSING' | 'ANSWER_INVALID'

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

/** A type's refusal of an answer; the engine adds which question and option it is about. */
export interface Refusal {
  constant: AnswerConstant
  reason: ProblemReason
  params?: Record<string, number>
}

/** A question as the validity rule sees it. */
interface ValidityQuestion {
  type: string
  mandatory: boolean
  max?: number | null
}

export interface QuestionTypeDef {
  /** Its campaign-file layout. */
  shape: QuestionShape
  /** False: the screens skip it (not rendered, never blocks submission), the HTTP API still takes its answers. */
  supported: boolean
  /** Whether its answers answer it (default: a non-blank text). */
  answered?: (answers: readonly Answer[]) => boolean
  /** Whether its answers are valid (Next may leave it); optional and unanswered is valid unless said otherwise. */
  valid: (q: ValidityQuestion, answers: readonly Answer[]) => boolean
  /** What is wrong with one answer's text (called for every answer of the question, blank ones too). */
  value?: (q: QuestionLike, text: string, env: TypeEnv) => Refusal | null
  /** What is wrong with the question's answers together (`picked`: the answered option ids). */
  together?: (q: QuestionLike, own: readonly Answer[], picked: ReadonlySet<number>) => Refusal | null
  /** The answers its posted fields describe; `previous` are its answers before this post. */
  parse: (q: QuestionLike, form: FormLike, previous: readonly Answer[], env: TypeEnv) => ParsedInput
  /** Its field values for rendering its answers (default: each option's text under field.value). */
  formState?: (q: QuestionLike, answers: readonly Answer[], env: TypeEnv, flags: { seen?: boolean }) => FormState
  /** The bounds a range message names (default: the number input's min and max). */
  range?: (q: Pick<QuestionLike, 'min' | 'max' | 'metaDataRecs'>) => { min: number; max: number }
  /** Its answers are places: not copied to later legs, saved places offered, typed addresses looked up. */
  places?: boolean
}

/** Number input bounds, "min (default 0) and max (default 1000)". */
export function numberBounds(q: Pick<QuestionLike, 'min' | 'max'>): { min: number; max: number } {
  return { min: q.min ?? NUMBER_MIN_DEFAULT, max: q.max ?? NUMBER_MAX_DEFAULT }
}

/** Answered by a non-blank text. */
export const hasText = (answers: readonly Answer[]) => answers.some((a) => a.text.trim() !== '')

/** Valid when optional, else once answered with a text. */
export const textIfMandatory = (q: ValidityQuestion, answers: readonly Answer[]) => !q.mandatory || hasText(answers)

/** Valid whatever the answers (its values are checked one by one instead). */
export const alwaysValid = () => true

/** A rule about one answer's text that only looks at non-blank texts (blank means "no answer" and passes). */
export const nonBlank =
  (rule: (q: QuestionLike, text: string, env: TypeEnv) => Refusal | null) =>
  (q: QuestionLike, text: string, env: TypeEnv): Refusal | null => {
    const s = text.trim()
    return s === '' ? null : rule(q, s, env)
  }

/** The answer options of a question in order (all sub-questions). */
export const optionsOf = (q: QuestionLike) => sortedSubQuestions(q).flatMap((s) => sortedOptions(s))

/** The answer text of one option, if answered. */
export const textOf = (answers: readonly Answer[], optId: number) => answers.find((a) => a.answOptId === optId)?.text

/** Answers of a type with one value per option: `read` turns an option's fields into its answer (or none). */
export function perOption(
  q: QuestionLike,
  previous: readonly Answer[],
  read: (optId: number, previous: string | undefined) => { text: string | null; notice?: InputNotice | null },
): ParsedInput {
  const answers: Answer[] = []
  let notice: InputNotice | null = null
  for (const o of optionsOf(q)) {
    const r = read(o.id, textOf(previous, o.id))
    if (r.notice) notice = r.notice
    if (r.text != null) answers.push({ answOptId: o.id, text: r.text })
  }
  return { answers, notice }
}

/** Field values of a type with one value per option: `show` gives an option's fields. */
export function perOptionState(
  q: QuestionLike,
  answers: readonly Answer[],
  show: (optId: number, text: string | undefined) => FormState,
): FormState {
  return Object.assign({}, ...optionsOf(q).map((o) => show(o.id, textOf(answers, o.id)))) as FormState
}
