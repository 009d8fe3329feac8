// Questionnaire storage: definitions of the caller's campaign, which questionnaires a way and its legs have,
// completions, submitting answers and the trip/leg flags that follow (drafts: drafts.server.ts).
// Used by the questionnaire and campaign services and by the pages' questionnaire flow (flow.server.ts).
//
// Decisions:
// - A scope names what a questionnaire was answered for: 'campaign' (INITIAL, FINAL), 'trip:ID' (TRIP_BASED) or
//   'leg:ID' (LEG_BASED). Answers, completions and drafts are keyed by user, questionnaire and scope.
// - A questionnaire counts as answered for a scope when a completion row exists, or when the imported flags say so
//   (trips.qtnAnswered, legs.qtnsAnswered: the companion app may have collected the answers).
// - A second submission for an answered scope is refused with QUESTIONNAIRE_ALREADY_ANSWERED (not idempotent: the
//   answers of the first one stay; the pages never send an answered scope again).
// - Trip and leg questionnaires can be answered once the way is confirmed (all legs validated, step 3) and
//   not while it is reported. When the trip and all its legs are answered, allQuestionsAnswered turns true and a
//   validated way is (still) confirmed — its status becomes "confirmed" and its step Validated.
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { answers, legs, questionnaireCompletions, questionnaireDrafts, questionnaires, trips } from '~/db/schema'
import { checkAnswers, type AnswerProblem, type CheckEnv } from '~/domain/answerCheck'
import { questionnaireSummary, type QuestionnaireSummary } from '~/domain/availability'
import type { Answer } from '~/domain/questionnaire'
import { legQuestionnaireMode, questionnairesAsked } from '~/domain/legQuestionnaire'
import { questionByOption } from '~/domain/questionFlow'
import { dayInZone } from '~/domain/time'
import { refusal, wayFacts, wayState } from '~/domain/wayState'
import type { Locale } from '~/domain/locale'
import type { Questionnaire, QuestionnaireType, Text } from '../schemas/campaign-file'
import { ServiceError, type AuthedContext } from '../core.server'
import { importCached } from '../import-cache.server'

export type Scope = 'campaign' | `trip:${number}` | `leg:${number}`
const tripScope = (tripId: number): Scope => `trip:${tripId}`
const legScope = (legId: number): Scope => `leg:${legId}`

export interface StoredQuestionnaire {
  id: number
  campaignId: number
  type: QuestionnaireType
  mandatory: boolean
  availFrom: Date | null
  availUntil: Date | null
  tfcModes: string[]
  def: Questionnaire
}

type QRow = typeof questionnaires.$inferSelect

function toStored(row: QRow): StoredQuestionnaire {
  return {
    id: row.id,
    campaignId: row.campaignId,
    type: row.type,
    mandatory: row.mandatory,
    availFrom: row.availFrom,
    availUntil: row.availUntil,
    tfcModes: row.tfcModes,
    def: row.definition as unknown as Questionnaire,
  }
}

/** A definition text in the caller's language (de_DE fallback). */
export function textIn(text: Text | null | undefined, locale: Locale): string {
  if (text == null) return ''
  if (typeof text === 'string') return text
  return text[locale] ?? text.de_DE ?? text.en_US ?? ''
}

export function checkEnv(ctx: AuthedContext): CheckEnv {
  const timeZone = ctx.env.STUDY_TIME_ZONE
  return { today: dayInZone(ctx.now(), timeZone), timeZone }
}

/** The caller's campaign id, or NO_CAMPAIGN. */
export function campaignOf(ctx: AuthedContext): number {
  if (ctx.user.campaignId == null) throw new ServiceError('NO_CAMPAIGN')
  return ctx.user.campaignId
}

export async function campaignQuestionnaires(db: DbOrTx, campaignId: number): Promise<StoredQuestionnaire[]> {
  const rows = await db
    .select()
    .from(questionnaires)
    .where(eq(questionnaires.campaignId, campaignId))
    .orderBy(asc(questionnaires.id))
  return rows.map(toStored)
}

