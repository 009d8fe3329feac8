// What the questionnaire flow shows: the question the participant is on (its texts in their language, its bounds, its
// field values from the draft), where they are in the run, and the last refusal or notice. The page's search
// parameters (kept short, prefixed so they do not clash with the page's) say which part is open and carry the
// refusal or notice of the last post after its redirect.
import { questionOk } from '~/domain/answerCheck'
import { questionFormState, type FormState, type InputNotice } from '~/domain/answerInput'
import { maximumSum, sliderConfig, type SliderConfig } from '~/domain/numbers'
import { skipTarget } from '~/domain/questionFlow'
import { sortedOptions, sortedSubQuestions } from '~/domain/questionOrder'
import { shapeProblem } from '~/domain/questionValidity'
import type { Locale } from '~/domain/locale'
import { messageRange, type FlowErrorReason } from '~/domain/questionMessages'
import { numberInput } from '~/domain/questionTypes/number'
import { rowTextMax } from '~/domain/questionTypes/rowText'
import { questionType } from '~/domain/questionTypes/registry'
import { listOwnPois } from '../poi.server'
import type { Question } from '../schemas/campaign-file'
import { textIn } from './store.server'
import {
  clampPos,
  copyTargets,
  draftOf,
  firstOpen,
  isComplete,
  progressOf,
  visibleOf,
  type Flow,
  type FlowPart,
} from './flow.server'
import type { FlowOutcome } from './flow-post.server'

export type PartTitle = { kind: 'INITIAL' | 'FINAL' | 'TRIP' } | { kind: 'LEG'; legNo: number; mode: string }

interface OptionView {
  id: number
  text: string
  textAfter: string
  exclusive: boolean
}
interface RowView {
  id: number
  text: string
  options: OptionView[]
}
export interface QuestionView {
  id: number
  type: string
  mandatory: boolean
  alignment: string | null
  text: string
  hint: string
  help: string
  textAfter: string
  min: number | null
  max: number | null
  rows: RowView[]
  number: { min: number; max: number; float: boolean }
  /** The bounds a range message names (a slider's for sliders, else the number input's). */
  range: { min: number; max: number }
  slider: SliderConfig & { maxSum: number }
  textMax: number
  /** More sub-questions or answer options than the type expects: shown as an error, never breaks. */
  shapeProblem: boolean
}

export interface FlowError {
  reason: FlowErrorReason
  questionId: number | null
}

export interface FlowView {
  questionnaireId: number
  scope: string
  parts: { title: PartTitle; total: number; done: boolean }[]
  partIndex: number
  /** 0-based position of the question in its part, and the part's number of visible questions. */
  position: number
  total: number
  showProgress: boolean
  question: QuestionView | null
  state: FormState
  isFirst: boolean
  isLast: boolean
  /** Skipping the optional questions would pass over more than the next question (else it is just Next). */
  canSkip: boolean
  canComplete: boolean
  /** Asked when moving past the last question of a leg questionnaire with later legs of the same mode. */
  prompt: { legs: { legNo: number; mode: string }[] } | null
  notice: InputNotice | null
  /** The last Next's refusal: about the question shown, or (incomplete) about the whole run. */
  error: FlowError | null
  /** Changes whenever the draft does: a React key, so inputs start again from the saved values. */
  version: string
  today: string
  places: { id: number; name: string; lat: number; lon: number }[]
}

/**
 * Where the participant is in a flow, as the page's address says it: the part asked for, whether the copy prompt is
 * open, and the refusal or notice a post left for a question (the page's address is read in app/lib).
 */
export interface FlowQuery {
  part: number | null
  prompt: boolean
  error: string | null
  notice: string | null
  question: string | null
}

function titleOf(p: FlowPart): PartTitle {
  if (p.legIdx != null) return { kind: 'LEG', legNo: p.legIdx + 1, mode: p.tfcMode ?? 'UNKNOWN' }
  return { kind: p.qtn.type === 'TRIP_BASED' ? 'TRIP' : p.qtn.type === 'FINAL' ? 'FINAL' : 'INITIAL' }
}

/** Deterministic order of randomized options (per participant and question), stable across reloads. */
function randomizedOrder<T extends { id: number; randomized?: boolean | null }>(list: T[], seed: number): T[] {
  const slots = list.map((o, i) => (o.randomized ? i : -1)).filter((i) => i >= 0)
  if (slots.length < 2) return list
  const hash = (id: number) => {
    let h = (seed ^ (id * 2654435761)) >>> 0
    h = Math.imul(h ^ (h >>> 16), 2246822507) >>> 0
    return (h ^ (h >>> 13)) >>> 0
  }
  const shuffled = slots.map((i) => list[i]).sort((a, b) => hash(a.id) - hash(b.id))
  const out = [...list]
  slots.forEach((slot, n) => (out[slot] = shuffled[n]))
  return out
}

