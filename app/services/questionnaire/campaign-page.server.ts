// What /campaign/questionnaire/{initial|final} shows: a notice when the
// questionnaire is not available (from / until a date), answered, locked behind a mandatory initial one, or missing;
// otherwise the flow of its questions.
import { buttonDate, buttonState } from '~/domain/availability'
import { dayToDisplay } from '~/domain/time'
import type { AuthedContext } from '../core.server'
import { currentCampaign } from '../campaign.server'
import { submitCampaign } from '../questionnaire.server'
import { loadFlow, type Flow } from './flow.server'
import type { Submit } from './flow-post.server'
import { campaignQuestionnairesKept } from './store.server'

export type CampaignQuestionnaireType = 'INITIAL' | 'FINAL'

export type CampaignPage =
  | { state: 'noCampaign' }
  | { state: 'none' }
  | { state: 'from' | 'until'; date: string }
  | { state: 'answered' }
  | { state: 'locked' }
  | { state: 'open'; flow: Flow; submit: Submit }

export async function campaignPage(ctx: AuthedContext, type: CampaignQuestionnaireType): Promise<CampaignPage> {
  const campaign = await currentCampaign(ctx)
  if (!campaign) return { state: 'noCampaign' }
  const summary = type === 'INITIAL' ? campaign.initialQtnSummary : campaign.finalQtnSummary
  if (!summary) return { state: 'none' }
  const state = buttonState(summary, { isFinal: type === 'FINAL', initial: campaign.initialQtnSummary })
  const date = buttonDate(summary, state)
  if (state === 'availableFrom' && date) return { state: 'from', date: dayToDisplay(date.slice(0, 10)) }
  if (state === 'expired' && date) return { state: 'until', date: dayToDisplay(date.slice(0, 10)) }
  if (state === 'answered') return { state: 'answered' }
  if (state === 'locked') return { state: 'locked' }
  // The first of its type, as questionnaireByType answers it.
  const qtn = (await campaignQuestionnairesKept(ctx, campaign.id)).find((q) => q.type === type)!
  const flow = await loadFlow(ctx, [{ qtn, scope: 'campaign', legId: null, legIdx: null, tfcMode: null }])
  return { state: 'open', flow, submit: (_f, resps) => submitCampaign(ctx, qtn.id, resps[0]) }
}
