// The questionnaire flow: which questions show, in which order, and when a
// questionnaire is finished. Pure; works on any definition shaped like Section/Question (texts may be
// plain or localised, so only the structure is typed here).
import type { Answer } from './questionnaire'
import { filterApplies, filterCodes, isQuestionValid, isSupported, shapeProblem } from './questionValidity'
import { questionType } from './questionTypes/registry'
import { sortedQuestions } from './questionOrder'

interface OptionLike {
  id: number
  exclOpt?: boolean | null
  sortingIdx?: number | null
}
interface SubQuestionLike {
  id: number
  sortingIdx?: number | null
  answOpts: OptionLike[]
}
export interface QuestionLike {
  id: number
  type: string
  mandatory: boolean
  sortingIdx?: number | null
  min?: number | null
  max?: number | null
  metaDataRecs?: { key: string; val: string }[] | null
  subQuestions: SubQuestionLike[]
  filter?: { boolExpDefs: { codes: number[] }[]; section: SectionLike } | null
  applyResps?: boolean | null
}
export interface SectionLike {
  id?: number
  questions: QuestionLike[]
}

/** Every question of a section, nested filter sections included (document order). */
export function allQuestions<Q extends QuestionLike>(section: { questions: Q[] }): Q[] {
  const out: Q[] = []
  for (const q of sortedQuestions(section)) {
    out.push(q)
    if (q.filter) out.push(...allQuestions(q.filter.section as unknown as { questions: Q[] }))
  }
  return out
}

/** The option ids of a question. */
function optionIds(q: QuestionLike): number[] {
  return q.subQuestions.flatMap((s) => s.answOpts.map((o) => o.id))
}

/** answOptId → its question (option ids are unique within a questionnaire). */
export function questionByOption<Q extends QuestionLike>(section: { questions: Q[] }): Map<number, Q> {
  const out = new Map<number, Q>()
  for (const q of allQuestions(section)) for (const id of optionIds(q)) out.set(id, q)
  return out
}

/** The answers that belong to a question (its answer options). */
export function answersOf(q: QuestionLike, answers: readonly Answer[]): Answer[] {
  const own = new Set(optionIds(q))
  return answers.filter((a) => own.has(a.answOptId))
}

/** Replaces a question's answers in a list (the rest keeps its order). */
export function replaceAnswers(answers: readonly Answer[], q: QuestionLike, next: readonly Answer[]): Answer[] {
  const own = new Set(optionIds(q))
  return [...answers.filter((a) => !own.has(a.answOptId)), ...next]
}

/**
 * Question validity (isQuestionValid) for one question of a list of answers. A question whose shape does not
 * fit its type cannot be shown or answered, so it never blocks (the page shows the error instead).
 */
function questionIsValid(q: QuestionLike, answers: readonly Answer[]): boolean {
  if (shapeProblem(q)) return true
  return isQuestionValid(q, answersOf(q, answers))
}

/**
 * Unsupported types are skipped. Filter sub-questions appear when the parent is validly answered and an
 * answer matches a filter code. The questions a participant goes through, in order: each supported question,
 * followed by its filter section when that applies (recursively). A filter on a skipped question never opens.
 */
export function visibleQuestions<Q extends QuestionLike>(section: { questions: Q[] }, answers: readonly Answer[]): Q[] {
  const out: Q[] = []
  for (const q of sortedQuestions(section)) {
    if (!isSupported(q.type)) continue
    out.push(q)
    if (!q.filter) continue
    const own = answersOf(q, answers)
    if (filterApplies(own, filterCodes(q.filter), questionIsValid(q, answers))) {
      out.push(...visibleQuestions(q.filter.section as unknown as { questions: Q[] }, answers))
    }
  }
  return out
}

/** Only the answers of questions that are visible (answers left behind in a closed filter section are dropped). */
export function pruneHidden(section: SectionLike, answers: readonly Answer[]): Answer[] {
  const visible = new Set(visibleQuestions(section, answers).flatMap(optionIds))
  return answers.filter((a) => visible.has(a.answOptId))
}

export interface PartProgress {
  /** Visible question ids in order. */
  questionIds: number[]
  allValid: boolean
  allSeen: boolean
  /** Index of the first question that is unseen or invalid, or -1. */
  firstOpen: number
}

/**
 * The Complete button shows only on the last questionnaire, when all are validly answered and all supported
 * questions were seen. Progress of one questionnaire given its answers and the ids of the questions seen.
 */
export function partProgress(
  section: SectionLike,
  answers: readonly Answer[],
  seen: readonly number[],
  valid: (q: QuestionLike, answers: readonly Answer[]) => boolean = questionIsValid,
): PartProgress {
  const visible = visibleQuestions(section, answers)
  const seenSet = new Set(seen)
  const firstOpen = visible.findIndex((q) => !seenSet.has(q.id) || !valid(q, answers))
  return {
    questionIds: visible.map((q) => q.id),
    allValid: visible.every((q) => valid(q, answers)),
    allSeen: visible.every((q) => seenSet.has(q.id)),
    firstOpen,
  }
}

interface SkipTarget<Q> {
  /** Index of the question the skip stops at, or the number of questions when nothing in the part needs an answer. */
  to: number
  /** The questions passed over (they count as seen). */
  passed: Q[]
}

/**
 * Skipping the optional questions: from the question after `from`, every question that already passes its check
 * (an optional question left empty does, as does one answered before or by a copy) is passed over; the skip stops
 * at the first one that does not (a mandatory question without an answer, or an answer that breaks a rule), or at
 * the part's end. `visible` are the part's visible questions in order (filters already applied to the answers).
 */
export function skipTarget<Q>(visible: readonly Q[], from: number, passes: (q: Q) => boolean): SkipTarget<Q> {
  const passed: Q[] = []
  for (let i = from + 1; i < visible.length; i++) {
    if (!passes(visible[i]!)) return { to: i, passed }
    passed.push(visible[i]!)
  }
  return { to: visible.length, passed }
}

/** Answers about places (locators) and of questions marked applyResps: false are never copied to later legs. */
const notCopied = (q: QuestionLike) => questionType(q.type)?.places === true || q.applyResps === false

/**
 * When moving past the last question of a leg questionnaire, if later legs have the same traffic mode, the user
 * is asked whether to copy the answers to them. Locator questions are not copied. Questions marked applyResps: false
 * are not copied either. The copy is pruned to what is then visible.
 */
export function copyableAnswers(section: SectionLike, answers: readonly Answer[]): Answer[] {
  const skip = new Set(allQuestions(section).filter(notCopied).flatMap(optionIds))
  return pruneHidden(
    section,
    answers.filter((a) => !skip.has(a.answOptId)),
  )
}

/** Question ids that a copy counts as seen: every visible question except the ones whose answers were not copied. */
export function copiedSeenIds(section: SectionLike, copied: readonly Answer[]): number[] {
  return visibleQuestions(section, copied)
    .filter((q) => !notCopied(q))
    .map((q) => q.id)
}
