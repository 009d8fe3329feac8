// The pages' questionnaire flow: one question at a time with Back, Next and
// Complete over a run of questionnaires ("parts": the campaign page has one; a way has its trip questionnaire and
// then the leg questionnaires per leg). Every Back and Next saves a server-side draft (questionnaire_drafts: answers,
// seen question ids, position), so a reload, JavaScript off, a lost connection or an expired session never loses
// an answer. Every post carries what it needs to be re-applied on its own (questionnaire, scope, question, fields),
// so a post kept by the login guard's pending-post mechanism can be sent again after login.
import { and, eq, ilike } from 'drizzle-orm'
import { pois as poisTable } from '~/db/schema'
import { numberBounds, questionOk, questionProblem, rowTextMax, type CheckEnv } from '~/domain/answerCheck'
import {
  field,
  formLike,
  parseQuestionForm,
  questionFormState,
  type FormLike,
  type FormState,
  type InputNotice,
} from '~/domain/answerInput'
import { latLonInputText, parseLatLonInput } from '~/domain/geoAnswer'
import { maximumSum, sliderConfig, type SliderConfig } from '~/domain/numbers'
import {
  allQuestions,
  answersOf,
  copiedSeenIds,
  partProgress,
  pruneHidden,
  replaceAnswers,
  skipTarget,
  sortedOptions,
  sortedSubQuestions,
  visibleQuestions,
  type QuestionLike,
} from '~/domain/questionFlow'
import { isSupported, shapeProblem } from '~/domain/questionValidity'
import type { Answer } from '~/domain/questionnaire'
import type { Locale } from '~/domain/locale'
import { flowMessage, questionField, type FlowErrorReason } from '~/domain/questionMessages'
import type { SubmissionResult } from '@conform-to/react'
import { ServiceError, type AuthedContext } from '../core.server'
import { searchPlaces } from '../geocoder.server'
import { listOwnPois } from '../poi.server'
import type { Question } from '../schemas/campaign-file'
import {
  checkEnv,
  copiesFor,
  EMPTY_DRAFT,
  readDrafts,
  textIn,
  writeDraft,
  type Draft,
  type Scope,
  type StoredQuestionnaire,
} from './store.server'

/** A form's reply in conform's shape: the field errors as catalogue keys, under q<id> per question. */
type FormReply = SubmissionResult<string[]>

export interface FlowPart {
  qtn: StoredQuestionnaire
  scope: Scope
  legId: number | null
  /** Position of the leg in its way (0-based); null for campaign and trip questionnaires. */
  legIdx: number | null
  tfcMode: string | null
}

export type PartTitle = { kind: 'INITIAL' | 'FINAL' | 'TRIP' } | { kind: 'LEG'; legNo: number; mode: string }

interface OptionView {
  id: number
  introTxt: string
  subseqTxt: string
  exclOpt: boolean
}
interface RowView {
  id: number
  introTxt: string
  options: OptionView[]
}
export interface QuestionView {
  id: number
  type: string
  mandatory: boolean
  alignment: string | null
  introTxt: string
  hintTxt: string
  helpTxt: string
  subseqTxt: string
  min: number | null
  max: number | null
  rows: RowView[]
  number: { min: number; max: number; float: boolean }
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
  qtnId: number
  scope: string
  parts: { title: PartTitle; total: number; done: boolean }[]
  partIndex: number
  /** 0-based position of the question in its part, and the part's number of visible questions. */
  position: number
  total: number
  showProg: boolean
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
  /**
   * The last Next's refusal in the shape of a form reply: the message (a catalogue key) under the question's field
   * (`q<id>`), or under '' for the whole run ('questionnaire:errors.incomplete').
   */
  reply: FormReply | null
  /** Changes whenever the draft does: a React key, so inputs start again from the saved values. */
  version: string
  today: string
  pois: { id: number; name: string; lat: number; lon: number }[]
}

export type FlowOutcome =
  | {
      kind: 'show'
      part: number
      notice?: { key: InputNotice; questionId: number }
      error?: FlowError
      prompt?: boolean
    }
  | { kind: 'completed' }
  | { kind: 'failed'; error: ServiceError }
  | { kind: 'gone' }

/** Search parameters of the page that shows the flow (kept short; prefixed so they do not clash with the page's). */
const P = { part: 'qpart', notice: 'qnotice', error: 'qerr', question: 'qq', prompt: 'qprompt' } as const