/** The campaign's questionnaires (by id), kept per process under the catalogue version (ADR 303); not to be changed. */
export const campaignQuestionnairesKept = (ctx: { db: DbOrTx; catalogueVersion?: number }, campaignId: number) =>
  importCached(ctx, `questionnaires|${campaignId}`, () => campaignQuestionnaires(ctx.db, campaignId))

export async function questionnaireByType(
  db: DbOrTx,
  campaignId: number,
  type: QuestionnaireType,
): Promise<StoredQuestionnaire | null> {
  const rows = await db
    .select()
    .from(questionnaires)
    .where(and(eq(questionnaires.campaignId, campaignId), eq(questionnaires.type, type)))
    .orderBy(asc(questionnaires.id))
    .limit(1)
  return rows[0] ? toStored(rows[0]) : null
}

/** A questionnaire of the caller's campaign, of one of the given types; QUESTIONNAIRE_NOT_FOUND otherwise. */
export async function ownQuestionnaire(
  ctx: AuthedContext,
  id: number,
  types: QuestionnaireType[],
): Promise<StoredQuestionnaire> {
  const campaignId = ctx.user.campaignId
  if (campaignId == null) throw new ServiceError('QUESTIONNAIRE_NOT_FOUND')
  const [row] = await ctx.db
    .select()
    .from(questionnaires)
    .where(and(eq(questionnaires.id, id), eq(questionnaires.campaignId, campaignId)))
  if (!row || !types.includes(row.type)) throw new ServiceError('QUESTIONNAIRE_NOT_FOUND')
  return toStored(row)
}

async function isCompleted(db: DbOrTx, userId: number, questionnaireId: number, scope: Scope): Promise<boolean> {
  const rows = await db
    .select({ q: questionnaireCompletions.questionnaireId })
    .from(questionnaireCompletions)
    .where(
      and(
        eq(questionnaireCompletions.userId, userId),
        eq(questionnaireCompletions.questionnaireId, questionnaireId),
        eq(questionnaireCompletions.scope, scope),
      ),
    )
  return rows.length > 0
}

/** Completed (questionnaire id, scope) pairs of a user among some scopes, as 'id|scope' keys. */
async function completedKeys(db: DbOrTx, userId: number, scopes: Scope[]): Promise<Set<string>> {
  if (!scopes.length) return new Set()
  const rows = await db
    .select({ q: questionnaireCompletions.questionnaireId, scope: questionnaireCompletions.scope })
    .from(questionnaireCompletions)
    .where(and(eq(questionnaireCompletions.userId, userId), inArray(questionnaireCompletions.scope, scopes)))
  return new Set(rows.map((r) => `${r.q}|${r.scope}`))
}

// ---------------------------------------------------------------------------------------------------------------
// Campaign questionnaires: availability summary and the lock of the final one

export interface CampaignSummaries {
  initial: QuestionnaireSummary | null
  final: QuestionnaireSummary | null
}

export async function campaignSummaries(ctx: AuthedContext, campaignId: number): Promise<CampaignSummaries> {
  const [list, done] = await Promise.all([
    campaignQuestionnairesKept(ctx, campaignId),
    completedKeys(ctx.db, ctx.user.id, ['campaign']),
  ])
  const summary = (type: 'INITIAL' | 'FINAL') => {
    const q = list.find((x) => x.type === type)
    return q ? questionnaireSummary(q, done.has(`${q.id}|campaign`), ctx.now(), ctx.env.STUDY_TIME_ZONE) : null
  }
  return { initial: summary('INITIAL'), final: summary('FINAL') }
}

/**
 * Questionnaire availability: a campaign questionnaire can be answered only while available, not yet
 * answered, and (final) not while a mandatory initial one is unanswered.
 */
