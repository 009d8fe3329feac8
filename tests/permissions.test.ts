// The permission matrix of the service layer: for every registered service method (iterated from
// app/services/registry.server.ts, so a new method fails here until it is classified below), participant B calls it
// with the ids of participant A (same campaign) and of participant C (another campaign, closed for joining):
// the answer is an ownership error constant, never data, and not one row of the database changes. A positive control
// runs the same params as their owner (in a transaction rolled back afterwards): the call gets past the ownership
// check, so the refusal above really was the permission check and not a malformed request.
// Finally every method called by B with B's own ids (or none) returns nothing of A's or C's.
import { TransactionRollbackError } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import type { Database, Db } from '~/db/connect.server'
import { addDays } from '~/domain/time'
import { ServiceError, type AuthedContext, type AnyMethod } from '~/services/core.server'
import { services } from '~/services/registry.server'
import { testDatabase } from './db'
import { seedStudy, tableChecksums, type Participant, type Study } from './study'

/** Constants that say "not yours" (or "not for you"). */
const OWNERSHIP = [
  'TRIP_NOT_FOUND',
  'LEG_NOT_FOUND',
  'POI_NOT_FOUND',
  'QUESTIONNAIRE_NOT_FOUND',
  'CAMPAIGN_NOT_FOUND',
  'NOT_AUTHORIZED',
]

/** Builds params from the ids of `o` (the owner) for the caller `me`; null: does not apply to this pair. */
type Build = (o: Participant, me: Participant) => Record<string, unknown> | null
const sameCampaign = (o: Participant, me: Participant) => o.campaignId === me.campaignId
const point = { lat: 52.5, lon: 13.4 }
const manualLeg = (me: Participant, day: string) => ({
  startTime: `${day} 07:00`,
  endTime: `${day} 07:30`,
  tfcModes: ['WALK'],
  tripPurposes: [me.q.purposes[0]],
})
let study: Study