export interface Flow {
  ctx: AuthedContext
  parts: FlowPart[]
  drafts: Map<string, Draft>
  env: CheckEnv
}

const key = (p: FlowPart) => `${p.qtn.id}|${p.scope}`

export async function loadFlow(ctx: AuthedContext, parts: FlowPart[]): Promise<Flow> {
  const drafts = await readDrafts(
    ctx.db,
    ctx.user.id,
    parts.map((p) => ({ questionnaireId: p.qtn.id, scope: p.scope })),
  )
  return { ctx, parts, drafts, env: checkEnv(ctx) }
}

const draftOf = (flow: Flow, i: number): Draft => flow.drafts.get(key(flow.parts[i])) ?? EMPTY_DRAFT

function visibleOf(flow: Flow, i: number, resps = draftOf(flow, i).resps) {
  return visibleQuestions(flow.parts[i].qtn.def.section, resps)
}

/** A part is complete when every visible question was seen and passes the check. */
function progressOf(flow: Flow, i: number, opts: { extraSeen?: number; trust?: number } = {}) {
  const d = draftOf(flow, i)
  const ok = questionOk(flow.env)
  const seen = opts.extraSeen != null ? [...d.seenQuestionIds, opts.extraSeen] : d.seenQuestionIds
  return partProgress(flow.parts[i].qtn.def.section, d.resps, seen, (q, a) => q.id === opts.trust || ok(q, a))
}
const isComplete = (flow: Flow, i: number) => progressOf(flow, i).firstOpen === -1

const clampPos = (pos: number, total: number) => Math.max(0, Math.min(pos, total - 1))

async function save(flow: Flow, i: number, draft: Omit<Draft, 'updatedAt'>) {
  const p = flow.parts[i]
  const now = flow.ctx.now()
  await writeDraft(flow.ctx.db, flow.ctx.user.id, p.qtn.id, p.scope, draft, now)
  flow.drafts.set(key(p), { ...draft, updatedAt: now })
}

async function moveTo(flow: Flow, i: number, position: number) {
  const d = draftOf(flow, i)
  if (d.position !== position || !d.updatedAt) await save(flow, i, { ...d, position })
}

/** Later leg parts of the same questionnaire and mode that are not complete (candidates for the copy). */
function copyTargets(flow: Flow, k: number): number[] {
  const p = flow.parts[k]
  // Offered unless the questionnaire opts out (applyResps: false).
  if (p.legIdx == null || p.qtn.def.applyResps === false) return []
  return flow.parts
    .map((x, j) => ({ x, j }))
    .filter(
      ({ x, j }) =>
        j > k && x.qtn.id === p.qtn.id && x.tfcMode === p.tfcMode && x.legIdx != null && !isComplete(flow, j),
    )
    .map(({ j }) => j)
}

function firstOpen(flow: Flow): { part: number; position: number } | null {
  for (let i = 0; i < flow.parts.length; i++) {
    const f = progressOf(flow, i).firstOpen
    if (f >= 0) return { part: i, position: f }
  }
  return null
}

function titleOf(p: FlowPart): PartTitle {
  if (p.legIdx != null) return { kind: 'LEG', legNo: p.legIdx + 1, mode: p.tfcMode ?? 'UNKNOWN' }
  return { kind: p.qtn.type === 'TRIP_BASED' ? 'TRIP' : p.qtn.type === 'FINAL' ? 'FINAL' : 'INITIAL' }
}

// ---------------------------------------------------------------------------------------------------------------
// The view

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
    introTxt: textIn(q.introTxt, locale),
    hintTxt: textIn(q.hintTxt, locale),
    helpTxt: textIn(q.helpTxt, locale),
    subseqTxt: textIn(q.subseqTxt, locale),
    min: q.min ?? null,
    max: q.max ?? null,
    rows: sortedSubQuestions(q).map((s) => ({
      id: s.id,
      introTxt: textIn(s.introTxt, locale),
      options: randomizedOrder(sortedOptions(s), seed + q.id).map((o) => ({
        id: o.id,
        introTxt: textIn(o.introTxt, locale),
        subseqTxt: textIn(o.subseqTxt, locale),
        exclOpt: o.exclOpt === true,
      })),
    })),
    number: { ...numberBounds(q), float: q.type === 'FLOATING_NO_INPUT' },
    slider: { ...slider, maxSum: maximumSum(q.metaDataRecs, q.max) },
    textMax: rowTextMax(q),
    shapeProblem: shapeProblem(q) !== null,
  }
}

