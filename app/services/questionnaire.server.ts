// Service "questionnaire": questionnaire definitions of the caller's campaign and the answers to them
// (resps = [{ answOptId, text }]). Storage and rules: questionnaire/store.server.ts; the pages'
// one-question-at-a-time flow with drafts: questionnaire/flow.server.ts.
import { isScopeText } from '~/domain/ids'
import { LIMITS } from '~/domain/limits'
import { z } from 'zod'
import { QUESTION_TYPES } from '~/domain/questionnaire'
import { isSupported } from '~/domain/questionValidity'
import type { Answer } from '~/domain/questionnaire'
import { formatDayTime } from '~/domain/time'
import type { Locale } from '~/domain/locale'
import { method, ServiceError, zId, type AuthedContext, type Empty, type Service } from './core.server'
import { QUESTIONNAIRE_TYPES, TRAFFIC_MODE_CONSTANTS, type Question, type Section } from './schemas/campaign-file'
import {
  assertAnswers,
  assertCampaignAnswerable,
  assertTripAnswerable,
  campaignOf,
  checkEnv,
  ownQuestionnaire,
  ownTripWithLegs,
  questionnaireByType,
  refreshQuestionFlags,
  storeAnswers,
  textIn,
  tripOfOwnLeg,
  tripParts,
  type Scope,
  type StoredQuestionnaire,
  type TripPart,
} from './questionnaire/store.server'
import { copiesFor, EMPTY_DRAFT, readDrafts, writeDraft } from './questionnaire/drafts.server'

// ---------------------------------------------------------------------------------------------------------------
// Params

const zResps = z
  .array(
    z.object({
      answOptId: zId,
      text: z
        .union([z.string(), z.number()])
        .optional()
        .transform((t) => (t == null ? '' : String(t)))
        .pipe(z.string().max(LIMITS.answerChars)),
    }),
  )
  .max(LIMITS.answersPerQuestionnaire)

const zType = z
  .string()
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(QUESTIONNAIRE_TYPES))

const zScope = z.string().max(20).refine(isScopeText, "'campaign', 'trip:ID' or 'leg:ID'") as z.ZodType<Scope>

// ---------------------------------------------------------------------------------------------------------------
// A Questionnaire as clients get it: texts in the caller's language, times 'YYYY-MM-DD HH:mm'.

function localQuestion(q: Question, locale: Locale): Record<string, unknown> {
  return {
    ...q,
    introTxt: textIn(q.introTxt, locale),
    hintTxt: textIn(q.hintTxt, locale),
    helpTxt: textIn(q.helpTxt, locale),
    subseqTxt: textIn(q.subseqTxt, locale),
    subQuestions: q.subQuestions.map((s) => ({
      ...s,
      introTxt: textIn(s.introTxt, locale),
      answOpts: s.answOpts.map((o) => ({
        ...o,
        introTxt: textIn(o.introTxt, locale),
        subseqTxt: textIn(o.subseqTxt, locale),
      })),
    })),
    filter: q.filter ? { boolExpDefs: q.filter.boolExpDefs, section: localSection(q.filter.section, locale) } : null,
  }
}

function localSection(s: Section, locale: Locale): Record<string, unknown> {
  return { id: s.id, questions: s.questions.map((q) => localQuestion(q, locale)) }
}

export interface ApiQuestionnaire {
  id: number
  type: StoredQuestionnaire['type']
  tfcModes: string[]
  mandatory: boolean
  showProg: boolean
  applyResps: boolean
  availFrom: string | null
  availUntil: string | null
  creationTime: string | null
  creator: NonNullable<StoredQuestionnaire['def']['creator']> | null
  section: Record<string, unknown>
}

/** A questionnaire of a way: the trip's, or a leg's (with the leg and its traffic mode), and whether it is answered. */
export interface ApiTripQuestionnaire extends ApiQuestionnaire {
  trpId: number
  legId?: number
  tfcMode?: string | null
  answered: boolean
}

