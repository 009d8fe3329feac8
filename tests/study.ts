// A small study for the hardening tests (permissions, fuzzing, several processes, crash safety): two campaigns
// with every questionnaire type, and participants with ways in every state, legs, places, answers, drafts and a
// report. Participant A's visible texts carry a marker, so a test can tell when any of it leaks to someone else.
import { eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/connect.server'
import { legs, pois } from '~/db/schema'
import { addDays, dayInZone } from '~/domain/time'
import type { AuthedContext } from '~/services/core.server'
import { createUser, importCampaign, importTrips } from '~/services/import.server'
import { questionnaireService } from '~/services/questionnaire.server'
import { tripService } from '~/services/trip.server'
import type { CampaignFileInput } from '~/services/schemas/campaign-file'
import { asSessionUser, serviceContext } from './db'
import type { Database } from '~/db/connect.server'

export const TZ = 'Europe/Berlin'
export const PASSWORD = 'secret123'

const t2 = (s: string) => ({ de_DE: s, en_US: s })

/** Ids of one campaign file; `base` keeps the ids of several campaigns apart. */
export function campaignIds(base: number) {
  return {
    purposes: [base + 1, base + 2],
    reasons: [base + 1, base + 2],
    initial: base + 100,
    initialOpt: base + 10101,
    final: base + 200,
    finalOpt: base + 20101,
    tripQ: base + 300,
    tripOpt: base + 30101,
    legQ: base + 400,
    legOpt: base + 40101,
  }
}
type CampaignIds = ReturnType<typeof campaignIds>

export function campaignFile(base: number, today: string, opts: { open?: boolean } = {}): CampaignFileInput {
  const id = campaignIds(base)
  const text = (qid: number, optId: number, mandatory = false) => ({
    id: qid,
    type: 'TEXT' as const,
    mandatory,
    introTxt: t2('Why?'),
    subQuestions: [{ id: qid * 10 + 1, answOpts: [{ id: optId }] }],
  })
  return {
    name: `Study ${base}`,
    startDate: addDays(today, -40),
    endDate: addDays(today, 40),
    participationAutomaticallyAllowed: opts.open ?? true,
    tripPurposes: [
      { id: id.purposes[0]!, name: t2('Work') },
      { id: id.purposes[1]!, name: t2('Home') },
    ],
    trpFdbkReasons: [
      { id: id.reasons[0]!, name: t2('Wrong') },
      { id: id.reasons[1]!, name: t2('Never made') },
    ],
    questionnaires: [
      {
        id: id.initial,
        type: 'INITIAL',
        mandatory: false,
        section: { id: id.initial, questions: [text(base + 101, id.initialOpt)] },
      },
      { id: id.final, type: 'FINAL', section: { id: id.final, questions: [text(base + 201, id.finalOpt)] } },
      { id: id.tripQ, type: 'TRIP_BASED', section: { id: id.tripQ, questions: [text(base + 301, id.tripOpt)] } },
      { id: id.legQ, type: 'LEG_BASED', section: { id: id.legQ, questions: [text(base + 401, id.legOpt)] } },
    ],
  }
}

export interface Participant {
  userId: number
  email: string
  campaignId: number
  q: CampaignIds
  ctx: AuthedContext
  /** Ways by state. */
  trips: { open: number; modes: number; confirmed: number; manual: number; reported: number; answered: number }
  /** Legs: of the open way (first, last), the confirmed way (first), the manual way. */
  legs: { openFirst: number; openLast: number; confirmedFirst: number; manual: number; answered: number }
  pois: number[]
  marker: string
  /** A day without ways in the review window. */
  freeDay: string
}

export interface Study {
  now: Date
  today: string
  a: Participant
  b: Participant
  c: Participant
}

/** The ways of one participant, `marker` in every name; the days are spread so each way has a day of its own. */
function waysFile(marker: string, today: string, purposes: number[], reason: number, offset: number) {
  const at = (d: number, hm: string) => `${addDays(today, -d - offset)} ${hm}`
  const leg = (d: number, from: string, to: string, mode: string, extra: Record<string, unknown> = {}) => ({
    startTime: at(d, from),
    endTime: at(d, to),
    tfcModes: [mode],
    geom: [
      { lat: 52.5 + d / 1000, lon: 13.4 },
      { lat: 52.51 + d / 1000, lon: 13.41 },
    ],
    ...extra,
  })
  const done = { validationStatus: true, qtnsAnswered: false, tripPurposes: [purposes[0]] }
  return [
    {
      name: `${marker} open`,
      legs: [
        leg(3, '08:00', '08:10', 'WALK'),
        leg(3, '08:11', '08:30', 'PUBLIC_TRANSPORT_BUS'),
        leg(3, '08:31', '08:40', 'WALK'),
      ],
    },
    { name: `${marker} modes`, legs: [leg(4, '09:00', '09:20', 'CAR', { tripPurposes: [purposes[1]] })] },
    {
      name: `${marker} confirmed`,
      validationStatus: true,
      confirmationStatus: true,
      qtnAnswered: false,
      allQuestionsAnswered: false,
      legs: [leg(5, '10:00', '10:20', 'PUBLIC_TRANSPORT_BUS', done), leg(5, '10:21', '10:30', 'WALK', done)],
    },
    {
      name: `${marker} manual`,
      creationType: 'CREATED_MANUALLY',
      legs: [leg(6, '11:00', '11:30', 'BICYCLE', { tripPurposes: [purposes[0]] })],
    },
    {
      name: `${marker} reported`,
      fdbkAvail: true,
      trpFdbkReasonIds: [reason],
      fdbkRemark: `${marker} remark`,
      legs: [leg(7, '12:00', '12:30', 'CAR')],
    },
    {
      name: `${marker} answered`,
      validationStatus: true,
      confirmationStatus: true,
      qtnAnswered: false,
      allQuestionsAnswered: false,
      legs: [leg(8, '13:00', '13:20', 'PUBLIC_TRANSPORT_TRAIN', done)],
    },
  ]
}

async function participant(
  database: Database,
  s: { email: string; campaignId: number; q: CampaignIds; marker: string; today: string; now: Date; offset: number },
): Promise<Participant> {
  const db = database.db
  const u = await createUser(db, {
    email: s.email,
    password: PASSWORD,
    verified: true,
    campaignId: s.campaignId,
    firstName: s.marker,
    // Joined when the study began: every day of the ways below is one of their study days.
    joinedAt: new Date(s.now.getTime() - 40 * 86_400_000),
  })
  const { tripIds } = await importTrips(
    db,
    { email: s.email, trips: waysFile(s.marker, s.today, s.q.purposes, s.q.reasons[0]!, s.offset) },
    { timeZone: TZ },
  )
  const [open, modes, confirmed, manual, reported, answered] = tripIds as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const legsOf = async (tripId: number) =>
    (await db.select({ id: legs.id }).from(legs).where(eq(legs.tripId, tripId)).orderBy(legs.idx)).map((l) => l.id)
  const openLegs = await legsOf(open)
  const ctx = serviceContext(database, {
    user: asSessionUser({ id: u.id, email: u.email, campaignId: s.campaignId }),
    now: s.now,
  })
  const poiRows = await db
    .insert(pois)
    .values([
      {
        userId: u.id,
        name: `${s.marker} home`,
        lat: 52.52,
        lon: 13.4,
        desc: `${s.marker} street 1`,
        verificationStatus: true,
      },
      { userId: u.id, name: `${s.marker} gym`, lat: 52.53, lon: 13.41, verificationStatus: null },
    ])
    .returning({ id: pois.id })
  return {
    userId: u.id,
    email: u.email,
    campaignId: s.campaignId,
    q: s.q,
    ctx,
    trips: { open, modes, confirmed, manual, reported, answered },
    legs: {
      openFirst: openLegs[0]!,
      openLast: openLegs.at(-1)!,
      confirmedFirst: (await legsOf(confirmed))[0]!,
      manual: (await legsOf(manual))[0]!,
      answered: (await legsOf(answered))[0]!,
    },
    pois: poiRows.map((r) => r.id),
    marker: s.marker,
    freeDay: addDays(s.today, -20 - s.offset),
  }
}

/** Answers, drafts and a no-trip day: the rows the permission test must see unchanged. */
async function activity(p: Participant) {
  const { ctx, q, marker } = p
  await questionnaireService.setAnsweredCampaignQuestionnaire(ctx, {
    id: q.initial,
    resps: [{ answOptId: q.initialOpt, text: `${marker} initial` }],
  })
  await questionnaireService.setAnsweredTripQuestionnaire(ctx, {
    id: q.tripQ,
    trpId: p.trips.answered,
    resps: [{ answOptId: q.tripOpt, text: `${marker} trip answer` }],
  })
  await questionnaireService.saveDraft(ctx, {
    id: q.tripQ,
    scope: `trip:${p.trips.confirmed}`,
    resps: [{ answOptId: q.tripOpt, text: `${marker} draft` }],
    seenQuestionIds: [],
    position: 0,
  })
  await questionnaireService.saveDraft(ctx, {
    id: q.legQ,
    scope: `leg:${p.legs.confirmedFirst}`,
    resps: [{ answOptId: q.legOpt, text: `${marker} leg draft` }],
    seenQuestionIds: [],
    position: 0,
  })
  await tripService.setZeroTripDay(ctx, { day: p.freeDay })
}

let studies = 0

/** Seeds campaigns X (A and B) and Y (C, closed for joining) and the three participants with their data. */
export async function seedStudy(database: Database, opts: { now?: Date; base?: number } = {}): Promise<Study> {
  const now = opts.now ?? new Date()
  const today = dayInZone(now, TZ)
  const n = studies++
  const base = opts.base ?? 7_000_000 + n * 100_000 + (process.pid % 1000) * 1000
  const x = await importCampaign(database.db, campaignFile(base, today), { timeZone: TZ })
  const y = await importCampaign(database.db, campaignFile(base + 50_000, today, { open: false }), { timeZone: TZ })
  const tag = `${process.pid}-${n}-${Date.now().toString(36)}`
  const common = { today, now }
  const a = await participant(database, {
    ...common,
    email: `a-${tag}@example.org`,
    campaignId: x,
    q: campaignIds(base),
    marker: 'A-SECRET',
    offset: 0,
  })
  const b = await participant(database, {
    ...common,
    email: `b-${tag}@example.org`,
    campaignId: x,
    q: campaignIds(base),
    marker: 'B-OWN',
    offset: 0,
  })
  const c = await participant(database, {
    ...common,
    email: `c-${tag}@example.org`,
    campaignId: y,
    q: campaignIds(base + 50_000),
    marker: 'C-SECRET',
    offset: 0,
  })
  for (const p of [a, b, c]) await activity(p)
  return { now, today, a, b, c }
}

// ---------------------------------------------------------------------------------------------------------------
// Database state

/** The application's tables in the current schema (the migrations' bookkeeping left out). */
export async function appTables(db: Db): Promise<string[]> {
  const r = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like '%drizzle%' order by table_name`,
  )
  return rowsOf<{ table_name: string }>(r).map((x) => x.table_name)
}

/** Row count and md5 over every row's text of each table: equal checksums, equal contents. */
export async function tableChecksums(db: Db, tables?: string[]): Promise<Record<string, string>> {
  const list = tables ?? (await appTables(db))
  const parts = list.map(
    (t) =>
      `select '${t}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum from "${t}" x`,
  )
  const r = await db.execute<{ t: string; n: number; sum: string }>(sql.raw(parts.join(' union all ')))
  return Object.fromEntries(rowsOf<{ t: string; n: number; sum: string }>(r).map((x) => [x.t, `${x.n}:${x.sum}`]))
}

export function rowsOf<T>(r: unknown): T[] {
  return (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[]
}
