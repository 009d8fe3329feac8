// The export's JSON files beside the tables: questionnaires.json (the definitions the answers refer to) and
// catalogues.json (every id of purposes and report reasons, and the mode constants, named in German and English).
import { asc, eq, isNull, or } from 'drizzle-orm'
import type { Db } from '~/db/connect.server'
import { feedbackReasons, tripPurposes } from '~/db/schema'
import { isoInZone } from '~/domain/exportFormat'
import { listTrafficModes } from '../info.server'
import type { StoredQuestionnaire } from '../questionnaire/store.server'

/** questionnaires.json's entry of a questionnaire: as imported, times in the study zone. */
export function questionnaireDoc(q: StoredQuestionnaire, tz: string) {
  return {
    id: q.id,
    type: q.type,
    mandatory: q.mandatory,
    availFrom: q.availFrom ? isoInZone(q.availFrom, tz) : null,
    availUntil: q.availUntil ? isoInZone(q.availUntil, tz) : null,
    tfcModes: q.tfcModes,
    definition: q.def,
  }
}

/** catalogues.json: the campaign's (and the global) purposes and report reasons, and the traffic modes, in German and English. */
export async function cataloguesDoc(db: Db, campaignId: number) {
  const purposes = await db
    .select()
    .from(tripPurposes)
    .where(ofCampaignOrGlobal(tripPurposes.campaignId, campaignId))
    .orderBy(asc(tripPurposes.id))
  const reasons = await db
    .select()
    .from(feedbackReasons)
    .where(ofCampaignOrGlobal(feedbackReasons.campaignId, campaignId))
    .orderBy(asc(feedbackReasons.id))
  const de = listTrafficModes('de_DE')
  const en = new Map(listTrafficModes('en_US').map((m) => [m.constant, m.name]))
  return {
    tripPurposes: purposes.map((p) => ({ id: p.id, name: p.name })),
    feedbackReasons: reasons.map((r) => ({ id: r.id, name: r.name })),
    trafficModes: de.map((m) => ({
      constant: m.constant,
      name: { de_DE: m.name, en_US: en.get(m.constant) ?? m.constant },
    })),
  }
}

function ofCampaignOrGlobal(
  col: typeof tripPurposes.campaignId | typeof feedbackReasons.campaignId,
  campaignId: number,
) {
  return or(isNull(col), eq(col, campaignId))
}