function apiQuestionnaire(q: StoredQuestionnaire, ctx: AuthedContext): ApiQuestionnaire {
  const tz = ctx.env.STUDY_TIME_ZONE
  return {
    id: q.id,
    type: q.type,
    tfcModes: q.tfcModes,
    mandatory: q.mandatory,
    showProg: q.def.showProg ?? true,
    applyResps: q.def.applyResps !== false,
    availFrom: q.availFrom ? formatDayTime(q.availFrom, tz) : null,
    availUntil: q.availUntil ? formatDayTime(q.availUntil, tz) : null,
    creationTime: q.def.creationTime ?? null,
    creator: q.def.creator ?? null,
    section: localSection(q.def.section, ctx.locale),
  }
}

const partRef = (p: TripPart) => ({
  trpId: p.tripId,
  ...(p.legId != null ? { legId: p.legId, tfcMode: p.tfcMode } : {}),
  answered: p.answered,
})

// ---------------------------------------------------------------------------------------------------------------
// Submissions (also used by the pages' flow inside one transaction for several questionnaires)

/** setAnsweredCampaignQuestionnaire: the initial or final questionnaire of the caller's campaign. */
export async function submitCampaign(ctx: AuthedContext, id: number, resps: Answer[]) {
  const q = await ownQuestionnaire(ctx, id, ['INITIAL', 'FINAL'])
  await assertCampaignAnswerable(ctx, q)
  assertAnswers(q, resps, checkEnv(ctx))
  await ctx.db.transaction((tx) => storeAnswers(tx, ctx.user.id, q, 'campaign', resps, {}))
}

export interface TripSubmission {
  questionnaireId: number
  /** null: the trip-based questionnaire. */
  legId: number | null
  tfcMode?: string | null
  resps: Answer[]
  /** Leg questionnaires: copy the answers to later legs of the same mode (locator answers are not copied). */
  applyResps?: boolean
}

/**
 * Stores answers to a way's questionnaires in one transaction (the trip row locked), then recomputes its flags.
 * Every submission is checked first; an answered scope is refused (QUESTIONNAIRE_ALREADY_ANSWERED).
 * Returns the leg ids the answers were copied to.
 */
export async function submitTrip(ctx: AuthedContext, tripId: number, list: TripSubmission[]) {
  const env = checkEnv(ctx)
  return ctx.db.transaction(async (tx) => {
    const { trip, legs: legRows } = await ownTripWithLegs(tx, ctx.user.id, tripId, { forUpdate: true })
    assertTripAnswerable(trip, legRows)
    const parts = await tripParts(tx, ctx.user.id, ctx.user.campaignId, trip, legRows)
    const stored = new Set<string>()
    const copiedTo: number[] = []
    for (const s of list) {
      const part = parts.find((p) => p.qtn.id === s.questionnaireId && p.legId === s.legId)
      if (!part) throw new ServiceError('QUESTIONNAIRE_NOT_FOUND')
      if (s.tfcMode != null && s.tfcMode !== part.tfcMode) {
        const leg = legRows.find((l) => l.id === s.legId)!
        const modes = leg.tfcModes.length ? leg.tfcModes : ['UNKNOWN']
        const covered = part.qtn.tfcModes.length === 0 || part.qtn.tfcModes.includes(s.tfcMode)
        if (!covered || !modes.includes(s.tfcMode)) throw new ServiceError('INVALID_PARAMS', { path: 'tfcMode' })
      }
      if (part.answered || stored.has(`${part.qtn.id}|${part.scope}`))
        throw new ServiceError('QUESTIONNAIRE_ALREADY_ANSWERED')
      assertAnswers(part.qtn, s.resps, env)
      await storeAnswers(tx, ctx.user.id, part.qtn, part.scope, s.resps, { tripId: trip.id, legId: part.legId })
      stored.add(`${part.qtn.id}|${part.scope}`)
      if (s.applyResps && part.legIdx != null) {
        const copy = copiesFor(part.qtn, s.resps)
        const later = parts.filter(
          (p) =>
            p.qtn.id === part.qtn.id &&
            p.legIdx != null &&
            p.legIdx > part.legIdx! &&
            p.tfcMode === part.tfcMode &&
            !p.answered &&
            !stored.has(`${p.qtn.id}|${p.scope}`),
        )
        for (const p of later) {
          // A later leg also sent in this list gets its own answers, not the copy.
          if (list.some((x) => x.questionnaireId === p.qtn.id && x.legId === p.legId)) continue
          assertAnswers(p.qtn, copy, env)
          await storeAnswers(tx, ctx.user.id, p.qtn, p.scope, copy, { tripId: trip.id, legId: p.legId })
          stored.add(`${p.qtn.id}|${p.scope}`)
          copiedTo.push(p.legId!)
        }
      }
    }
    const flags = await refreshQuestionFlags(tx, ctx.user.id, ctx.user.campaignId, trip.id)
    return { ...flags, copiedTo }
  })
}

