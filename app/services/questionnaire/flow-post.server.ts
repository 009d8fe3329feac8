// What one post of the questionnaire flow does (Back, Next, Skip, Complete, the copy prompt's answer): it arrives
// typed (the route reads the form: app/lib/questionnaire-post.ts), carries what it needs to be re-applied on its own
// (questionnaire, scope, question, fields), so a post kept by the login guard's pending-post mechanism can be sent
// again after login, and always saves the draft first.
import { questionOk, questionProblem } from '~/domain/answerCheck'
import { parseQuestionForm, type FormLike, type InputNotice } from '~/domain/answerInput'
import {
  allQuestions,
  answersOf,
  copiedSeenIds,
  pruneHidden,
  replaceAnswers,
  skipTarget,
  type QuestionLike,
} from '~/domain/questionFlow'
import { isSupported, shapeProblem } from '~/domain/questionValidity'
import type { Answer } from '~/domain/questionnaire'
import type { FlowErrorReason } from '~/domain/questionMessages'
import { ServiceError } from '../core.server'
import { copiesFor } from './drafts.server'
import {
  clampPos,
  copyTargets,
  draftOf,
  firstOpen,
  isComplete,
  moveTo,
  progressOf,
  save,
  visibleOf,
  type Flow,
} from './flow.server'
import type { FlowError } from './flow-view.server'
import { resolvePlaces } from './places.server'

/** The buttons of the flow's form. */
export type FlowIntent = 'next' | 'skip' | 'back' | 'complete' | 'open' | 'copy-yes' | 'copy-no'

/** One post of the flow, read from its form. */
export interface FlowPost {
  intent: FlowIntent
  /** The questionnaire and scope of the part the participant was on. */
  qtn: number | null
  scope: string
  /** The question they were on, whose answer fields came with the post. */
  question: number | null
  /** The question's answer fields by name. */
  fields: FormLike
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

export type Submit = (flow: Flow, resps: Answer[][]) => Promise<void>

/**
 * Applies one post of the flow: intent next | skip | back | complete | open | copy-yes | copy-no, with fields qtn,
 * scope, question and the question's answer fields. Saves the draft first, always. Skip is Next past every following
 * question of the part that needs no answer (optional ones): they count as seen, and the flow stops at the first
 * question that does need one, or goes on past the part's end (the copy prompt, else the next unfinished part).
 */
export async function flowPost(flow: Flow, post: FlowPost, submit: Submit): Promise<FlowOutcome> {
  const { intent, fields: form } = post
  const k = flow.parts.findIndex((p) => p.qtn.id === post.qtn && p.scope === post.scope)
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

  // Apply the posted answers of the question the participant was on.
  const draft = draftOf(flow, k)
  const q = allQuestions(section).find((x) => x.id === post.question) ?? null
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