/** Every method that takes the id of something a participant owns (or of a campaign they are not in). */
const WITH_IDS: Record<string, Build[]> = {
  'user.updatePoi': [
    (o) => ({ poi: { id: o.pois[0], name: 'mine now', lat: 1, lon: 1 } }),
    (o) => ({ poi: { id: o.pois[1], name: 'x' } }),
  ],
  'user.deletePoi': [(o) => ({ id: o.pois[0] })],
  'campaign.setCampaignParticipation': [
    (o, me) => (sameCampaign(o, me) ? null : { id: o.campaignId, participation: false }),
    (o, me) => (sameCampaign(o, me) ? null : { id: o.campaignId, participation: true }),
  ],
  'trip.getTrip': [(o) => ({ id: o.trips.open }), (o) => ({ id: o.trips.reported }), (o) => ({ id: o.trips.manual })],
  'trip.setTripFeedback': [(o, me) => ({ id: o.trips.open, trpFdbkReasonIds: [me.q.reasons[0]] })],
  'trip.deleteTripFeedback': [(o) => ({ id: o.trips.reported })],
  'trip.deleteTrips': [(o) => ({ trpIds: [o.trips.open] }), (o, me) => ({ trpIds: [me.trips.modes, o.trips.open] })],
  'trip.updateLeg': [
    (o, me) => ({ leg: { id: o.legs.openFirst, tripPurposes: [me.q.purposes[0]] } }),
    (o) => ({ leg: { id: o.legs.openFirst, validationStatus: true } }),
    (o) => ({ leg: { id: o.legs.openLast, applyGeom: true, geom: [point, { lat: 52.6, lon: 13.5 }] } }),
  ],
  'trip.deleteLegs': [(o) => ({ ids: [o.legs.openFirst] }), (o, me) => ({ ids: [me.legs.openLast, o.legs.openLast] })],
  'trip.getClosestPointToTrip': [(o) => ({ id: o.trips.open, point })],
  'trip.getClosestPointToLeg': [(o) => ({ id: o.legs.openFirst, point })],
  'trip.setTripPurposes': [(o, me) => ({ id: o.trips.open, purposeIds: [me.q.purposes[0]] })],
  'trip.confirmTrip': [(o) => ({ id: o.trips.modes })],
  'trip.completeTrip': [(o) => ({ id: o.trips.confirmed })],
  'trip.copyLeg': [(o) => ({ id: o.legs.openFirst })],
  'trip.copyTrip': [(o) => ({ id: o.trips.open })],
  'trip.splitTrip': [
    (o) => ({ id: o.trips.open, legId: o.legs.openLast }),
    (o, me) => ({ id: me.trips.open, legId: o.legs.openLast }),
  ],
  'trip.mergeTrips': [
    (o) => ({ ids: [o.trips.open, o.trips.confirmed] }),
    (o, me) => ({ ids: [me.trips.modes, o.trips.open] }),
  ],
  'trip.revertEdit': [(o) => ({ id: o.trips.open })],
  'trip.updateTrip': [
    (o, me) => ({ trp: { id: o.trips.manual, legs: [manualLeg(me, addDays(study.today, -6))] }, version: 1 }),
    (o, me) => ({
      trp: { id: me.trips.manual, legs: [{ ...manualLeg(me, addDays(study.today, -6)), id: o.legs.manual }] },
      version: 1,
    }),
  ],
  'questionnaire.getQuestionnaireByCampaignAndType': [
    (o, me) => (sameCampaign(o, me) ? null : { id: o.campaignId, type: 'TRIP_BASED' }),
  ],
  'questionnaire.getQuestionnairesByTrip': [(o) => ({ id: o.trips.confirmed })],
  'questionnaire.setAnsweredCampaignQuestionnaire': [
    (o, me) => (sameCampaign(o, me) ? null : { id: o.q.final, resps: [{ answOptId: o.q.finalOpt, text: 'x' }] }),
  ],
  'questionnaire.setAnsweredTripQuestionnaire': [
    (o) => ({ id: o.q.tripQ, trpId: o.trips.confirmed, resps: [{ answOptId: o.q.tripOpt, text: 'x' }] }),
    (o, me) => ({ id: me.q.tripQ, trpId: o.trips.confirmed, resps: [{ answOptId: me.q.tripOpt, text: 'x' }] }),
  ],
  'questionnaire.setAnsweredLegQuestionnaire': [
    (o) => ({ id: o.q.legQ, legId: o.legs.confirmedFirst, resps: [{ answOptId: o.q.legOpt, text: 'x' }] }),
    (o, me) => ({ id: me.q.legQ, legId: o.legs.confirmedFirst, resps: [{ answOptId: me.q.legOpt, text: 'x' }] }),
  ],
  'questionnaire.getDraft': [
    (o) => ({ id: o.q.tripQ, scope: `trip:${o.trips.confirmed}` }),
    (o) => ({ id: o.q.legQ, scope: `leg:${o.legs.confirmedFirst}` }),
    (o, me) => (sameCampaign(o, me) ? null : { id: o.q.initial, scope: 'campaign' }),
  ],
  'questionnaire.saveDraft': [
    (o) => ({
      id: o.q.tripQ,
      scope: `trip:${o.trips.confirmed}`,
      resps: [{ answOptId: o.q.tripOpt, text: 'overwritten' }],
    }),
    (o) => ({ id: o.q.legQ, scope: `leg:${o.legs.confirmedFirst}`, resps: [] }),
    (o, me) => (sameCampaign(o, me) ? null : { id: o.q.initial, scope: 'campaign', resps: [] }),
  ],
}

