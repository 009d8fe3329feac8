// The information the help and campaign pages show, with plain names: the services keep the companion app's names
// (`txtModule`, `answ`, `desc`, `initialQtnSummary`) for their HTTP API; here they get their plain ones, once.
import type { QuestionnaireSummary } from '~/domain/availability'
import type { ServiceContext, AuthedContext } from '~/services/core.server'
import { currentCampaign, type CampaignDto } from '~/services/campaign.server'
import { infoService } from '~/services/info.server'

/** The imprint's or the privacy statement's text (sanitised HTML) in the caller's language. */
export async function textModule(ctx: ServiceContext, kind: 'IMPRINT' | 'PRIVACY'): Promise<string> {
  const { txtModule } = await infoService.getTextModule(ctx, { platformConstant: 'WEB', txtModuleConstant: kind })
  return txtModule.text
}

/** The FAQ: each question with its answer (sanitised HTML). */
export async function faqList(ctx: ServiceContext): Promise<{ question: string; answer: string }[]> {
  const { faqs } = await infoService.getFaqList(ctx, { platformConstant: 'WEB' })
  return faqs.map((f) => ({ question: f.question, answer: f.answ }))
}

/** The participant's campaign with its plain names, or null without one. */
type Campaign = Omit<CampaignDto, 'desc'> & {
  /** Sanitised HTML. */
  description: string
  /** null when the campaign has no questionnaire of that type. */
  initialQuestionnaire: QuestionnaireSummary | null
  finalQuestionnaire: QuestionnaireSummary | null
}

export async function participantCampaign(ctx: AuthedContext): Promise<Campaign | null> {
  const campaign = await currentCampaign(ctx)
  if (!campaign) return null
  const { desc, initialQtnSummary, finalQtnSummary, ...rest } = campaign
  return { ...rest, description: desc, initialQuestionnaire: initialQtnSummary, finalQuestionnaire: finalQtnSummary }
}
