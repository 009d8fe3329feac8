// "Download my data": everything stored about the caller, for the link in the user menu (/user/my-data, streamed)
// and the HTTP API (user.getOwnData, one object). Ways, no-trip days and answers are shaped by the research export's
// own records, in the caller's language.
import { asc, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import {
  answers,
  oneTimeTokens,
  pendingPosts,
  pois,
  questionnaireCompletions,
  questionnaireDrafts,
  questionnaires,
  sessions,
  trips,
  users,
  zeroTripDays,
} from '~/db/schema'
import { isoInZone } from '~/domain/exportFormat'
import { ANSWER_BOUNDS } from '~/domain/limits'
import { dayInZone } from '~/domain/time'
import { tFor } from '~/infra/i18n.server'
import { currentCampaign } from '../campaign.server'
import { method, type AuthedContext, type Service } from '../core.server'
import { listFeedbackReasons } from '../info.server'
import { toPoiDto } from '../poi.server'
import { catalogues } from '../trip/model.server'
import { answerBatches, answerRecord, optionIndex } from './answers.server'
import { zeroTripDayBatches, zeroTripDayRecord } from './days.server'
import type { ExportCatalogues, Row } from './rows.server'
import { legGeometry, legRecord, tripRecord, wayBatches, wayDto } from './ways.server'

const ownWhere = {
  ways: (userId: number) => eq(trips.userId, userId),
  days: (userId: number) => eq(zeroTripDays.userId, userId),
  answers: (userId: number) => eq(answers.userId, userId),
}

/**
 * Everything stored about the caller, names and texts in the caller's language (no password hash, no tokens), in
 * three parts so it can be written out as it is read: the head (profile, campaign), the ways in small batches, and
 * the rest (read once the ways are through; the reports are the ways reported as faulty).
 */
async function ownDataParts(ctx: AuthedContext) {
  const tz = ctx.env.STUDY_TIME_ZONE
  const uid = ctx.user.id
  const at = (d: Date | null) => (d ? isoInZone(d, tz) : null)
  const t = tFor(ctx.locale)

  const [u] = await ctx.db.select().from(users).where(eq(users.id, uid))
  const campaign = await currentCampaign(ctx)
  const cat: ExportCatalogues = {
    ...(await catalogues(ctx)),
    reasonNames: new Map((await listFeedbackReasons(ctx)).map((r) => [r.id, r.name])),
  }
  const modeNames = cat.modeNames as Map<string, string>
  const modeName = (constant: string) => modeNames.get(constant) ?? constant

  const own = {
    format: 'travel-diary-my-data',
    version: 1,
    generated_at: at(ctx.now()),
    time_zone: tz,
    language: ctx.locale,
    profile: {
      id: u.id,
      participant_id: u.pseudonym,
      email: u.email,
      alias: u.alias,
      first_name: u.firstName,
      last_name: u.lastName,
      verified: u.verified,
      password_update_required: u.passwordUpdateRequired,
      language: u.locale,
      campaign_id: u.campaignId,
      registered_at: at(u.createdAt),
    },
    campaign,
  }

  async function* ways(): AsyncGenerator<Row[]> {
    for await (const batch of wayBatches(ctx.db, ownWhere.ways(uid), ANSWER_BOUNDS.waysPerDownloadBatch)) {
      yield batch.map((item) => {
        const dto = wayDto(item, cat, tz)
        const trip = tripRecord(dto, item.row, cat, tz)
        return {
          ...trip,
          status_label: t(`trip:status.${dto.status}`),
          legs: dto.legs.map((leg) => ({
            ...legRecord(leg, tz),
            detected_mode_names: leg.detectedModes.map(modeName),
            confirmed_mode_names: leg.tfcModes.map((m) => m.name),
            start_place: leg.startPoi,
            end_place: leg.endPoi,
            geometry: legGeometry(leg),
          })) as never,
        }
      })
    }
  }

  async function rest(reported: Row[]) {
    const noTripDays: Row[] = []
    for await (const batch of zeroTripDayBatches(ctx.db, ownWhere.days(uid)))
      noTripDays.push(...batch.map((d) => zeroTripDayRecord(d, tz)))

    const answerRows = []
    for await (const batch of answerBatches(ctx.db, ownWhere.answers(uid)))
      answerRows.push(...batch.map((a) => a.answer))
    const completions = await ctx.db
      .select()
      .from(questionnaireCompletions)
      .where(eq(questionnaireCompletions.userId, uid))
      .orderBy(asc(questionnaireCompletions.completedAt))
    const drafts = await ctx.db
      .select()
      .from(questionnaireDrafts)
      .where(eq(questionnaireDrafts.userId, uid))
      .orderBy(asc(questionnaireDrafts.updatedAt))
    const qtnIds = [...new Set([...answerRows.map((a) => a.questionnaireId), ...drafts.map((d) => d.questionnaireId)])]
    const qtnRows = qtnIds.length
      ? await ctx.db.select().from(questionnaires).where(inArray(questionnaires.id, qtnIds))
      : []
    const index = optionIndex(
      qtnRows.map((q) => ({
        id: q.id,
        campaignId: q.campaignId,
        type: q.type,
        mandatory: q.mandatory,
        availFrom: q.availFrom,
        availUntil: q.availUntil,
        tfcModes: q.tfcModes,
        def: q.definition as never,
      })),
    )

    const placeRows = await ctx.db.select().from(pois).where(eq(pois.userId, uid)).orderBy(asc(pois.id))
    const sessionRows = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, uid))
      .orderBy(asc(sessions.createdAt))
    const tokenRows = await ctx.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, uid))
      .orderBy(asc(oneTimeTokens.createdAt))
    const pendingRows = await ctx.db
      .select()
      .from(pendingPosts)
      .where(eq(pendingPosts.userId, uid))
      .orderBy(asc(pendingPosts.createdAt))

    return {
      reports: reported.map((w) => ({ trip_id: w.trip_id, reasons: w.report_reasons, remark: w.report_remark })),
      no_trip_days: noTripDays,
      answers: answerRows.map((a) => answerRecord(a, index, tz, ctx.locale)),
      completed_questionnaires: completions.map((c) => ({
        questionnaire_id: c.questionnaireId,
        scope: c.scope,
        completed_at: at(c.completedAt),
      })),
      questionnaire_drafts: drafts.map((d) => ({
        questionnaire_id: d.questionnaireId,
        scope: d.scope,
        answers: d.resps.map((r) => {
          const ref = index.get(d.questionnaireId)?.get(r.answOptId)
          return { answer_option_id: r.answOptId, question_id: ref?.question.id ?? null, text: r.text }
        }),
        seen_question_ids: d.seenQuestionIds,
        position: d.position,
        updated_at: at(d.updatedAt),
      })),
      places: placeRows.map((p) => {
        const poi = toPoiDto(p, tz)
        return {
          id: poi.id,
          name: poi.name,
          description: poi.desc,
          lat: poi.lat,
          lon: poi.lon,
          verification_status: poi.verificationStatus,
          creation_type: poi.creationType,
          created_at: at(p.creationDate),
        }
      }),
      sessions: sessionRows.map((s) => ({
        created_at: at(s.createdAt),
        last_seen_at: at(s.lastSeenAt),
        expires_at: at(s.expiresAt),
        absolute_expires_at: at(s.absoluteExpiresAt),
        current: s.id === ctx.user.sessionId,
      })),
      email_links: tokenRows.map((r) => ({
        kind: r.kind,
        created_at: at(r.createdAt),
        expires_at: at(r.expiresAt),
        used_at: at(r.usedAt),
      })),
      kept_form_posts: pendingRows.map((p) => ({ page: p.path, created_at: at(p.createdAt) })),
    }
  }

  return { own, ways, rest }
}