// ---------------------------------------------------------------------------------------------------------------
// Drafts (beyond the companion app's methods: the pages save one on every Next and Back; available to other clients too)

/** Checks that a scope is the caller's and fits the questionnaire's type. */
async function checkScope(ctx: AuthedContext, q: StoredQuestionnaire, scope: Scope) {
  const [kind, raw] = scope.split(':')
  const expected = q.type === 'TRIP_BASED' ? 'trip' : q.type === 'LEG_BASED' ? 'leg' : 'campaign'
  if (kind !== expected) throw new ServiceError('INVALID_PARAMS', { path: 'scope' })
  if (kind === 'trip') await ownTripWithLegs(ctx.db, ctx.user.id, Number(raw))
  if (kind === 'leg') await tripOfOwnLeg(ctx.db, ctx.user.id, Number(raw))
}

async function getDraft(ctx: AuthedContext, id: number, scope: Scope) {
  const q = await ownQuestionnaire(ctx, id, [...QUESTIONNAIRE_TYPES])
  await checkScope(ctx, q, scope)
  const drafts = await readDrafts(ctx.db, ctx.user.id, [{ questionnaireId: q.id, scope }])
  return drafts.get(`${q.id}|${scope}`) ?? EMPTY_DRAFT
}

async function saveDraft(
  ctx: AuthedContext,
  id: number,
  scope: Scope,
  draft: { resps: Answer[]; seenQuestionIds: number[]; position: number },
) {
  const q = await ownQuestionnaire(ctx, id, [...QUESTIONNAIRE_TYPES])
  await checkScope(ctx, q, scope)
  await writeDraft(ctx.db, ctx.user.id, q.id, scope, draft, ctx.now())
}

// ---------------------------------------------------------------------------------------------------------------

