// A campaign as a campaign file (`npm run admin -- campaign:export`): what campaign:import reads, in its canonical
// form, so that exporting, importing into an empty database and exporting again gives the same bytes. The ids of
// purposes, reasons, questionnaires, questions and answer options are the stored ones (an import keeps them);
// the campaign's own id is left out (the database assigns it).
import { asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { campaigns, faqs, feedbackReasons, questionnaires, textModules, tripPurposes } from '~/db/schema'
import { formatDayTime } from '~/domain/time'
import { studyTimeZone } from '~/infra/env.server'
import { QuestionnaireSchema } from './schemas/campaign-file'

class CampaignExportError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CampaignExportError'
  }
}

async function exportCampaignFile(db: DbOrTx, campaignId: number, timeZone = studyTimeZone()) {
  const [c] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId))
  if (!c) throw new CampaignExportError(`campaign ${campaignId} does not exist`)
  const purposes = await db
    .select()
    .from(tripPurposes)
    .where(eq(tripPurposes.campaignId, campaignId))
    .orderBy(asc(tripPurposes.sortIdx), asc(tripPurposes.id))
  const reasons = await db
    .select()
    .from(feedbackReasons)
    .where(eq(feedbackReasons.campaignId, campaignId))
    .orderBy(asc(feedbackReasons.sortIdx), asc(feedbackReasons.id))
  const faqRows = await db
    .select()
    .from(faqs)
    .where(eq(faqs.campaignId, campaignId))
    .orderBy(asc(faqs.sortIdx), asc(faqs.id))
  const modules = await db
    .select()
    .from(textModules)
    .where(eq(textModules.campaignId, campaignId))
    .orderBy(asc(textModules.id))
  const qtns = await db
    .select()
    .from(questionnaires)
    .where(eq(questionnaires.campaignId, campaignId))
    .orderBy(asc(questionnaires.id))
  return {
    // Per language where the file gave them so, else the one text for every language.
    name: c.nameI18n ?? c.name,
    desc: c.descI18n ?? c.desc,
    startDate: formatDayTime(c.startAt, timeZone),
    endDate: formatDayTime(c.endAt, timeZone),
    creator: c.creator ?? null,
    contactByPhoneNo: c.contactByPhoneNo,
    contactByEmail: c.contactByEmail,
    participationAutomaticallyAllowed: c.participationAutomaticallyAllowed,
    // Re-read through the file schema: the keys come out in the schema's order (the database keeps its own).
    questionnaires: qtns.map((q) => QuestionnaireSchema.safeParse(q.definition).data ?? q.definition),
    tripPurposes: purposes.map((p) => ({ id: p.id, name: p.name })),
    trpFdbkReasons: reasons.map((r) => ({ id: r.id, name: r.name })),
    faqs: faqRows.map((f) => ({ locale: f.locale, question: f.question, answ: f.answ })),
    textModules: modules.map((m) => ({ txtModuleConstant: m.constant, locale: m.locale, text: m.text })),
  }
}

/** The file's bytes: two-space JSON with a final newline. */
export async function campaignFileText(db: DbOrTx, campaignId: number, timeZone?: string): Promise<string> {
  return JSON.stringify(await exportCampaignFile(db, campaignId, timeZone), null, 2) + '\n'
}
