// Services "campaign" and "questionnaire" and the pages' questionnaire flow, against a real database
// (PGlite; PostgreSQL with TEST_DB_KIND=postgres): availability summaries and the lock of the final questionnaire,
// answer checking, drafts, trip/leg flags after submission, copying to later legs
// (locator questions are not copied), permissions.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { asSessionUser, serviceContext, testDatabase } from '../../tests/db'
import type { Database, Db } from '~/db/connect.server'
import { answers, legs, questionnaireCompletions, questionnaires, trips } from '~/db/schema'
import { addDays, dayInZone, zonedDateTimeToUtc } from '~/domain/time'
import { dateToAnswerText } from '~/domain/questionText'
import { QUESTION_TYPES } from '~/domain/questionnaire'
import { ServiceError, type AuthedContext } from './core.server'
import { campaignService } from './campaign.server'
import { createUser, importCampaign, importTrips } from './import.server'
import { questionnaireService } from './questionnaire.server'
import { loadQuestionnaireStep, tripRun } from './questionnaire-step.server'
import { campaignPage } from './questionnaire/campaign-page.server'
import { flowPost, type FlowIntent, type FlowPost } from './questionnaire/flow-post.server'
import { flowView, type FlowQuery } from './questionnaire/flow-view.server'
import type { CampaignFileInput } from './schemas/campaign-file'

/** The way's page without its questionnaire panel open. */
/** A place in a flow, as a page's address would give it. */
const place = (q: Partial<FlowQuery> = {}): FlowQuery => ({
  part: null,
  prompt: false,
  error: null,
  notice: null,
  question: null,
  ...q,
})
const CLOSED = { active: false, query: place() }

const TZ = 'Europe/Berlin'
const NOW = new Date()
const today = dayInZone(NOW, TZ)
const at = (days: number, time = '00:00') => `${addDays(today, days)} ${time}`
const t2 = (de: string) => ({ de_DE: de, en_US: de })

function campaignFile(
  base: number,
  opts: { initialFrom: number; initialUntil: number; finalFrom: number; finalMandatoryInitial?: boolean },
): CampaignFileInput {
  const id = (n: number) => base + n
  return {
    name: `Test ${base}`,
    startDate: addDays(today, -30),
    endDate: addDays(today, 30),
    tripPurposes: [{ id: id(1), name: t2('Arbeit') }],
    questionnaires: [
      {
        id: id(100),
        type: 'INITIAL',
        mandatory: opts.finalMandatoryInitial ?? true,
        availFrom: at(opts.initialFrom),
        availUntil: at(opts.initialUntil, '23:59'),
        section: {
          id: id(100),
          questions: [
            {
              id: id(101),
              type: 'SINGLE_CHOICE',
              mandatory: true,
              introTxt: t2('Auto?'),
              subQuestions: [{ id: id(1011), answOpts: [{ id: id(10101) }, { id: id(10102) }] }],
              filter: {
                boolExpDefs: [{ codes: [id(10101)] }],
                section: {
                  id: id(150),
                  questions: [
                    {
                      id: id(111),
                      type: 'INT_NO_INPUT',
                      mandatory: true,
                      min: 1,
                      max: 15,
                      subQuestions: [{ id: id(1111), answOpts: [{ id: id(11101) }] }],
                    },
                  ],
                },
              },
            },
            {
              id: id(102),
              type: 'DATE',
              sortingIdx: 1,
              subQuestions: [{ id: id(1021), answOpts: [{ id: id(10201) }] }],
            },
            {
              id: id(103),
              type: 'DRAG_RAT',
              sortingIdx: 2,
              subQuestions: [{ id: id(1031), answOpts: [{ id: id(10301) }, { id: id(10302) }] }],
            },
            {
              id: id(104),
              type: 'TEXT',
              sortingIdx: 3,
              max: 20,
              subQuestions: [{ id: id(1041), answOpts: [{ id: id(10401) }] }],
            },
          ],
        },
      },
      {
        id: id(200),
        type: 'FINAL',
        availFrom: at(opts.finalFrom),
        section: {
          id: id(200),
          questions: [
            {
              id: id(201),
              type: 'SINGLE_NUM_SLIDER',
              max: 10,
              subQuestions: [{ id: id(2011), answOpts: [{ id: id(20101) }] }],
            },
          ],
        },
      },
      {
        id: id(300),
        type: 'TRIP_BASED',
        mandatory: true,
        section: {
          id: id(300),
          questions: [
            {
              id: id(301),
              type: 'SINGLE_CHOICE',
              mandatory: true,
              subQuestions: [{ id: id(3011), answOpts: [{ id: id(30101) }, { id: id(30102) }] }],
            },
          ],
        },
      },
      {
        id: id(400),
        type: 'LEG_BASED',
        // No applyResps: the copy prompt is offered unless a questionnaire opts out (applyResps: false).
        section: {
          id: id(400),
          questions: [
            {
              id: id(401),
              type: 'SINGLE_CHOICE',
              mandatory: true,
              subQuestions: [{ id: id(4011), answOpts: [{ id: id(40101) }, { id: id(40102) }] }],
            },
            {
              id: id(402),
              type: 'SINGLE_LOCATOR',
              sortingIdx: 1,
              subQuestions: [{ id: id(4021), answOpts: [{ id: id(40201) }] }],
            },
          ],
        },
      },
    ],
  }
}