export async function assertCampaignAnswerable(ctx: AuthedContext, q: StoredQuestionnaire) {
  const s = await campaignSummaries(ctx, q.campaignId)
  const own = q.type === 'INITIAL' ? s.initial : s.final
  if (own?.answered) throw new ServiceError('QUESTIONNAIRE_ALREADY_ANSWERED')
  if (own?.available) throw new ServiceError('QUESTIONNAIRE_NOT_AVAILABLE', { available: own.available })
  if (q.type === 'FINAL' && s.initial?.mandatory && !s.initial.answered)
    throw new ServiceError('QUESTIONNAIRE_INITIAL_NOT_ANSWERED')
}

// ---------------------------------------------------------------------------------------------------------------
// Trip and leg questionnaires

type TripRow = typeof trips.$inferSelect
type LegRow = typeof legs.$inferSelect

/** The caller's trip with its legs (in order); TRIP_NOT_FOUND for another participant's id. */
export async function ownTripWithLegs(db: DbOrTx, userId: number, tripId: number, opts: { forUpdate?: boolean } = {}) {
  const q = db
    .select()
    .from(trips)
    .where(and(eq(trips.id, tripId), eq(trips.userId, userId)))
    .limit(1)
  const [trip] = opts.forUpdate ? await q.for('update') : await q
  if (!trip) throw new ServiceError('TRIP_NOT_FOUND')
  const legRows = await db.select().from(legs).where(eq(legs.tripId, trip.id)).orderBy(asc(legs.idx), asc(legs.id))
  return { trip, legs: legRows }
}

/** The trip owning the caller's leg; LEG_NOT_FOUND for another participant's leg. */
export async function tripOfOwnLeg(db: DbOrTx, userId: number, legId: number): Promise<number> {
  const [row] = await db
    .select({ tripId: legs.tripId })
    .from(legs)
    .innerJoin(trips, eq(trips.id, legs.tripId))
    .where(and(eq(legs.id, legId), eq(trips.userId, userId)))
  if (!row) throw new ServiceError('LEG_NOT_FOUND')
  return row.tripId
}

/** The leg's mode a leg questionnaire is answered for, or null when it is not asked about the leg. */
function legModeFor(q: Pick<StoredQuestionnaire, 'tfcModes'>, leg: Pick<LegRow, 'tfcModes'>): string | null {
  return legQuestionnaireMode(q.tfcModes, leg.tfcModes)
}

/** Whether a new way with legs of these modes has questionnaires to answer (none without a campaign). */
export async function questionnairesAskedFor(
  db: DbOrTx,
  campaignId: number | null,
  legModes: readonly (readonly string[])[],
) {
  if (campaignId == null) return { trip: false, legs: legModes.map(() => false) }
  return questionnairesAsked(await campaignQuestionnaires(db, campaignId), legModes)
}

export interface TripPart {
  qtn: StoredQuestionnaire
  scope: Scope
  tripId: number
  legId: number | null
  /** Position of the leg in the way (0-based), null for the trip questionnaire. */
  legIdx: number | null
  tfcMode: string | null
  answered: boolean
}

/**
 * The questionnaires of a way: the trip-based one (if the campaign has one), then per leg (in order) each
 * leg-based one that applies to the leg's mode. `answered` from completions or the imported flags.
 */
export async function tripParts(
  db: DbOrTx,
  userId: number,
  campaignId: number | null,
  trip: TripRow,
  legRows: LegRow[],
): Promise<TripPart[]> {
  if (campaignId == null) return []
  const list = await campaignQuestionnaires(db, campaignId)
  const scopes: Scope[] = [tripScope(trip.id), ...legRows.map((l) => legScope(l.id))]
  const done = await completedKeys(db, userId, scopes)
  const parts: TripPart[] = []
  const tripQ = list.find((q) => q.type === 'TRIP_BASED')
  if (tripQ) {
    const scope = tripScope(trip.id)
    parts.push({
      qtn: tripQ,
      scope,
      tripId: trip.id,
      legId: null,
      legIdx: null,
      tfcMode: null,
      answered: trip.qtnAnswered || done.has(`${tripQ.id}|${scope}`),
    })
  }
  const legQs = list.filter((q) => q.type === 'LEG_BASED')
  legRows.forEach((leg, i) => {
    for (const q of legQs) {
      const mode = legModeFor(q, leg)
      if (!mode) continue
      const scope = legScope(leg.id)
      parts.push({
        qtn: q,
        scope,
        tripId: trip.id,
        legId: leg.id,
        legIdx: i,
        tfcMode: mode,
        answered: leg.qtnsAnswered || done.has(`${q.id}|${scope}`),
      })
    }
  })
  return parts
}

