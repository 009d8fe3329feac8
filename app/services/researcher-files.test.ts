// Researchers' files against a real database: files written from the documented entity descriptions import (with notes
// on what was ignored), what cannot be meant is refused with every problem at once, a dry run writes nothing, and
// the round trips: campaign export → import into an empty database → export gives the same bytes; a participant's
// ways as trip.getTrip / getTrips return them and as the data download import as a trips file and read back equal.
import fs from 'node:fs'
import path from 'node:path'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { asSessionUser, serviceContext, testDatabase } from '../../tests/db'
import { seedStudy, TZ, type Study } from '../../tests/study'
import type { Database, Db } from '~/db/connect.server'
import { campaigns, faqs, questionnaires, textModules, trips } from '~/db/schema'
import type { AuthedContext } from './core.server'
import { campaignFileText } from './export-campaign.server'
import { exportOwnData } from './export/own-data.server'
import { createUser, ImportError, importCampaignFile, importTrips } from './import.server'
import { tripService } from './trip.server'

const examples = path.resolve(import.meta.dirname, '../../docs/examples')
const example = () =>
  JSON.parse(fs.readFileSync(path.join(examples, 'campaign.json'), 'utf8')) as Record<string, unknown> & {
    questionnaires: Record<string, unknown>[]
  }

let database: Database
let db: Db
beforeAll(async () => {
  database = await testDatabase()
  db = database.db
})
afterAll(() => database.close())

const n = async (table: typeof campaigns | typeof trips) => (await db.select({ n: count() }).from(table))[0].n
async function rejected(fn: () => Promise<unknown>): Promise<ImportError> {
  const before = [await n(campaigns), await n(trips)]
  const err = await fn().then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(ImportError)
  expect([await n(campaigns), await n(trips)]).toEqual(before)
  return err as ImportError
}

/** A campaign in the entity descriptions' words: ids and summaries it may carry, HH:mm:ss, an FAQ item without locale … */
function specCampaign(base: number) {
  return {
    id: 4711,
    name: { de_DE: 'Spezifikationsstudie', en_US: 'Spec study' },
    description: 'Aus den Entitäten der Spezifikation geschrieben',
    startDate: '2026-05-04',
    startTime: '08:00:00',
    endDate: '2026-05-31 23:59:00',
    endTime: '23:59',
    contactByEmail: 'mailto:studie@example.org',
    participationAutomaticallyAllowed: 'true',
    initialQtnSummary: { availFrom: '2026-05-04 08:00', available: 'until', answered: false, mandatory: true },
    finalQtnSummary: null,
    tripPurposes: [{ id: base + 1, name: 'Arbeit' }],
    trpFdbkReasons: [{ id: base + 2, name: { de_DE: 'Falsch', en_US: 'Wrong' } }],
    faqs: [
      { question: { de_DE: 'Frage?', en_US: 'Question?' }, answ: '<p>Antwort / answer</p>' },
      { locale: 'en_US', question: 'Only English?', answ: 'Yes' },
    ],
    textModules: [{ txtModuleConstant: 'IMPRINT', text: '<p>Impressum</p>' }],
    questionnaires: [
      {
        id: base + 10,
        type: 'TRIP_BASED',
        // Every mode restricts nothing: accepted for a trip questionnaire.
        tfcModes: [
          'AIRPLANE',
          'BICYCLE',
          'CAR',
          'MOTORBIKE',
          'PUBLIC_TRANSPORT_BUS',
          'PUBLIC_TRANSPORT_CHANGE',
          'PUBLIC_TRANSPORT_TRAIN',
          'SHIP',
          'STATIONARY',
          'UNKNOWN',
          'WALK',
          'E_SCOOTER',
        ],
        availFrom: '2026-05-04 08:00:00',
        available: 'from',
        answered: false,
        creationTime: '2026-04-01T10:00:00+02:00',
        section: {
          id: base + 10,
          questions: [
            {
              id: base + 11,
              type: 'MULTIPLE_NUM_SLIDER',
              introTxt: 'Wie zufrieden waren Sie?',
              // One sub-question per slider, as the entity descriptions read.
              subQuestions: [
                { id: base + 12, introTxt: 'Pünktlichkeit', answOpts: [{ id: base + 13 }] },
                { id: base + 14, introTxt: 'Komfort', answOpts: [{ id: base + 15 }] },
              ],
            },
          ],
        },
      },
    ],
  }
}