/** The whole download as one object (the HTTP API's user.getOwnData). */
export async function exportOwnData(ctx: AuthedContext) {
  const { own, ways, rest } = await ownDataParts(ctx)
  const all: Row[] = []
  for await (const batch of ways()) all.push(...batch)
  return { ...own, ways: all, ...(await rest(all.filter((w) => w.reported))) }
}

/** The download as JSON text, piece by piece: the same document as exportOwnData. */
async function* ownDataText(ctx: AuthedContext): AsyncGenerator<string> {
  const { own, ways, rest } = await ownDataParts(ctx)
  yield `${JSON.stringify(own, null, 2).slice(0, -2)},\n  "ways": [`
  const reported: Row[] = []
  let first = true
  for await (const batch of ways()) {
    yield batch.map((way, i) => `${first && i === 0 ? '' : ','}\n    ${JSON.stringify(way)}`).join('')
    first = false
    reported.push(...batch.filter((w) => w.reported))
  }
  yield `${first ? '' : '\n  '}],\n${JSON.stringify(await rest(reported), null, 2).slice(2)}\n`
}

/**
 * "Download my data" written out while it is read: a batch of ways is read only when the client has taken the
 * previous one, so at most one small batch is in memory, however long the diary.
 */
export function ownDataStream(ctx: AuthedContext): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const text = ownDataText(ctx)
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await text.next()
      if (done) controller.close()
      else controller.enqueue(encoder.encode(value))
    },
    async cancel() {
      await text.return(undefined)
    },
  })
}
export type OwnData = Awaited<ReturnType<typeof exportOwnData>>

/** The download's file name: travel-diary-my-data-YYYY-MM-DD.json (study time zone). */
export function ownDataFileName(now: Date, timeZone: string): string {
  return `travel-diary-my-data-${dayInZone(now, timeZone)}.json`
}

/** Added to service "user" of the HTTP API (registry.server.ts). */
export const ownDataService = {
  getOwnData: method({
    params: z.object({}).passthrough(),
    run: async (_p, ctx): Promise<OwnData> => exportOwnData(ctx),
  }),
} satisfies Service