function questionView(q: Question, locale: Locale, seed = 0): QuestionView {
  const slider = sliderConfig(q)
  return {
    id: q.id,
    type: q.type,
    mandatory: q.mandatory,
    alignment: q.alignment ?? null,
    text: textIn(q.introTxt, locale),
    hint: textIn(q.hintTxt, locale),
    help: textIn(q.helpTxt, locale),
    textAfter: textIn(q.subseqTxt, locale),
    min: q.min ?? null,
    max: q.max ?? null,
    rows: sortedSubQuestions(q).map((s) => ({
      id: s.id,
      text: textIn(s.introTxt, locale),
      options: randomizedOrder(sortedOptions(s), seed + q.id).map((o) => ({
        id: o.id,
        text: textIn(o.introTxt, locale),
        textAfter: textIn(o.subseqTxt, locale),
        exclusive: o.exclOpt === true,
      })),
    })),
    number: numberInput(q),
    range: messageRange(q),
    slider: { ...slider, maxSum: maximumSum(q.metaDataRecs, q.max) },
    textMax: rowTextMax(q),
    shapeProblem: shapeProblem(q) !== null,
  }
}

const REASONS = new Set<string>([
  'unknownOption',
  'duplicate',
  'hidden',
  'mandatory',
  'oneAnswer',
  'exclusive',
  'tooMany',
  'number',
  'range',
  'sum',
  'date',
  'future',
  'time',
  'textLength',
  'lineBreak',
  'place',
  'incomplete',
  'placeNotFound',
  'geocoder',
])
const NOTICES = new Set<string>(['clamped', 'sumReduced', 'exclusiveOnly', 'textCut', 'timeAdjusted'])

/** What the flow shows for the page's search parameters (and an error an action just returned). */
export async function flowView(flow: Flow, query: FlowQuery, actionError?: FlowError | null): Promise<FlowView | null> {
  const { parts, ctx } = flow
  if (!parts.length) return null
  const open = firstOpen(flow)
  const maxPart = open ? open.part : parts.length - 1
  const asked = query.part
  // Forward only through Next: a part after the first unfinished one cannot be opened by its URL.
  const k = asked != null && Number.isInteger(asked) && asked >= 0 && asked <= maxPart ? asked : maxPart
  const part = parts[k]
  const draft = draftOf(flow, k)
  const visible = visibleOf(flow, k)
  const total = visible.length
  const position = total ? clampPos(draft.position, total) : 0
  const current = (visible[position] as Question | undefined) ?? null
  const question = current ? questionView(current, ctx.locale, ctx.user.id) : null
  const isLast = k === parts.length - 1 && position >= total - 1
  const canComplete =
    isLast &&
    parts.every(
      (_, i) =>
        progressOf(flow, i, i === k && current ? { extraSeen: current.id, trust: current.id } : {}).firstOpen === -1,
    )
  const targets = query.prompt && position === total - 1 ? copyTargets(flow, k) : []
  const forThis = (id: string | null) => current != null && id === String(current.id)
  const urlError = query.error
  let error: FlowError | null = null
  if (actionError && (actionError.questionId == null || actionError.questionId === current?.id)) {
    error = actionError
  } else if (urlError && REASONS.has(urlError) && (forThis(query.question) || urlError === 'incomplete')) {
    error = {
      reason: urlError as FlowErrorReason,
      questionId: urlError === 'incomplete' ? null : (current?.id ?? null),
    }
  }
  const notice = query.notice
  const needsPlaces = current != null && questionType(current.type)?.places === true
  return {
    questionnaireId: part.qtn.id,
    scope: part.scope,
    parts: parts.map((p, i) => ({ title: titleOf(p), total: visibleOf(flow, i).length, done: isComplete(flow, i) })),
    partIndex: k,
    position,
    total,
    showProgress: part.qtn.def.showProg !== false,
    question,
    state: current
      ? questionFormState(current, draft.resps, flow.env, { seen: draft.seenQuestionIds.includes(current.id) })
      : {},
    isFirst: k === 0 && position === 0,
    isLast,
    canSkip:
      !isLast &&
      current != null &&
      skipTarget(visible, position, (q) => questionOk(flow.env)(q, draft.resps)).to > position + 1,
    canComplete,
    prompt: targets.length
      ? { legs: targets.map((j) => ({ legNo: parts[j].legIdx! + 1, mode: parts[j].tfcMode ?? 'UNKNOWN' })) }
      : null,
    notice: notice && NOTICES.has(notice) && forThis(query.question) ? (notice as InputNotice) : null,
    error,
    version: `${k}-${position}-${draft.updatedAt?.getTime() ?? 0}`,
    today: flow.env.today,
    places: needsPlaces
      ? (await listOwnPois(ctx)).map((p) => ({ id: p.id, name: p.name, lat: p.lat, lon: p.lon }))
      : [],
  }
}

/** Where the page goes after an outcome of kind 'show': its part, prompt, and the notice or refusal to show. */
export function outcomeQuery(o: Extract<FlowOutcome, { kind: 'show' }>, opts: { withError: boolean }): FlowQuery {
  const q = o.error ? o.error.questionId : (o.notice?.questionId ?? null)
  return {
    part: o.part,
    prompt: o.prompt === true,
    notice: o.notice && !o.error ? o.notice.key : null,
    error: opts.withError && o.error ? o.error.reason : null,
    question: q != null ? String(q) : null,
  }
}