/** Whether the way's questionnaires can be answered now: its state (domain/wayState.ts) decides. */
export function assertTripAnswerable(trip: TripRow, legRows: readonly { purposeIds: readonly number[] }[]) {
  const state = wayState(wayFacts(trip, legRows))
  if (!state.allows.answerQuestions) throw new ServiceError(refusal(state.state))
}

/**
 * Recomputes the questionnaire flags of a way after answers were stored (same transaction): the trip's
 * qtnAnswered, each leg's qtnsAnswered, allQuestionsAnswered. Flags only ever turn true here; answering never
 * confirms a way (only the participant's confirmation does). Also exported for other features that change legs.
 */
export async function refreshQuestionFlags(tx: DbOrTx, userId: number, campaignId: number | null, tripId: number) {
  const { trip, legs: legRows } = await ownTripWithLegs(tx, userId, tripId)
  const parts = await tripParts(tx, userId, campaignId, trip, legRows)
  const qtnAnswered = parts.filter((p) => p.legId == null).every((p) => p.answered)
  for (const leg of legRows) {
    const answered = parts.filter((p) => p.legId === leg.id).every((p) => p.answered)
    if (answered && !leg.qtnsAnswered) await tx.update(legs).set({ qtnsAnswered: true }).where(eq(legs.id, leg.id))
  }
  const legsAnswered = legRows.every(
    (l) => l.qtnsAnswered || parts.filter((p) => p.legId === l.id).every((p) => p.answered),
  )
  const allQuestionsAnswered = qtnAnswered && legsAnswered
  await tx
    .update(trips)
    .set({
      qtnAnswered,
      allQuestionsAnswered,
      version: trip.version + 1,
    })
    .where(eq(trips.id, trip.id))
  return { qtnAnswered, allQuestionsAnswered }
}

// ---------------------------------------------------------------------------------------------------------------
// Answers and drafts

/** Refuses answers that do not fit the definition: ServiceError with the question id in details. */
export function assertAnswers(q: StoredQuestionnaire, resps: Answer[], env: CheckEnv) {
  const p: AnswerProblem | null = checkAnswers(q.def.section, resps, env)
  if (p) {
    const details: Record<string, unknown> = { reason: p.reason }
    if (p.questionId != null) details.questionId = p.questionId
    if (p.answOptId != null) details.answOptId = p.answOptId
    throw new ServiceError(p.constant, details)
  }
}

/** Stores one questionnaire's answers for a scope with its completion; the draft of that scope goes. */
export async function storeAnswers(
  tx: DbOrTx,
  userId: number,
  q: StoredQuestionnaire,
  scope: Scope,
  resps: Answer[],
  ref: { tripId?: number | null; legId?: number | null },
) {
  if (await isCompleted(tx, userId, q.id, scope)) throw new ServiceError('QUESTIONNAIRE_ALREADY_ANSWERED')
  const byOption = questionByOption(q.def.section)
  if (resps.length) {
    await tx.insert(answers).values(
      resps.map((a) => ({
        userId,
        questionnaireId: q.id,
        scope,
        tripId: ref.tripId ?? null,
        legId: ref.legId ?? null,
        questionId: byOption.get(a.answOptId)!.id,
        answOptId: a.answOptId,
        text: a.text,
      })),
    )
  }
  // A concurrent second submission loses on the primary key (its transaction fails as a whole).
  await tx.insert(questionnaireCompletions).values({ userId, questionnaireId: q.id, scope })
  await tx
    .delete(questionnaireDrafts)
    .where(
      and(
        eq(questionnaireDrafts.userId, userId),
        eq(questionnaireDrafts.questionnaireId, q.id),
        eq(questionnaireDrafts.scope, scope),
      ),
    )
}