/** Every other method, with the reason it cannot reach anyone else's data through its params. */
const WITHOUT_IDS: Record<string, string> = {
  'info.getCompanies': 'public catalogue',
  'info.getObjects': 'public catalogue',
  'info.getObjectTypes': 'public catalogue',
  'info.getStatistic': 'public catalogue',
  'info.getNextMaintenancePeriod': 'public catalogue',
  'info.getErrorDescriptions': 'public catalogue',
  'info.getWarningDescriptions': 'public catalogue',
  'info.getLocales': 'public catalogue',
  'info.getTrafficModes': 'catalogue',
  'info.getTripPurposes': "the caller's campaign's catalogue",
  'info.getFaqList': "the caller's campaign's texts",
  'info.getTextModule': "the caller's campaign's texts",
  'user.login': 'an account by e-mail and password (ADR 007)',
  'user.register': 'creates an account; an existing address gets a mail, never an answer (ADR 007)',
  'user.resetRegistration': 'same answer for every address (ADR 007)',
  'user.verifyEmailAddress': 'needs the secret token of the link',
  'user.resetPassword': 'same answer for every address (ADR 007)',
  'user.setPassword': 'needs the secret token of the link',
  'user.logout': "the caller's session",
  'user.logoutEverywhere': "the caller's own sessions",
  'user.updateSessionValidity': "the caller's session",
  'user.updatePassword': "the caller's account, with its current password",
  'user.deleteProfile': "the caller's account, with its current password",
  'user.addPoi': 'creates a place of the caller',
  'user.getPois': "the caller's places",
  'user.getOwnData': 'everything stored about the caller (the leak check below proves it holds nobody else’s)',
  'campaign.getCampaignsByProject': 'a research project id: campaigns are study metadata, nobody owns them',
  'campaign.getCurrentCampaign': "the caller's campaign",
  'trip.getTrips': "the caller's ways",
  'trip.getTripFeedbackReasons': "the caller's campaign's catalogue",
  'trip.setZeroTripDay': "a day of the caller's",
  'trip.setZeroTripDays': "days of the caller's",
  'trip.deleteZeroTripDay': "a day of the caller's",
  'trip.addTrip': 'creates a way of the caller (objId is looked up among the caller’s ways only)',
  'questionnaire.getQuestionnaireTypes': 'catalogue',
  'questionnaire.getQuestionTypes': 'catalogue',
}
/** Param names that carry an id of something owned. */
const ID_PARAM = /^(id|ids|trpId|trpIds|legId|legIds|poiId|scope|tripId|userId)$/
const ALLOWED_ID_PARAMS: Record<string, string[]> = {
  'campaign.getCampaignsByProject': ['id'],
  // trp.id is always 0 ("new"); leg ids sent with a new way are ignored.
  'trip.addTrip': ['id'],
}

const registered = Object.entries(services).flatMap(([s, svc]) =>
  Object.entries(svc).map(([m, method]) => ({ name: `${s}.${m}`, method })),
)

let database: Database
let db: Db

beforeAll(async () => {
  database = await testDatabase()
  db = database.db
  study = await seedStudy(database)
}, 120_000)
afterAll(() => database?.close())

/** Runs fn in a transaction that is always rolled back. */
async function rolledBack(fn: (tx: Db) => Promise<unknown>): Promise<{ value?: unknown; error?: unknown }> {
  let out: { value?: unknown; error?: unknown } = {}
  try {
    await db.transaction(async (tx) => {
      try {
        out = { value: await fn(tx as unknown as Db) }
      } catch (error) {
        out = { error }
      }
      tx.rollback()
    })
  } catch (e) {
    if (!(e instanceof TransactionRollbackError)) throw e
  }
  return out
}

const as = (p: Participant, tx?: Db): AuthedContext => ({ ...p.ctx, db: tx ?? db, now: () => new Date() })
const constantOf = (e: unknown) =>
  e instanceof ServiceError ? e.constant : `not a ServiceError: ${e instanceof Error ? e.stack : String(e)}`