describe('a campaign file written from the entity descriptions', () => {
  test('imports, with notes on what was ignored or read differently', async () => {
    const { id, notes } = await importCampaignFile(db, specCampaign(910_000), { timeZone: TZ })
    const [c] = await db.select().from(campaigns).where(eq(campaigns.id, id))
    expect(c).toMatchObject({
      name: 'Spezifikationsstudie',
      desc: 'Aus den Entitäten der Spezifikation geschrieben',
      contactByEmail: 'studie@example.org',
    })
    expect(c.startAt.toISOString()).toBe('2026-05-04T06:00:00.000Z')
    expect(c.endAt.toISOString()).toBe('2026-05-31T21:59:00.000Z')
    // The FAQ item without locale is one per language, each in its language; the English-only one stays English.
    const faqRows = await db.select().from(faqs).where(eq(faqs.campaignId, id)).orderBy(faqs.sortIdx)
    expect(faqRows.map((f) => [f.locale, f.question])).toEqual([
      ['de_DE', 'Frage?'],
      ['en_US', 'Question?'],
      ['en_US', 'Only English?'],
    ])
    const modules = await db.select().from(textModules).where(eq(textModules.campaignId, id))
    expect(modules.map((m) => m.locale).sort()).toEqual(['de_DE', 'en_US'])
    const [q] = await db.select().from(questionnaires).where(eq(questionnaires.campaignId, id))
    expect(q.tfcModes).toEqual([])
    const def = q.definition as {
      section: { questions: { subQuestions: { id: number; answOpts: { id: number; introTxt?: string }[] }[] }[] }
    }
    expect(def.section.questions[0].subQuestions).toHaveLength(1)
    expect(def.section.questions[0].subQuestions[0].answOpts.map((o) => [o.id, o.introTxt])).toEqual([
      [910_013, 'Pünktlichkeit'],
      [910_015, 'Komfort'],
    ])
    expect(notes.join('\n')).toMatch(
      /ignored read-only fields: id \(1×\), initialQtnSummary \(1×\), finalQtnSummary \(1×\), questionnaires\[\]\.available \(1×\), questionnaires\[\]\.answered \(1×\)/,
    )
    expect(notes.join('\n')).toMatch(/faqs: 1 without locale/)
    expect(notes.join('\n')).toMatch(/1 multi-field question/)
  })

  test('what cannot be meant is refused: every problem at once, nothing written', async () => {
    const file = specCampaign(920_000) as Record<string, unknown> & ReturnType<typeof specCampaign>
    file.contactByEmail = 'call us'
    file.questionnaires[0].tfcModes = ['CAR']
    ;(file.questionnaires[0].section.questions[0] as Record<string, unknown>).type = 'SLIDER'
    ;(file as Record<string, unknown>).startTime = '8 Uhr'
    const err = await rejected(() => importCampaignFile(db, file, { timeZone: TZ }))
    expect(err.problems.map((p) => p.path)).toEqual([
      'startTime',
      'contactByEmail',
      'questionnaires[0].section.questions[0].type',
    ])
    expect(err.problems.map((p) => p.at)).toContainEqual(['questionnaires', 0, 'section', 'questions', 0, 'type'])

    // Checks across fields report together with the others.
    const second = specCampaign(930_000)
    second.questionnaires[0].tfcModes = ['CAR']
    second.contactByEmail = 'not an address'
    second.tripPurposes.push({ id: 930_001, name: 'Doppelt' })
    const err2 = await rejected(() => importCampaignFile(db, second, { timeZone: TZ }))
    expect(err2.message.split('\n')).toEqual([
      'contactByEmail: not an e-mail address',
      'questionnaires[0].tfcModes: a TRIP_BASED questionnaire applies whatever the modes; only a LEG_BASED questionnaire can be limited to some modes (leave tfcModes out, or make it LEG_BASED)',
      'tripPurposes[1].id: trip purpose id 930001 is used twice (first at tripPurposes[0].id)',
    ])
  })

  test('ids another campaign uses are all reported; a dry run checks them and writes nothing', async () => {
    const before = await n(campaigns)
    const { notes } = await importCampaignFile(db, specCampaign(940_000), { timeZone: TZ, dryRun: true })
    expect(notes.length).toBeGreaterThan(0)
    expect(await n(campaigns)).toBe(before)
    const err = await rejected(() => importCampaignFile(db, specCampaign(910_000), { timeZone: TZ, dryRun: true }))
    expect(err.problems.map((p) => p.path)).toEqual([
      'tripPurposes[0].id',
      'trpFdbkReasons[0].id',
      'questionnaires[0].id',
      'questionnaires[0].section.questions[0].id',
      'questionnaires[0].section.questions[0].subQuestions[0].answOpts[0].id',
      'questionnaires[0].section.questions[0].subQuestions[0].answOpts[1].id',
    ])
  })
})