export const questionnaireService = {
  /** (id, type upper-cased; return.qtn). id is the campaign's; qtn is null when it has none of that type. */
  getQuestionnaireByCampaignAndType: method({
    params: z.object({ id: zId, type: zType }),
    async run({ id, type }, ctx): Promise<{ qtn: ApiQuestionnaire | null }> {
      if (ctx.user.campaignId !== id) throw new ServiceError('CAMPAIGN_NOT_FOUND')
      const q = await questionnaireByType(ctx.db, id, type)
      return { qtn: q ? apiQuestionnaire(q, ctx) : null }
    },
  }),

  /** (id; return.qtns): the trip-based questionnaire, then the leg-based ones per leg by its traffic mode. */
  getQuestionnairesByTrip: method({
    params: z.object({ id: zId }),
    async run({ id }, ctx): Promise<{ qtns: ApiTripQuestionnaire[] }> {
      const { trip, legs } = await ownTripWithLegs(ctx.db, ctx.user.id, id)
      const parts = await tripParts(ctx.db, ctx.user.id, ctx.user.campaignId, trip, legs)
      return { qtns: parts.map((p) => ({ ...apiQuestionnaire(p.qtn, ctx), ...partRef(p) })) }
    },
  }),

  getQuestionnaireTypes: method({
    params: z.object({}).passthrough(),
    run: async (): Promise<{ qtnTypes: { constant: (typeof QUESTIONNAIRE_TYPES)[number] }[] }> => ({
      qtnTypes: QUESTIONNAIRE_TYPES.map((constant) => ({ constant })),
    }),
  }),

  getQuestionTypes: method({
    params: z.object({}).passthrough(),
    run: async (): Promise<{ questionTypes: { constant: (typeof QUESTION_TYPES)[number]; supported: boolean }[] }> => ({
      questionTypes: QUESTION_TYPES.map((constant) => ({ constant, supported: isSupported(constant) })),
    }),
  }),

  /** (id, resps). */
  setAnsweredCampaignQuestionnaire: method({
    params: z.object({ id: zId, resps: zResps }),
    async run({ id, resps }, ctx): Promise<Empty> {
      campaignOf(ctx)
      await submitCampaign(ctx, id, resps)
      return {}
    },
  }),

  /** (id, resps) plus the way's id as trpId. */
  setAnsweredTripQuestionnaire: method({
    params: z.object({ id: zId, trpId: zId.optional(), resps: zResps }),
    async run({ id, trpId, resps }, ctx): Promise<{ qtnAnswered: boolean; allQuestionsAnswered: boolean }> {
      if (trpId == null) throw new ServiceError('MISSING_LEG_OR_TRIP_ID')
      await ownQuestionnaire(ctx, id, ['TRIP_BASED'])
      const { qtnAnswered, allQuestionsAnswered } = await submitTrip(ctx, trpId, [
        { questionnaireId: id, legId: null, resps },
      ])
      return { qtnAnswered, allQuestionsAnswered }
    },
  }),

  /** (id, tfcMode, resps, applyResps) plus the leg's id as legId. applyResps copies to later legs of the mode. */
  setAnsweredLegQuestionnaire: method({
    params: z.object({
      id: zId,
      legId: zId.optional(),
      tfcMode: z.enum(TRAFFIC_MODE_CONSTANTS).optional(),
      resps: zResps,
      applyResps: z
        .union([z.boolean(), z.enum(['true', 'false'])])
        .optional()
        .transform((v) => v === true || v === 'true'),
    }),
    async run(
      { id, legId, tfcMode, resps, applyResps },
      ctx,
    ): Promise<{ allQuestionsAnswered: boolean; copiedTo: number[] }> {
      if (legId == null) throw new ServiceError('MISSING_LEG_OR_TRIP_ID')
      await ownQuestionnaire(ctx, id, ['LEG_BASED'])
      const tripId = await tripOfOwnLeg(ctx.db, ctx.user.id, legId)
      const result = await submitTrip(ctx, tripId, [
        { questionnaireId: id, legId, tfcMode: tfcMode ?? null, resps, applyResps },
      ])
      return { allQuestionsAnswered: result.allQuestionsAnswered, copiedTo: result.copiedTo }
    },
  }),

  getDraft: method({
    params: z.object({ id: zId, scope: zScope }),
    async run(
      { id, scope },
      ctx,
    ): Promise<{ draft: { resps: Answer[]; seenQuestionIds: number[]; position: number } }> {
      const d = await getDraft(ctx, id, scope)
      return { draft: { resps: d.resps, seenQuestionIds: d.seenQuestionIds, position: d.position } }
    },
  }),

  saveDraft: method({
    params: z.object({
      id: zId,
      scope: zScope,
      resps: zResps,
      seenQuestionIds: z.array(zId).max(2000).default([]),
      position: z.coerce.number().int().min(0).max(10_000).default(0),
    }),
    async run({ id, scope, resps, seenQuestionIds, position }, ctx): Promise<Empty> {
      await saveDraft(ctx, id, scope, { resps, seenQuestionIds, position })
      return {}
    },
  }),
} satisfies Service
