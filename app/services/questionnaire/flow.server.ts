// The pages' questionnaire flow: one question at a time with Back, Next and
// Complete over a run of questionnaires ("parts": the campaign page has one; a way has its trip questionnaire and
// then the leg questionnaires per leg). Every Back and Next saves a server-side draft (questionnaire_drafts: answers,
// seen question ids, position), so a reload, JavaScript off, a lost connection or an expired session never loses
// an answer. This file holds the run and where it stands; what it shows is ./flow-view.server.ts, what a post does
// ./flow-post.server.ts.
import { questionOk, type CheckEnv } from '~/domain/answerCheck'
import { partProgress, visibleQuestions } from '~/domain/questionFlow'
import type { AuthedContext } from '../core.server'
import { checkEnv, type Scope, type StoredQuestionnaire } from './store.server'
import { EMPTY_DRAFT, readDrafts, writeDraft, type Draft } from './drafts.server'

export interface FlowPart {
  qtn: StoredQuestionnaire
  scope: Scope
  legId: number | null
  /** Position of the leg in its way (0-based); null for campaign and trip questionnaires. */
  legIdx: number | null
  tfcMode: string | null
}

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

export const draftOf = (flow: Flow, i: number): Draft => flow.drafts.get(key(flow.parts[i])) ?? EMPTY_DRAFT

export function visibleOf(flow: Flow, i: number, resps = draftOf(flow, i).resps) {
  return visibleQuestions(flow.parts[i].qtn.def.section, resps)
}

/** A part is complete when every visible question was seen and passes the check. */
export function progressOf(flow: Flow, i: number, opts: { extraSeen?: number; trust?: number } = {}) {
  const d = draftOf(flow, i)
  const ok = questionOk(flow.env)
  const seen = opts.extraSeen != null ? [...d.seenQuestionIds, opts.extraSeen] : d.seenQuestionIds
  return partProgress(flow.parts[i].qtn.def.section, d.resps, seen, (q, a) => q.id === opts.trust || ok(q, a))
}
export const isComplete = (flow: Flow, i: number) => progressOf(flow, i).firstOpen === -1

export const clampPos = (pos: number, total: number) => Math.max(0, Math.min(pos, total - 1))

export async function save(flow: Flow, i: number, draft: Omit<Draft, 'updatedAt'>) {
  const p = flow.parts[i]
  const now = flow.ctx.now()
  await writeDraft(flow.ctx.db, flow.ctx.user.id, p.qtn.id, p.scope, draft, now)
  flow.drafts.set(key(p), { ...draft, updatedAt: now })
}

export async function moveTo(flow: Flow, i: number, position: number) {
  const d = draftOf(flow, i)
  if (d.position !== position || !d.updatedAt) await save(flow, i, { ...d, position })
}

/** Later leg parts of the same questionnaire and mode that are not complete (candidates for the copy). */
export function copyTargets(flow: Flow, k: number): number[] {
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

export function firstOpen(flow: Flow): { part: number; position: number } | null {
  for (let i = 0; i < flow.parts.length; i++) {
    const f = progressOf(flow, i).firstOpen
    if (f >= 0) return { part: i, position: f }
  }
  return null
}