describe('the permission matrix covers the registry', () => {
  test('every registered method is classified (takes ids of owned things, or why not)', () => {
    const unclassified = registered.map((r) => r.name).filter((n) => !(n in WITH_IDS) && !(n in WITHOUT_IDS))
    expect(
      unclassified,
      'new service methods: add them to WITH_IDS (with params built from another participant’s ids) or WITHOUT_IDS (with the reason)',
    ).toEqual([])
    const stale = [...Object.keys(WITH_IDS), ...Object.keys(WITHOUT_IDS)].filter(
      (n) => !registered.some((r) => r.name === n),
    )
    expect(stale, 'classified but no longer registered').toEqual([])
  })

  test('a method classified as taking no ids has no id-like params', () => {
    for (const { name, method } of registered) {
      if (!(name in WITHOUT_IDS)) continue
      const schema = z.toJSONSchema(method.params as z.ZodType, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, { properties?: Record<string, unknown> }>
      }
      const keys = Object.entries(schema.properties ?? {}).flatMap(([k, v]) => [k, ...Object.keys(v.properties ?? {})])
      const idKeys = keys.filter((k) => ID_PARAM.test(k) && !(ALLOWED_ID_PARAMS[name] ?? []).includes(k))
      expect(idKeys, `${name} takes ${idKeys.join(', ')}: move it to WITH_IDS`).toEqual([])
    }
  })
})

describe.each([
  ['A (same campaign)', () => study.a],
  ['C (another campaign)', () => study.c],
])('B with the ids of %s', (_label, owner) => {
  const cases = Object.entries(WITH_IDS).flatMap(([name, builds]) => builds.map((build, i) => ({ name, i, build })))

  test.each(cases)('$name #$i: refused with an ownership error, nothing changed', async ({ name, build }) => {
    const o = owner()
    const me = study.b
    const params = build(o, me)
    if (!params) return
    const method = methodOf(name)
    const before = await tableChecksums(db)
    const result = await method.invoke(as(me), params).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    )
    expect('value' in result ? JSON.stringify(result.value).slice(0, 300) : null, `${name} answered data`).toBeNull()
    expect(OWNERSHIP, `${name}(${JSON.stringify(params)})`).toContain(constantOf((result as { error: unknown }).error))
    expect(await tableChecksums(db), `${name} changed the database`).toEqual(before)
  })

  test.each(cases)('$name #$i: control, the owner gets past the ownership check', async ({ name, build }) => {
    const o = owner()
    const params = build(o, o)
    if (!params) return
    const r = await rolledBack((tx) => methodOf(name).invoke(as(o, tx), params))
    if ('error' in r) {
      const constant = constantOf(r.error)
      expect([...OWNERSHIP, 'INVALID_PARAMS'], `${name}(${JSON.stringify(params)}) as its owner`).not.toContain(
        constant,
      )
      expect(constant).not.toMatch(/^not a ServiceError/)
    }
  })
})

describe('nothing of anyone else in any answer', () => {
  test('every method called by B (with B’s own ids, or none) answers nothing of A or C', async () => {
    const me = study.b
    for (const { name, method } of registered) {
      const paramsList = name in WITH_IDS ? WITH_IDS[name]!.map((b) => b(me, me)).filter((p) => p != null) : [{}]
      for (const params of paramsList) {
        const r = await rolledBack((tx) => method.invoke(as(me, tx), params))
        const text = JSON.stringify(r.value ?? (r.error instanceof ServiceError ? r.error : String(r.error)))
        for (const other of [study.a, study.c]) {
          expect(text, `${name} answered ${other.marker} data`).not.toContain(other.marker)
          expect(text, `${name} answered ${other.marker}'s address`).not.toContain(other.email)
        }
      }
    }
  })

  test('the lists show B’s own ways, places and answers only', async () => {
    const me = as(study.b)
    const { trps } = (await services.trip!.getTrips!.invoke(me, { fetchNext: 100 })) as { trps: { id: number }[] }
    expect(trps.map((t) => t.id).sort()).toEqual(Object.values(study.b.trips).sort())
    const { pois } = (await services.user!.getPois!.invoke(me, {})) as { pois: { id: number }[] }
    expect(pois.map((p) => p.id).sort()).toEqual([...study.b.pois].sort())
  })
})

function methodOf(name: string): AnyMethod {
  const [s, m] = name.split('.') as [string, string]
  return services[s]![m]!
}
