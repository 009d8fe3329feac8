// The trip detail's questionnaire step (step 3): loaded by the trip detail page, owned by the questionnaire feature.
// The trip-based questionnaire, then the leg-based ones per leg by its traffic mode (only those not answered yet);
// posts go to routes/ways.trip-questionnaire.tsx (/ways/tripDetails/:id/questionnaire).
import { wayFacts, wayState } from '~/domain/wayState'
import { requireSession, type AuthedContext, type ServiceContext } from './core.server'
import { submitTrip } from './questionnaire.server'
import { loadFlow, type Flow, type FlowPart } from './questionnaire/flow.server'
import type { Submit } from './questionnaire/flow-post.server'
import { flowView, type FlowQuery, type FlowView } from './questionnaire/flow-view.server'
import { ownTripWithLegs, tripParts } from './questionnaire/store.server'

export type QuestionnaireStepData =
  | { pending: false }
  | {
      pending: true
      /** The way can be answered now: confirmed (all legs validated) and not reported. */
      ready: boolean
      /** The page shows the questionnaire (?view=questionnaire). */
      active: boolean
      /** The flow, when ready and active. */
      view: FlowView | null
    }

export interface TripRun {
  flow: Flow
  ready: boolean
  submit: Submit
}

/** The open questionnaires of a way as a flow (trip questionnaire first, then per leg). */
export async function tripRun(ctx: AuthedContext, tripId: number): Promise<TripRun> {
  const { trip, legs } = await ownTripWithLegs(ctx.db, ctx.user.id, tripId)
  const parts: FlowPart[] = (await tripParts(ctx.db, ctx.user.id, ctx.user.campaignId, trip, legs))
    .filter((p) => !p.answered)
    .map((p) => ({ qtn: p.qtn, scope: p.scope, legId: p.legId, legIdx: p.legIdx, tfcMode: p.tfcMode }))
  const flow = await loadFlow(ctx, parts)
  const ready = wayState(wayFacts(trip, legs)).allows.answerQuestions
  const submit: Submit = async (f, resps) => {
    // Completion sends every questionnaire of the way in one transaction (copies were made into the drafts).
    await submitTrip(
      ctx,
      tripId,
      f.parts.map((p, i) => ({ questionnaireId: p.qtn.id, legId: p.legId, tfcMode: p.tfcMode, resps: resps[i] })),
    )
  }
  return { flow, ready, submit }
}

/** What the questionnaire panel of a trip shows; `{ pending: false }` when the trip has no open questionnaire. */
export async function loadQuestionnaireStep(
  ctx: ServiceContext,
  tripId: number,
  step: { active: boolean; query: FlowQuery },
): Promise<QuestionnaireStepData> {
  requireSession(ctx)
  const run = await tripRun(ctx, tripId)
  if (!run.flow.parts.length) return { pending: false }
  const { active } = step
  return {
    pending: true,
    ready: run.ready,
    active,
    view: run.ready && active ? await flowView(run.flow, step.query) : null,
  }
}