describe('campaign round trip', () => {
  test('export → import into an empty database → export gives the same bytes', async () => {
    const id = (await importCampaignFile(db, example(), { timeZone: TZ })).id
    const first = await campaignFileText(db, id, TZ)
    const empty = await testDatabase()
    try {
      const again = await importCampaignFile(empty.db, JSON.parse(first), { timeZone: TZ })
      expect(again.notes).toEqual([])
      expect(await campaignFileText(empty.db, again.id, TZ)).toBe(first)
    } finally {
      await empty.close()
    }
  })
})

describe('trips round trips', () => {
  let study: Study
  const clean = (trp: Record<string, unknown>) => {
    const {
      id: _id,
      version: _v,
      legs,
      ...rest
    } = trp as { id: number; version: number; legs: Record<string, unknown>[] }
    return { ...rest, legs: legs.map(({ id: _lid, ...leg }) => leg) }
  }
  async function newParticipant(tag: string): Promise<AuthedContext> {
    const email = `${tag}-${Date.now()}@example.org`
    const u = await createUser(db, { email, password: 'secret123', campaignId: study.a.campaignId })
    return serviceContext(database, {
      user: asSessionUser({ id: u.id, email, campaignId: study.a.campaignId }),
      now: study.now,
    })
  }
  beforeAll(async () => {
    study = await seedStudy(database)
  }, 120_000)

  test("trip.getTrips' and trip.getTrip's answers import and read back equal", async () => {
    const all = (await tripService.getTrips(study.a.ctx, { fetchNext: 100 })) as unknown as {
      trps: Record<string, unknown>[]
    }
    expect(all.trps.length).toBeGreaterThan(3)
    const ctx = await newParticipant('getTrips')
    const result = await importTrips(
      db,
      { email: ctx.user.email, trips: JSON.parse(JSON.stringify(all)) },
      { timeZone: TZ },
    )
    expect(result.notes.join('\n')).toMatch(/read as getTrips/)
    expect(result.notes.join('\n')).toMatch(/ignored read-only fields: .*distance/)
    const back = (await tripService.getTrips(ctx, { fetchNext: 100 })) as unknown as { trps: Record<string, unknown>[] }
    expect(back.trps.map(clean)).toEqual(all.trps.map(clean))

    // One way as getTrip answers it, wrapped as the HTTP API returns it.
    const one = await tripService.getTrip(study.a.ctx, { id: study.a.trips.confirmed })
    const single = await newParticipant('getTrip')
    await importTrips(
      db,
      { email: single.user.email, trips: JSON.parse(JSON.stringify({ return: one })) },
      { timeZone: TZ },
    )
    const [only] = ((await tripService.getTrips(single, { fetchNext: 10 })) as unknown as { trps: { id: number }[] })
      .trps
    expect(clean((await tripService.getTrip(single, { id: only.id })).trp as never)).toEqual(clean(one.trp as never))
  })

  test("the data download's ways import and read back equal", async () => {
    const mine = await exportOwnData(study.a.ctx)
    const ctx = await newParticipant('download')
    const result = await importTrips(
      db,
      { email: ctx.user.email, trips: JSON.parse(JSON.stringify(mine)) },
      { timeZone: TZ },
    )
    expect(result.tripIds).toHaveLength(mine.ways.length)
    const theirs = await exportOwnData(ctx)
    // Ids differ by design: the way's own, its legs', and the recorded ways it came from (itself, as recorded).
    const strip = (w: Record<string, unknown>) => {
      const {
        trip_id: _t,
        origin_ids: _o,
        legs,
        ...rest
      } = w as { trip_id: number; origin_ids: unknown; legs: Record<string, unknown>[] }
      return { ...rest, legs: legs.map(({ leg_id: _l, ...leg }) => leg) }
    }
    expect(theirs.ways.map(strip)).toEqual(mine.ways.map(strip))
  })

  test('a dry run of a trips file checks everything and writes nothing', async () => {
    const ctx = await newParticipant('dry')
    const before = await n(trips)
    const file = [{ legs: [{ startTime: '2026-05-05 07:12', endTime: '2026-05-05 07:30', tfcModes: ['WALK'] }] }]
    const result = await importTrips(db, { email: ctx.user.email, trips: file }, { timeZone: TZ, dryRun: true })
    expect(result.tripIds).toHaveLength(1)
    expect(await n(trips)).toBe(before)
    // The database's checks run too: an unknown purpose is refused in a dry run as well.
    await rejected(() =>
      importTrips(
        db,
        { email: ctx.user.email, trips: [{ legs: [{ ...file[0].legs[0], tripPurposes: [424242] }] }] },
        { timeZone: TZ, dryRun: true },
      ),
    )
  })

  test('a trip without questionnaire flags counts as not answered', async () => {
    const ctx = await newParticipant('flags')
    await importTrips(
      db,
      {
        email: ctx.user.email,
        trips: [
          { legs: [{ startTime: '2026-05-05 07:12:30', endTime: '2026-05-05T07:30:00+02:00', tfcModes: ['WALK'] }] },
        ],
      },
      { timeZone: TZ },
    )
    const [row] = await db.select().from(trips).where(eq(trips.userId, ctx.user.id))
    expect(row).toMatchObject({ qtnAnswered: false, allQuestionsAnswered: false })
    expect(row.startTime.toISOString()).toBe('2026-05-05T05:12:30.000Z')
    expect(row.endTime.toISOString()).toBe('2026-05-05T05:30:00.000Z')
  })

  test('a trips file with several problems reports them all, with the paths of the file as written', async () => {
    const ctx = await newParticipant('problems')
    const err = await rejected(() =>
      importTrips(db, {
        email: ctx.user.email,
        trips: {
          trps: [
            { legs: [{ startTime: '2026-05-05 7:12', endTime: '2026-05-05 07:30', tfcModes: ['HOVERCRAFT'] }] },
            { legs: [{ startTime: '2026-05-05 08:00', endTime: '2026-05-05 08:30', tripPurposes: [123456789] }] },
          ],
        },
      }),
    )
    expect(err.problems.map((p) => p.path)).toEqual(['trps[0].legs[0].startTime', 'trps[0].legs[0].tfcModes[0]'])
  })
})