const B = 9_000_000 // id base of the main campaign
const a = (answOptId: number, text = '') => ({ answOptId, text })
const point = '{"type":"Point","coordinates":[13.4,52.5]}'

let database: Database
let db: Db
let campaignId: number
let me: AuthedContext
let other: AuthedContext
let email = 0

async function participant(campaign: number | null): Promise<AuthedContext> {
  const u = await createUser(db, {
    email: `q${email++}@example.org`,
    password: 'secret',
    verified: true,
    campaignId: campaign,
  })
  return serviceContext(database, { user: asSessionUser({ id: u.id, email: u.email, campaignId: campaign }), now: NOW })
}

let dayOffset = 0
/** A confirmed way with legs of the given modes, questionnaires not answered yet. */
async function way(
  ctx: AuthedContext,
  modes: string[],
  extra: Record<string, unknown> = {},
): Promise<{ tripId: number; legIds: number[] }> {
  const day = addDays(today, -2 - dayOffset++)
  const t = (m: number) =>
    `${day} ${String(8 + Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
  const file = [
    {
      validationStatus: true,
      confirmationStatus: true,
      qtnAnswered: false,
      allQuestionsAnswered: false,
      ...extra,
      legs: modes.map((mode, i) => ({
        startTime: t(i * 10),
        endTime: t(i * 10 + 9),
        tfcModes: [mode],
        tripPurposes: [B + 1],
        validationStatus: true,
        qtnsAnswered: false,
        geom: [
          { lat: 52.5, lon: 13.3 + i * 0.01 },
          { lat: 52.5, lon: 13.305 + i * 0.01 },
        ],
      })),
    },
  ]
  const { tripIds } = await importTrips(db, { email: ctx.user.email, trips: file }, { timeZone: TZ })
  const legRows = await db.select().from(legs).where(eq(legs.tripId, tripIds[0])).orderBy(legs.idx)
  return { tripId: tripIds[0], legIds: legRows.map((l) => l.id) }
}

async function fails(p: Promise<unknown>, constant: string, details?: Record<string, unknown>) {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  )
  expect(e).toBeInstanceOf(ServiceError)
  expect((e as ServiceError).constant).toBe(constant)
  if (details) expect((e as ServiceError).details).toMatchObject(details)
}

beforeAll(async () => {
  database = await testDatabase()
  db = database.db
  campaignId = await importCampaign(db, campaignFile(B, { initialFrom: -1, initialUntil: 10, finalFrom: -1 }), {
    timeZone: TZ,
  })
  me = await participant(campaignId)
  other = await participant(campaignId)
})
afterAll(() => database.close())

describe('campaign: getCurrentCampaign with the questionnaire summaries', () => {
  test('the summary of an available, unanswered initial questionnaire; the final one is locked', async () => {
    const ctx = await participant(campaignId)
    const { campaign } = await campaignService.getCurrentCampaign(ctx, {})
    expect(campaign).toMatchObject({
      id: campaignId,
      name: `Test ${B}`,
      startDate: addDays(today, -30),
      endDate: addDays(today, 30),
    })
    expect(campaign!.initialQtnSummary).toEqual({
      availFrom: at(-1),
      availUntil: at(10, '23:59'),
      available: null,
      answered: false,
      mandatory: true,
    })
    expect(campaign!.finalQtnSummary).toMatchObject({ available: null, answered: false, mandatory: false })
    expect((await campaignPage(ctx, 'FINAL')).state).toBe('locked')
    await fails(
      questionnaireService.setAnsweredCampaignQuestionnaire(ctx, { id: B + 200, resps: [] }),
      'QUESTIONNAIRE_INITIAL_NOT_ANSWERED',
    )
  })

  test("'from' before availFrom, 'until' after availUntil; the page shows only the notice with the date", async () => {
    const base = 9_100_000
    const id = await importCampaign(db, campaignFile(base, { initialFrom: 2, initialUntil: 5, finalFrom: 3 }), {
      timeZone: TZ,
    })
    const ctx = await participant(id)
    const { campaign } = await campaignService.getCurrentCampaign(ctx, {})
    expect(campaign!.initialQtnSummary!.available).toBe('from')
    const page = await campaignPage(ctx, 'INITIAL')
    expect(page).toEqual({ state: 'from', date: addDays(today, 2).split('-').reverse().join('.') })
    await fails(
      questionnaireService.setAnsweredCampaignQuestionnaire(ctx, { id: base + 100, resps: [] }),
      'QUESTIONNAIRE_NOT_AVAILABLE',
    )

    const later = { ...ctx, now: () => zonedDateTimeToUtc(addDays(today, 7), 12, 0, TZ) }
    const s = (await campaignService.getCurrentCampaign(later, {})).campaign!.initialQtnSummary!
    expect(s.available).toBe('until')
    expect(await campaignPage(later, 'INITIAL')).toEqual({
      state: 'until',
      date: addDays(today, 5).split('-').reverse().join('.'),
    })
  })

  test('no campaign: campaign null, the page says so', async () => {
    const ctx = await participant(null)
    expect((await campaignService.getCurrentCampaign(ctx, {})).campaign).toBeNull()
    expect((await campaignPage(ctx, 'INITIAL')).state).toBe('noCampaign')
  })

  test('setCampaignParticipation joins and leaves; getCampaignsByProject lists a project', async () => {
    const ctx = await participant(null)
    expect(await campaignService.setCampaignParticipation(ctx, { id: campaignId, participation: true })).toEqual({
      campaignId,
    })
    await fails(
      campaignService.setCampaignParticipation(ctx, { id: 987654, participation: true }),
      'CAMPAIGN_NOT_FOUND',
    )
    expect(await campaignService.setCampaignParticipation(ctx, { id: campaignId, participation: 'false' })).toEqual({
      campaignId: null,
    })
    expect((await campaignService.getCampaignsByProject(ctx, { id: 42 })).campaigns).toEqual([])
  })
})

describe('questionnaire: definitions', () => {
  test('getQuestionnaireByCampaignAndType upper-cases the type and localises texts', async () => {
    const { qtn } = await questionnaireService.getQuestionnaireByCampaignAndType(me, {
      id: campaignId,
      type: 'initial',
    })
    expect(qtn).toMatchObject({ id: B + 100, type: 'INITIAL', availFrom: at(-1), mandatory: true })
    expect((qtn!.section.questions as unknown[])[0]).toMatchObject({ id: B + 101, introTxt: 'Auto?', hintTxt: '' })
    await fails(
      questionnaireService.getQuestionnaireByCampaignAndType(me, { id: campaignId + 999, type: 'initial' }),
      'CAMPAIGN_NOT_FOUND',
    )
    await fails(
      questionnaireService.getQuestionnaireByCampaignAndType(me, { id: campaignId, type: 'weekly' }),
      'INVALID_PARAMS',
    )
  })
  test('getQuestionnaireTypes, getQuestionTypes (DRAG_RAT unsupported)', async () => {
    expect((await questionnaireService.getQuestionnaireTypes(me, {})).qtnTypes.map((x) => x.constant)).toEqual([
      'INITIAL',
      'FINAL',
      'LEG_BASED',
      'TRIP_BASED',
    ])
    const types = (await questionnaireService.getQuestionTypes(me, {})).questionTypes
    // Every type of the list, in its order (adding a type adds it here without a change).
    expect(types.map((x) => x.constant)).toEqual([...QUESTION_TYPES])
    expect(types.find((x) => x.constant === 'DRAG_RAT')).toEqual({ constant: 'DRAG_RAT', supported: false })
  })
  test('getQuestionnairesByTrip: trip questionnaire, then the leg questionnaire per leg with its mode', async () => {
    const { tripId, legIds } = await way(me, ['BICYCLE', 'WALK'])
    const { qtns } = await questionnaireService.getQuestionnairesByTrip(me, { id: tripId })
    expect(qtns.map((q) => [q.id, q.trpId, 'legId' in q ? q.legId : null, 'tfcMode' in q ? q.tfcMode : null])).toEqual([
      [B + 300, tripId, null, null],
      [B + 400, tripId, legIds[0], 'BICYCLE'],
      [B + 400, tripId, legIds[1], 'WALK'],
    ])
    await fails(questionnaireService.getQuestionnairesByTrip(other, { id: tripId }), 'TRIP_NOT_FOUND')
  })
})

describe('questionnaire: answers are checked against the definition', () => {
  const send = (ctx: AuthedContext, resps: { answOptId: number; text: string }[]) =>
    questionnaireService.setAnsweredCampaignQuestionnaire(ctx, { id: B + 100, resps })
  test.each([
    ['an unknown option', [a(B + 10102), a(123)], 'ANSWER_UNKNOWN_OPTION', { answOptId: 123 }],
    ['a missing mandatory answer', [a(B + 10401, 'x')], 'ANSWER_MANDATORY_MISSING', { questionId: B + 101 }],
    ['a mandatory question opened by a filter', [a(B + 10101)], 'ANSWER_MANDATORY_MISSING', { questionId: B + 111 }],
    ['a value out of range', [a(B + 10101), a(B + 11101, '16')], 'ANSWER_OUT_OF_RANGE', { questionId: B + 111 }],
    [
      'a text longer than max',
      [a(B + 10102), a(B + 10401, 'x'.repeat(21))],
      'ANSWER_OUT_OF_RANGE',
      { questionId: B + 104 },
    ],
    [
      'a future date',
      [a(B + 10102), a(B + 10201, dateToAnswerText(addDays(today, 1), 12, 0, TZ)!)],
      'ANSWER_OUT_OF_RANGE',
      { questionId: B + 102 },
    ],
    [
      'an answer in a closed filter section',
      [a(B + 10102), a(B + 11101, '2')],
      'ANSWER_INVALID',
      { questionId: B + 111 },
    ],
    ['two answers to a single choice', [a(B + 10101), a(B + 10102)], 'ANSWER_INVALID', { questionId: B + 101 }],
  ])('%s is refused', async (_name, resps, constant, details) => {
    const ctx = await participant(campaignId)
    await fails(send(ctx, resps), constant, details)
  })

  test('valid answers are stored with a completion; a second submission is refused', async () => {
    const ctx = await participant(campaignId)
    await send(ctx, [a(B + 10101), a(B + 11101, '2'), a(B + 10401, 'ok')])
    const rows = await db.select().from(answers).where(eq(answers.userId, ctx.user.id))
    expect(rows.map((r) => [r.questionId, r.answOptId, r.text, r.scope])).toEqual([
      [B + 101, B + 10101, '', 'campaign'],
      [B + 111, B + 11101, '2', 'campaign'],
      [B + 104, B + 10401, 'ok', 'campaign'],
    ])
    await fails(send(ctx, [a(B + 10102)]), 'QUESTIONNAIRE_ALREADY_ANSWERED')
    const { campaign } = await campaignService.getCurrentCampaign(ctx, {})
    expect(campaign!.initialQtnSummary!.answered).toBe(true)
    // The final questionnaire is no longer locked.
    expect((await campaignPage(ctx, 'FINAL')).state).toBe('open')
    await questionnaireService.setAnsweredCampaignQuestionnaire(ctx, { id: B + 200, resps: [a(B + 20101, '7')] })
    expect((await campaignPage(ctx, 'FINAL')).state).toBe('answered')
  })
})

describe('questionnaire: drafts', () => {
  test('saveDraft / getDraft keep answers, seen questions and position per scope', async () => {
    const ctx = await participant(campaignId)
    expect((await questionnaireService.getDraft(ctx, { id: B + 100, scope: 'campaign' })).draft).toEqual({
      resps: [],
      seenQuestionIds: [],
      position: 0,
    })
    await questionnaireService.saveDraft(ctx, {
      id: B + 100,
      scope: 'campaign',
      resps: [a(B + 10101)],
      seenQuestionIds: [B + 101],
      position: 1,
    })
    await questionnaireService.saveDraft(ctx, {
      id: B + 100,
      scope: 'campaign',
      resps: [a(B + 10102)],
      seenQuestionIds: [B + 101],
      position: 1,
    })
    expect((await questionnaireService.getDraft(ctx, { id: B + 100, scope: 'campaign' })).draft).toEqual({
      resps: [a(B + 10102)],
      seenQuestionIds: [B + 101],
      position: 1,
    })
  })
  test("another participant's trip or leg scope is refused; a scope must fit the questionnaire", async () => {
    const { tripId, legIds } = await way(me, ['CAR'])
    await fails(
      questionnaireService.saveDraft(other, { id: B + 300, scope: `trip:${tripId}`, resps: [] }),
      'TRIP_NOT_FOUND',
    )
    await fails(questionnaireService.getDraft(other, { id: B + 400, scope: `leg:${legIds[0]}` }), 'LEG_NOT_FOUND')
    await fails(
      questionnaireService.saveDraft(me, { id: B + 300, scope: `leg:${legIds[0]}`, resps: [] }),
      'INVALID_PARAMS',
    )
    await fails(questionnaireService.getDraft(me, { id: B + 300, scope: 'nonsense' }), 'INVALID_PARAMS')
  })
})

describe('questionnaire: trip and leg answers, flags, copy to later legs', () => {
  test('trip then legs: qtnAnswered, qtnsAnswered and allQuestionsAnswered follow', async () => {
    const { tripId, legIds } = await way(me, ['BICYCLE', 'WALK'])
    const flags = async () => {
      const [t] = await db.select().from(trips).where(eq(trips.id, tripId))
      const l = await db.select().from(legs).where(eq(legs.tripId, tripId)).orderBy(legs.idx)
      return [t.qtnAnswered, ...l.map((x) => x.qtnsAnswered), t.allQuestionsAnswered]
    }
    expect(await flags()).toEqual([false, false, false, false])
    expect((await loadQuestionnaireStep(me, tripId, CLOSED)).pending).toBe(true)
    await questionnaireService.setAnsweredTripQuestionnaire(me, { id: B + 300, trpId: tripId, resps: [a(B + 30101)] })
    expect(await flags()).toEqual([true, false, false, false])
    await questionnaireService.setAnsweredLegQuestionnaire(me, {
      id: B + 400,
      legId: legIds[0],
      tfcMode: 'BICYCLE',
      resps: [a(B + 40101)],
    })
    await fails(
      questionnaireService.setAnsweredLegQuestionnaire(me, {
        id: B + 400,
        legId: legIds[1],
        tfcMode: 'BICYCLE',
        resps: [a(B + 40101)],
      }),
      'INVALID_PARAMS',
    )
    await questionnaireService.setAnsweredLegQuestionnaire(me, {
      id: B + 400,
      legId: legIds[1],
      resps: [a(B + 40102), a(B + 40201, point)],
    })
    expect(await flags()).toEqual([true, true, true, true])
    expect((await loadQuestionnaireStep(me, tripId, CLOSED)).pending).toBe(false)
    await fails(
      questionnaireService.setAnsweredTripQuestionnaire(me, { id: B + 300, trpId: tripId, resps: [a(B + 30101)] }),
      'QUESTIONNAIRE_ALREADY_ANSWERED',
    )
  })

  test('applyResps copies to later legs of the same mode, without locator answers', async () => {
    const { tripId, legIds } = await way(me, ['BICYCLE', 'WALK', 'BICYCLE', 'BICYCLE'])
    const result = await questionnaireService.setAnsweredLegQuestionnaire(me, {
      id: B + 400,
      legId: legIds[0],
      tfcMode: 'BICYCLE',
      resps: [a(B + 40102), a(B + 40201, point)],
      applyResps: true,
    })
    expect(result.copiedTo).toEqual([legIds[2], legIds[3]])
    const rows = await db.select().from(answers).where(eq(answers.tripId, tripId))
    const byLeg = (legId: number) => rows.filter((r) => r.legId === legId).map((r) => r.answOptId)
    expect(byLeg(legIds[0])).toEqual([B + 40102, B + 40201])
    expect(byLeg(legIds[1])).toEqual([])
    expect(byLeg(legIds[2])).toEqual([B + 40102])
    expect(byLeg(legIds[3])).toEqual([B + 40102])
    const l = await db.select().from(legs).where(eq(legs.tripId, tripId)).orderBy(legs.idx)
    expect(l.map((x) => x.qtnsAnswered)).toEqual([true, false, true, true])
  })

  test("another participant's trip or leg id is refused, and a missing id is named", async () => {
    const { tripId, legIds } = await way(me, ['CAR'])
    await fails(
      questionnaireService.setAnsweredTripQuestionnaire(other, { id: B + 300, trpId: tripId, resps: [a(B + 30101)] }),
      'TRIP_NOT_FOUND',
    )
    await fails(
      questionnaireService.setAnsweredLegQuestionnaire(other, { id: B + 400, legId: legIds[0], resps: [a(B + 40101)] }),
      'LEG_NOT_FOUND',
    )
    await fails(
      questionnaireService.setAnsweredLegQuestionnaire(me, { id: B + 400, resps: [a(B + 40101)] }),
      'MISSING_LEG_OR_TRIP_ID',
    )
    await fails(
      questionnaireService.setAnsweredTripQuestionnaire(me, { id: B + 300, resps: [] }),
      'MISSING_LEG_OR_TRIP_ID',
    )
    // The leg questionnaire's id for the trip method, and a questionnaire of another campaign.
    await fails(
      questionnaireService.setAnsweredTripQuestionnaire(me, { id: B + 400, trpId: tripId, resps: [] }),
      'QUESTIONNAIRE_NOT_FOUND',
    )
    await fails(
      questionnaireService.setAnsweredTripQuestionnaire(me, { id: 9_100_300, trpId: tripId, resps: [] }),
      'QUESTIONNAIRE_NOT_FOUND',
    )
  })

  test('a reported or unconfirmed way cannot be answered', async () => {
    const reported = await way(me, ['CAR'], { fdbkAvail: true })
    await fails(
      questionnaireService.setAnsweredTripQuestionnaire(me, {
        id: B + 300,
        trpId: reported.tripId,
        resps: [a(B + 30101)],
      }),
      'TRIP_REPORTED',
    )
    const open = await way(me, ['CAR'], { validationStatus: false, confirmationStatus: false })
    await db.update(legs).set({ validationStatus: false }).where(eq(legs.tripId, open.tripId))
    await db.update(trips).set({ validationStatus: false }).where(eq(trips.id, open.tripId))
    await fails(
      questionnaireService.setAnsweredTripQuestionnaire(me, { id: B + 300, trpId: open.tripId, resps: [a(B + 30101)] }),
      'WRONG_STEP',
    )
  })
})

describe('the pages’ flow: one question at a time with drafts', () => {
  /** A post as the route reads it from the form (app/lib/questionnaire-form.ts). */
  const post = (entries: Record<string, string | string[]>): FlowPost => {
    const f = new URLSearchParams()
    for (const [k, v] of Object.entries(entries)) for (const x of Array.isArray(v) ? v : [v]) f.append(k, x)
    return {
      intent: f.get('intent') as FlowIntent,
      qtn: Number(f.get('qtn')),
      scope: f.get('scope') ?? '',
      question: f.has('question') ? Number(f.get('question')) : null,
      fields: f,
    }
  }

  test('campaign: Next needs a valid answer, filters open, Back and reload keep everything, Complete sends', async () => {
    const ctx = await participant(campaignId)
    const open = async () => {
      const page = await campaignPage(ctx, 'INITIAL')
      if (page.state !== 'open') throw new Error(page.state)
      return page
    }
    const base = { qtn: String(B + 100), scope: 'campaign' }
    let page = await open()
    let view = (await flowView(page.flow, place()))!
    expect([view.question!.id, view.position, view.total, view.isFirst, view.isLast]).toEqual([
      B + 101,
      0,
      3,
      true,
      false,
    ])

    // Next without the mandatory answer: refused with the question's error; the draft keeps the position.
    expect(
      await flowPost(page.flow, post({ ...base, intent: 'next', question: String(B + 101) }), page.submit),
    ).toEqual({
      kind: 'show',
      part: 0,
      error: { reason: 'mandatory', questionId: B + 101 },
    })
    // Option 1 opens the filter question right after.
    expect(
      await flowPost(
        page.flow,
        post({ ...base, intent: 'next', question: String(B + 101), [`q${B + 101}`]: String(B + 10101) }),
        page.submit,
      ),
    ).toEqual({ kind: 'show', part: 0 })
    page = await open() // a reload
    view = (await flowView(page.flow, place()))!
    expect([view.question!.id, view.position, view.total]).toEqual([B + 111, 1, 4])

    // No JavaScript: 40 is clamped to 15, the page says so and stays.
    expect(
      await flowPost(
        page.flow,
        post({ ...base, intent: 'next', question: String(B + 111), [`o${B + 11101}`]: '40' }),
        page.submit,
      ),
    ).toEqual({
      kind: 'show',
      part: 0,
      notice: { key: 'clamped', questionId: B + 111 },
    })
    view = (await flowView(page.flow, place({ notice: 'clamped', question: String(B + 111) })))!
    expect(view.state).toEqual({ [`o${B + 11101}`]: '15' })
    expect(view.notice).toBe('clamped')

    // Back keeps the typed value, Next moves on again.
    await flowPost(
      page.flow,
      post({ ...base, intent: 'back', question: String(B + 111), [`o${B + 11101}`]: '3' }),
      page.submit,
    )
    page = await open()
    view = (await flowView(page.flow, place()))!
    expect(view.question!.id).toBe(B + 101)
    expect(view.state).toEqual({ [`q${B + 101}`]: [String(B + 10101)] })
    await flowPost(
      page.flow,
      post({ ...base, intent: 'next', question: String(B + 101), [`q${B + 101}`]: String(B + 10101) }),
      page.submit,
    )
    view = (await flowView(page.flow, place()))!
    expect(view.state).toEqual({ [`o${B + 11101}`]: '3' })
    await flowPost(
      page.flow,
      post({ ...base, intent: 'next', question: String(B + 111), [`o${B + 11101}`]: '3' }),
      page.submit,
    )
    // DATE: empty shows today; DRAG_RAT is skipped.
    view = (await flowView(page.flow, place()))!
    expect([view.question!.type, view.state[`o${B + 10201}`]]).toEqual(['DATE', today])
    await flowPost(
      page.flow,
      post({ ...base, intent: 'next', question: String(B + 102), [`o${B + 10201}`]: today }),
      page.submit,
    )
    view = (await flowView(page.flow, place()))!
    expect([view.question!.type, view.isLast, view.canComplete]).toEqual(['TEXT', true, true])

    const outcome = await flowPost(
      page.flow,
      post({ ...base, intent: 'complete', question: String(B + 104), [`o${B + 10401}`]: 'fertig' }),
      page.submit,
    )
    expect(outcome).toEqual({ kind: 'completed' })
    const rows = await db.select().from(answers).where(eq(answers.userId, ctx.user.id))
    expect(rows.map((r) => r.answOptId)).toEqual([B + 10101, B + 11101, B + 10201, B + 10401])
    expect((await campaignPage(ctx, 'INITIAL')).state).toBe('answered')
  })

  test('trip: trip questionnaire, then legs; the copy prompt copies without locator answers; completion sends all', async () => {
    const ctx = await participant(campaignId)
    const { tripId, legIds } = await way(ctx, ['BICYCLE', 'WALK', 'BICYCLE'])
    let run = await tripRun(ctx, tripId)
    expect(run.flow.parts.map((p) => p.scope)).toEqual([
      `trip:${tripId}`,
      `leg:${legIds[0]}`,
      `leg:${legIds[1]}`,
      `leg:${legIds[2]}`,
    ])
    const trip = { qtn: String(B + 300), scope: `trip:${tripId}` }
    const leg = (i: number) => ({ qtn: String(B + 400), scope: `leg:${legIds[i]}` })
    expect(
      await flowPost(
        run.flow,
        post({ ...trip, intent: 'next', question: String(B + 301), [`q${B + 301}`]: String(B + 30102) }),
        run.submit,
      ),
    ).toEqual({ kind: 'show', part: 1 })
    await flowPost(
      run.flow,
      post({ ...leg(0), intent: 'next', question: String(B + 401), [`q${B + 401}`]: String(B + 40102) }),
      run.submit,
    )
    // Past the last question of leg 1 (bicycle): leg 3 is also by bicycle → the prompt.
    expect(
      await flowPost(
        run.flow,
        post({ ...leg(0), intent: 'next', question: String(B + 402), [`o${B + 40201}`]: '52.5, 13.4' }),
        run.submit,
      ),
    ).toEqual({
      kind: 'show',
      part: 1,
      prompt: true,
    })
    run = await tripRun(ctx, tripId)
    const prompted = (await flowView(run.flow, place({ part: 1, prompt: true })))!
    expect(prompted.prompt).toEqual({ legs: [{ legNo: 3, mode: 'BICYCLE' }] })
    // A URL cannot skip ahead of the first unfinished questionnaire.
    expect((await flowView(run.flow, place({ part: 3 })))!.partIndex).toBe(2)

    expect(await flowPost(run.flow, post({ ...leg(0), intent: 'copy-yes' }), run.submit)).toEqual({
      kind: 'show',
      part: 2,
    })
    // Leg 3 got the copy, but its locator question still has to be seen: after leg 2 the flow goes there.
    await flowPost(
      run.flow,
      post({ ...leg(1), intent: 'next', question: String(B + 401), [`q${B + 401}`]: String(B + 40101) }),
      run.submit,
    )
    await flowPost(
      run.flow,
      post({ ...leg(1), intent: 'next', question: String(B + 402), [`o${B + 40201}`]: '' }),
      run.submit,
    )
    // Next goes through leg 3 from its start: the copied answer is shown, then the locator question.
    let v = (await flowView(run.flow, place()))!
    expect([v.partIndex, v.question!.id, v.state]).toEqual([3, B + 401, { [`q${B + 401}`]: [String(B + 40102)] }])
    await flowPost(
      run.flow,
      post({ ...leg(2), intent: 'next', question: String(B + 401), [`q${B + 401}`]: String(B + 40102) }),
      run.submit,
    )
    v = (await flowView(run.flow, place()))!
    expect([v.partIndex, v.question!.id, v.isLast, v.canComplete]).toEqual([3, B + 402, true, true])
    expect(
      await flowPost(
        run.flow,
        post({ ...leg(2), intent: 'complete', question: String(B + 402), [`o${B + 40201}`]: '' }),
        run.submit,
      ),
    ).toEqual({ kind: 'completed' })

    const rows = await db.select().from(answers).where(eq(answers.tripId, tripId))
    expect(rows.filter((r) => r.legId === legIds[2]).map((r) => r.answOptId)).toEqual([B + 40102])
    expect(rows.filter((r) => r.legId === legIds[0]).map((r) => r.answOptId)).toEqual([B + 40102, B + 40201])
    const [t] = await db.select().from(trips).where(eq(trips.id, tripId))
    expect([t.qtnAnswered, t.allQuestionsAnswered, t.confirmationStatus]).toEqual([true, true, true])
    const done = await db
      .select()
      .from(questionnaireCompletions)
      .where(
        and(eq(questionnaireCompletions.userId, ctx.user.id), eq(questionnaireCompletions.questionnaireId, B + 400)),
      )
    expect(done).toHaveLength(3)
  })

  test('skip: past the optional questions to the next one that needs an answer, keeping the current answer', async () => {
    const ctx = await participant(campaignId)
    const open = async () => {
      const page = await campaignPage(ctx, 'INITIAL')
      if (page.state !== 'open') throw new Error(page.state)
      return page
    }
    const base = { qtn: String(B + 100), scope: 'campaign' }
    let page = await open()
    expect((await flowView(page.flow, place()))!.canSkip).toBe(true)
    // The mandatory question still needs its answer.
    expect(
      await flowPost(page.flow, post({ ...base, intent: 'skip', question: String(B + 101) }), page.submit),
    ).toEqual({ kind: 'show', part: 0, error: { reason: 'mandatory', questionId: B + 101 } })
    // Its answer opens the filter question (mandatory): the skip stops there, the answer is kept.
    await flowPost(
      page.flow,
      post({ ...base, intent: 'skip', question: String(B + 101), [`q${B + 101}`]: String(B + 10101) }),
      page.submit,
    )
    page = await open()
    let view = (await flowView(page.flow, place()))!
    expect([view.question!.id, view.position, view.canSkip]).toEqual([B + 111, 1, true])
    // From there past the optional date and text to the end: Complete, nothing else to skip.
    expect(
      await flowPost(
        page.flow,
        post({ ...base, intent: 'skip', question: String(B + 111), [`o${B + 11101}`]: '3' }),
        page.submit,
      ),
    ).toEqual({ kind: 'show', part: 0 })
    view = (await flowView(page.flow, place()))!
    expect([view.question!.id, view.isLast, view.canComplete, view.canSkip]).toEqual([B + 104, true, true, false])
    expect(
      await flowPost(page.flow, post({ ...base, intent: 'complete', question: String(B + 104) }), page.submit),
    ).toEqual({ kind: 'completed' })
    const rows = await db.select().from(answers).where(eq(answers.userId, ctx.user.id))
    expect(rows.map((r) => r.answOptId)).toEqual([B + 10101, B + 11101])
  })

  test('skip in a way: on to the next part, the copy prompt where Next asks it, then the part the copy left open', async () => {
    const ctx = await participant(campaignId)
    const { tripId, legIds } = await way(ctx, ['BICYCLE', 'WALK', 'BICYCLE'])
    const run = await tripRun(ctx, tripId)
    const trip = { qtn: String(B + 300), scope: `trip:${tripId}` }
    const leg = (i: number) => ({ qtn: String(B + 400), scope: `leg:${legIds[i]}` })
    const skip = (to: Record<string, string>, fields: Record<string, string>) =>
      flowPost(run.flow, post({ ...to, intent: 'skip', ...fields }), run.submit)
    expect(await skip(trip, { question: String(B + 301), [`q${B + 301}`]: String(B + 30102) })).toEqual({
      kind: 'show',
      part: 1,
    })
    // Leg 1: past the optional place question; leg 3 has the same mode → the prompt.
    expect(await skip(leg(0), { question: String(B + 401), [`q${B + 401}`]: String(B + 40102) })).toEqual({
      kind: 'show',
      part: 1,
      prompt: true,
    })
    expect(await flowPost(run.flow, post({ ...leg(0), intent: 'copy-yes' }), run.submit)).toEqual({
      kind: 'show',
      part: 2,
    })
    // Leg 2: on to leg 3, at the place question the copy did not fill.
    expect(await skip(leg(1), { question: String(B + 401), [`q${B + 401}`]: String(B + 40101) })).toEqual({
      kind: 'show',
      part: 3,
    })
    const v = (await flowView(run.flow, place()))!
    expect([v.partIndex, v.question!.id, v.isLast, v.canComplete]).toEqual([3, B + 402, true, true])
    expect(
      await flowPost(run.flow, post({ ...leg(2), intent: 'complete', question: String(B + 402) }), run.submit),
    ).toEqual({ kind: 'completed' })
    const rows = await db.select().from(answers).where(eq(answers.tripId, tripId))
    expect(rows.filter((r) => r.legId === legIds[1]).map((r) => r.answOptId)).toEqual([B + 40101])
  })

  test('a question with more options than its type expects is shown as an error and does not block', async () => {
    const base = 9_200_000
    const id = await importCampaign(db, campaignFile(base, { initialFrom: -1, initialUntil: 3, finalFrom: -1 }), {
      timeZone: TZ,
    })
    const [row] = await db
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.id, base + 100))
    const def = structuredClone(row.definition) as { section: { questions: { type: string }[] } }
    def.section.questions[0].type = 'INT_NO_INPUT' // two answer options: not the shape of a number question
    await db
      .update(questionnaires)
      .set({ definition: def })
      .where(eq(questionnaires.id, base + 100))
    const ctx = await participant(id)
    const page = await campaignPage(ctx, 'INITIAL')
    if (page.state !== 'open') throw new Error(page.state)
    const view = (await flowView(page.flow, place()))!
    expect([view.question!.id, view.question!.shapeProblem]).toEqual([base + 101, true])
    expect(
      await flowPost(
        page.flow,
        post({ qtn: String(base + 100), scope: 'campaign', intent: 'next', question: String(base + 101) }),
        page.submit,
      ),
    ).toEqual({ kind: 'show', part: 0 })
  })

  test('a failed send keeps the drafts', async () => {
    const ctx = await participant(campaignId)
    const { tripId } = await way(ctx, ['CAR'])
    const run = await tripRun(ctx, tripId)
    const trip = { qtn: String(B + 300), scope: `trip:${tripId}` }
    await flowPost(
      run.flow,
      post({ ...trip, intent: 'next', question: String(B + 301), [`q${B + 301}`]: String(B + 30101) }),
      run.submit,
    )
    await flowPost(
      run.flow,
      post({
        qtn: String(B + 400),
        scope: run.flow.parts[1].scope,
        intent: 'next',
        question: String(B + 401),
        [`q${B + 401}`]: String(B + 40101),
      }),
      run.submit,
    )
    // The way gets reported meanwhile (another tab): the send fails, the answers stay as drafts.
    await db.update(trips).set({ fdbkAvail: true }).where(eq(trips.id, tripId))
    const outcome = await flowPost(
      run.flow,
      post({ qtn: String(B + 400), scope: run.flow.parts[1].scope, intent: 'complete', question: String(B + 402) }),
      run.submit,
    )
    expect(outcome.kind).toBe('failed')
    const again = await tripRun(ctx, tripId)
    expect([...again.flow.drafts.values()].map((d) => d.resps)).toEqual([[a(B + 30101)], [a(B + 40101)]])
  })
})