/** A refusal of the flow as the form's reply (see FlowView.reply). */
export function flowReply(error: FlowError): FormReply {
  return {
    status: 'error',
    error: { [error.questionId == null ? '' : questionField(error.questionId)]: [flowMessage(error.reason)] },
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
export async function flowView(
  flow: Flow,
  search: URLSearchParams,
  actionError?: FlowError | null,
): Promise<FlowView | null> {
  const { parts, ctx } = flow
  if (!parts.length) return null
  const open = firstOpen(flow)
  const maxPart = open ? open.part : parts.length - 1
  const asked = Number(search.get(P.part))
  // Forward only through Next: a part after the first unfinished one cannot be opened by its URL.
  const k = search.has(P.part) && Number.isInteger(asked) && asked >= 0 && asked <= maxPart ? asked : maxPart
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
  const targets = search.get(P.prompt) === '1' && position === total - 1 ? copyTargets(flow, k) : []
  const forThis = (id: string | null) => current != null && id === String(current.id)
  const urlError = search.get(P.error)
  let reply: FormReply | null = null
  if (actionError && (actionError.questionId == null || actionError.questionId === current?.id)) {
    reply = flowReply(actionError)
  } else if (urlError && REASONS.has(urlError) && (forThis(search.get(P.question)) || urlError === 'incomplete')) {
    reply = flowReply({
      reason: urlError as FlowErrorReason,
      questionId: urlError === 'incomplete' ? null : (current?.id ?? null),
    })
  }
  const notice = search.get(P.notice)
  const needsPlaces = current != null && (current.type === 'SINGLE_LOCATOR' || current.type === 'MULTIPLE_LOCATOR')
  return {
    qtnId: part.qtn.id,
    scope: part.scope,
    parts: parts.map((p, i) => ({ title: titleOf(p), total: visibleOf(flow, i).length, done: isComplete(flow, i) })),
    partIndex: k,
    position,
    total,
    showProg: part.qtn.def.showProg !== false,
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
    notice: notice && NOTICES.has(notice) && forThis(search.get(P.question)) ? (notice as InputNotice) : null,
    reply,
    version: `${k}-${position}-${draft.updatedAt?.getTime() ?? 0}`,
    today: flow.env.today,
    pois: needsPlaces ? (await listOwnPois(ctx)).map((p) => ({ id: p.id, name: p.name, lat: p.lat, lon: p.lon })) : [],
  }
}

/** The search parameters for an outcome of kind 'show' (the redirect target of a post). */
export function outcomeSearch(
  o: Extract<FlowOutcome, { kind: 'show' }>,
  opts: { withError: boolean },
): URLSearchParams {
  const s = new URLSearchParams({ [P.part]: String(o.part) })
  if (o.prompt) s.set(P.prompt, '1')
  if (o.notice && !o.error) s.set(P.notice, o.notice.key)
  if (opts.withError && o.error) s.set(P.error, o.error.reason)
  const q = o.error ? o.error.questionId : (o.notice?.questionId ?? null)
  if (q != null) s.set(P.question, String(q))
  return s
}

// ---------------------------------------------------------------------------------------------------------------
// Posts

/**
 * Locator questions without the map: a saved place ("poi:ID", or "clear") or an address / "lat, lon" typed in
 * replace the point field. An address is looked up with the place search (GEOCODER_URL, else the own places).
 */
async function resolvePlaces(
  ctx: AuthedContext,
  q: QuestionLike,
  form: FormLike,
): Promise<{ form: FormLike; error: FlowErrorReason | null }> {
  if (q.type !== 'SINGLE_LOCATOR' && q.type !== 'MULTIPLE_LOCATOR') return { form, error: null }
  const overrides = new Map<string, string>()
  let error: FlowErrorReason | null = null
  for (const o of q.subQuestions.flatMap((s) => s.answOpts)) {
    const where = (form.get(field.where(o.id)) ?? '').trim()
    const poi = form.get(field.poi(o.id)) ?? ''
    if (where) {
      const typed = parseLatLonInput(where)
      if (typed) overrides.set(field.value(o.id), latLonInputText(typed))
      else {
        try {
          const found = await searchPlaces(ctx, where)
          if (found[0]) overrides.set(field.value(o.id), latLonInputText(found[0]))
          else error = 'placeNotFound'
        } catch (e) {
          if (!(e instanceof ServiceError)) throw e
          // Not authorized for the place search (no campaign) or the geocoder failed: the own places by name.
          const [row] = await ctx.db
            .select()
            .from(poisTable)
            .where(
              and(
                eq(poisTable.userId, ctx.user.id),
                ilike(poisTable.name, `%${where.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
              ),
            )
            .limit(1)
          if (row) overrides.set(field.value(o.id), latLonInputText(row))
          else error = e.constant === 'GEOCODER_FAILED' ? 'geocoder' : 'placeNotFound'
        }
      }
    } else if (poi === 'clear') overrides.set(field.value(o.id), '')
    else if (poi.startsWith('poi:')) {
      const [row] = await ctx.db
        .select()
        .from(poisTable)
        .where(and(eq(poisTable.id, Number(poi.slice(4)) || 0), eq(poisTable.userId, ctx.user.id)))
      if (row) overrides.set(field.value(o.id), latLonInputText(row))
    }
  }
  return {
    form: {
      get: (name) => (overrides.has(name) ? overrides.get(name)! : form.get(name)),
      getAll: (name) => (overrides.has(name) ? [overrides.get(name)!] : form.getAll(name)),
    },
    error,
  }
}

export type Submit = (flow: Flow, resps: Answer[][]) => Promise<void>

/**
 * Applies one post of the flow: intent next | skip | back | complete | open | copy-yes | copy-no, with fields qtn,
 * scope, question and the question's answer fields. Saves the draft first, always. Skip is Next past every following
 * question of the part that needs no answer (optional ones): they count as seen, and the flow stops at the first
 * question that does need one, or goes on past the part's end (the copy prompt, else the next unfinished part).
 */
export async function flowPost(flow: Flow, raw: FormData | URLSearchParams, submit: Submit): Promise<FlowOutcome> {
  const form = formLike(raw)
  const intent = form.get('intent') ?? ''
  const k = flow.parts.findIndex((p) => String(p.qtn.id) === form.get('qtn') && p.scope === form.get('scope'))
  if (k < 0) return { kind: 'gone' }
  const last = flow.parts.length - 1
  const section = flow.parts[k].qtn.def.section

  if (intent === 'open') {
    const o = firstOpen(flow)
    if (!o) return { kind: 'show', part: last }
    await moveTo(flow, o.part, o.position)
    return { kind: 'show', part: o.part }
  }
  if (intent === 'copy-no') {
    if (k === last) return { kind: 'show', part: k }
    await moveTo(flow, k + 1, 0)
    return { kind: 'show', part: k + 1 }
  }
  if (intent === 'copy-yes') {
    const source = draftOf(flow, k)
    const copy = copiesFor(flow.parts[k].qtn, pruneHidden(section, source.resps))
    for (const j of copyTargets(flow, k)) {
      const jSection = flow.parts[j].qtn.def.section
      const seen = copiedSeenIds(jSection, copy)
      // Keep what the participant already answered there for questions the copy leaves out (locators).
      const own = draftOf(flow, j).resps.filter(
        (a) => !copy.some((c) => sameQuestion(jSection, c.answOptId, a.answOptId)),
      )
      await save(flow, j, { resps: [...copy, ...own], seenQuestionIds: seen, position: 0 })
      const f = progressOf(flow, j).firstOpen
      if (f > 0) await moveTo(flow, j, f)
    }
    const next = flow.parts.findIndex((_, j) => j > k && !isComplete(flow, j))
    if (next >= 0) {
      await moveTo(flow, next, Math.max(0, progressOf(flow, next).firstOpen))
      return { kind: 'show', part: next }
    }
    await moveTo(flow, last, Math.max(0, visibleOf(flow, last).length - 1))
    return { kind: 'show', part: last }
  }
  if (intent !== 'next' && intent !== 'skip' && intent !== 'back' && intent !== 'complete') return { kind: 'gone' }

  // Apply the posted answers of the question the participant was on.
  const draft = draftOf(flow, k)
  const questionId = Number(form.get('question'))
  const q = allQuestions(section).find((x) => x.id === questionId) ?? null
  let resps = draft.resps
  let notice: InputNotice | null = null
  let placeError: FlowErrorReason | null = null
  if (q && isSupported(q.type) && !shapeProblem(q)) {
    const resolved = await resolvePlaces(flow.ctx, q, form)
    const parsed = parseQuestionForm(q, resolved.form, answersOf(q, resps), flow.env)
    resps = replaceAnswers(resps, q, parsed.answers)
    notice = parsed.notice
    placeError = resolved.error
  }
  const seen = q ? [...new Set([...draft.seenQuestionIds, q.id])] : draft.seenQuestionIds
  const visible = visibleOf(flow, k, resps)
  const found = q ? visible.findIndex((x) => x.id === q.id) : -1
  const idx = found >= 0 ? found : visible.length ? clampPos(draft.position, visible.length) : 0
  const stay = async () => save(flow, k, { resps, seenQuestionIds: seen, position: idx })

  if (intent === 'back') {
    if (idx > 0) {
      await save(flow, k, { resps, seenQuestionIds: seen, position: idx - 1 })
      return { kind: 'show', part: k }
    }
    await stay()
    if (k === 0) return { kind: 'show', part: k }
    await moveTo(flow, k - 1, Math.max(0, visibleOf(flow, k - 1).length - 1))
    return { kind: 'show', part: k - 1 }
  }

  // Next, Skip and Complete: only a validly answered question may be left.
  if (placeError && q) {
    await stay()
    return { kind: 'show', part: k, error: { reason: placeError, questionId: q.id } }
  }
  const problem = q ? questionProblem(q, resps, flow.env) : null
  if (problem && q) {
    await stay()
    return { kind: 'show', part: k, error: { reason: problem.reason, questionId: q.id } }
  }
  if (notice && q) {
    // The server adjusted the input (no JavaScript): show the adjusted values and say so before moving on.
    await stay()
    return { kind: 'show', part: k, notice: { key: notice, questionId: q.id } }
  }

  if (intent === 'next') {
    if (idx < visible.length - 1) {
      await save(flow, k, { resps, seenQuestionIds: seen, position: idx + 1 })
      return { kind: 'show', part: k }
    }
    await stay()
    if (k === last) return { kind: 'show', part: k }
    if (copyTargets(flow, k).length) return { kind: 'show', part: k, prompt: true }
    await moveTo(flow, k + 1, 0)
    return { kind: 'show', part: k + 1 }
  }

  if (intent === 'skip') {
    const ok = questionOk(flow.env)
    const { to, passed } = skipTarget(visible, idx, (x) => ok(x, resps))
    const seenNow = [...new Set([...seen, ...passed.map((x) => x.id)])]
    if (to < visible.length) {
      await save(flow, k, { resps, seenQuestionIds: seenNow, position: to })
      return { kind: 'show', part: k }
    }
    await save(flow, k, { resps, seenQuestionIds: seenNow, position: Math.max(0, visible.length - 1) })
    if (k === last) return { kind: 'show', part: k }
    if (copyTargets(flow, k).length) return { kind: 'show', part: k, prompt: true }
    // On to the next part with something to answer; when every later part is done, the run's end (Complete).
    const next = flow.parts.findIndex((_, j) => j > k && !isComplete(flow, j))
    if (next >= 0) {
      await moveTo(flow, next, Math.max(0, progressOf(flow, next).firstOpen))
      return { kind: 'show', part: next }
    }
    await moveTo(flow, last, Math.max(0, visibleOf(flow, last).length - 1))
    return { kind: 'show', part: last }
  }

  // Complete: every questionnaire of the run must be finished; then all are sent together.
  await stay()
  const open = firstOpen(flow)
  if (open) {
    await moveTo(flow, open.part, open.position)
    return { kind: 'show', part: open.part, error: { reason: 'incomplete', questionId: null } }
  }
  try {
    await submit(
      flow,
      flow.parts.map((p, i) => pruneHidden(p.qtn.def.section, draftOf(flow, i).resps)),
    )
  } catch (e) {
    if (e instanceof ServiceError) return { kind: 'failed', error: e }
    throw e
  }
  return { kind: 'completed' }
}

function sameQuestion(section: { questions: QuestionLike[] }, a: number, b: number): boolean {
  const qa = allQuestions(section).find((q) => q.subQuestions.some((s) => s.answOpts.some((o) => o.id === a)))
  return qa != null && qa.subQuestions.some((s) => s.answOpts.some((o) => o.id === b))
}
