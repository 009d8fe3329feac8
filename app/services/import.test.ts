// The researcher import and the demo seed that goes through it, against a real database.
import fs from 'node:fs'
import path from 'node:path'
import { asc, count, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testDatabase } from '../../tests/db'
import type { Database, Db } from '~/db/connect.server'
import {
  campaigns,
  faqs,
  feedbackReasons,
  legs,
  pois,
  questionnaires,
  textModules,
  tripPurposes,
  trips,
  users,
  zeroTripDays,
} from '~/db/schema'
import { QUESTION_TYPES } from '~/domain/questionnaire'
import { DEMO_LOGIN, seedDemoIfEmpty } from '~/services/seed-demo.server'
import { DANA } from '~/services/demo/profiles'
import { generateWays } from '~/services/demo/ways'
import { pathLength } from '~/domain/geometry'
import { assignCampaign, createUser, ImportError, importCampaign, importTrips } from './import.server'
import { walkQuestions, type Questionnaire } from './schemas/campaign-file'

const examples = path.resolve(import.meta.dirname, '../../docs/examples')
const readExample = (name: string) => JSON.parse(fs.readFileSync(path.join(examples, name), 'utf8'))

const TABLES = { campaigns, users, tripPurposes, feedbackReasons, faqs, textModules, questionnaires, trips, legs, pois }

/** Row count of every table the import writes: "changes nothing" means this stays equal. */
async function rowCounts(db: Db) {
  const out: Record<string, number> = {}
  for (const [name, table] of Object.entries(TABLES)) out[name] = (await db.select({ n: count() }).from(table))[0].n
  return out
}

/** Runs fn, expects an ImportError whose message starts with `prefix`, and checks nothing changed. */
async function expectRejected(db: Db, fn: () => Promise<unknown>, prefix: string) {
  const before = await rowCounts(db)
  const error = await fn().then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ImportError)
  expect((error as Error).message.startsWith(prefix), `"${(error as Error).message}" starts with "${prefix}"`).toBe(
    true,
  )
  expect(await rowCounts(db)).toEqual(before)
  return error as ImportError
}

let database: Database
let db: Db
let exampleCampaignId: number

beforeAll(async () => {
  database = await testDatabase()
  db = database.db
  exampleCampaignId = await importCampaign(db, readExample('campaign.json'), { timeZone: 'Europe/Berlin' })
})
afterAll(() => database.close())

describe('importCampaign', () => {
  test('imports the example campaign with its ids, catalogues and questionnaires', async () => {
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, exampleCampaignId))
    expect(campaign).toMatchObject({ name: 'Pendeln in Potsdam 2026', participationAutomaticallyAllowed: true })
    // startDate + startTime and an end date without a time (until 23:59), in Europe/Berlin summer time.
    expect(campaign.startAt.toISOString()).toBe('2026-05-04T06:00:00.000Z')
    expect(campaign.endAt.toISOString()).toBe('2026-05-31T21:59:00.000Z')

    const purposes = await db
      .select()
      .from(tripPurposes)
      .where(eq(tripPurposes.campaignId, exampleCampaignId))
      .orderBy(asc(tripPurposes.sortIdx))
    expect(purposes.map((p) => p.id)).toEqual([1001, 1002, 1003, 1004, 1005])
    expect(purposes[0].name).toEqual({ de_DE: 'Arbeit', en_US: 'Work' })
    expect(purposes[4].name).toEqual({ de_DE: 'Sonstiges / Other' }) // a plain string name

    const reasons = await db.select().from(feedbackReasons).where(eq(feedbackReasons.campaignId, exampleCampaignId))
    expect(reasons.map((r) => r.id).sort()).toEqual([1001, 1002, 1003])
    expect(await db.select().from(faqs).where(eq(faqs.campaignId, exampleCampaignId))).toHaveLength(2)
    expect(await db.select().from(textModules).where(eq(textModules.campaignId, exampleCampaignId))).toHaveLength(4)

    const qtns = await db
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.campaignId, exampleCampaignId))
      .orderBy(asc(questionnaires.id))
    expect(qtns.map((q) => [q.id, q.type, q.mandatory])).toEqual([
      [1100, 'INITIAL', true],
      [1200, 'FINAL', false],
      [1300, 'TRIP_BASED', false],
      [1400, 'LEG_BASED', false],
    ])
    expect(qtns[0].availFrom?.toISOString()).toBe('2026-05-04T06:00:00.000Z')
    expect(qtns[3].tfcModes).toEqual(['PUBLIC_TRANSPORT_TRAIN', 'PUBLIC_TRANSPORT_BUS'])
    // The definition is the parsed questionnaire: defaults applied, metaDataRecs values as strings.
    const leg = qtns[3].definition as unknown as Questionnaire
    expect(leg.section.questions[0].metaDataRecs).toEqual([
      { key: 'unit', val: '%' },
      { key: 'interval', val: '10' },
    ])
    expect(leg.section.questions[0].mandatory).toBe(false)
  })

  test('a bad file is rejected with the path of the first offending field, changing nothing', async () => {
    const file = readExample('campaign.json')
    file.tripPurposes[0].id = 5001 // otherwise free ids, so only the bad type can be the reason
    file.questionnaires[0].section.questions[2].type = 'YES_NO'
    const err = await expectRejected(
      db,
      () => importCampaign(db, file),
      'questionnaires[0].section.questions[2].type: Invalid option',
    )
    expect(err.path).toBe('questionnaires[0].section.questions[2].type')
  })

  test('paths reach into nested filter sections and unions', async () => {
    const file = readExample('campaign.json')
    file.questionnaires[0].section.questions[0].filter.section.questions[0].introTxt = { fr_FR: 'Combien ?' }
    await expectRejected(
      db,
      () => importCampaign(db, file),
      'questionnaires[0].section.questions[0].filter.section.questions[0].introTxt.fr_FR: unknown field',
    )
  })

  test('ids another campaign uses are rejected: catalogue rows and ids inside questionnaires', async () => {
    await expectRejected(
      db,
      () => importCampaign(db, readExample('campaign.json')),
      `tripPurposes[0].id: trip purpose id 1001 is already used by campaign ${exampleCampaignId}`,
    )

    // Fresh catalogue and questionnaire ids, but the questions and answer options of the example.
    const file = readExample('campaign.json')
    file.tripPurposes = [{ id: 7001, name: 'x' }]
    file.trpFdbkReasons = [{ id: 7001, name: 'x' }]
    file.questionnaires.forEach((q: { id: number }, i: number) => (q.id = 7100 + i))
    await expectRejected(
      db,
      () => importCampaign(db, file),
      `questionnaires[0].section.questions[0].id: question id 1101 is already used by campaign ${exampleCampaignId}`,
    )
  })

  test('answer option ids are unique within a questionnaire (and across the file)', async () => {
    const file = freshIds(readExample('campaign.json'))
    const opts = file.questionnaires[0].section.questions[1].subQuestions[0].answOpts
    opts[1].id = opts[0].id
    await expectRejected(
      db,
      () => importCampaign(db, file),
      `questionnaires[0].section.questions[1].subQuestions[0].answOpts[1].id: answer option id ${opts[0].id} is used twice`,
    )

    const across = freshIds(readExample('campaign.json'))
    across.questionnaires[1].section.questions[0].subQuestions[0].answOpts[0].id =
      across.questionnaires[0].section.questions[1].subQuestions[0].answOpts[0].id
    await expectRejected(
      db,
      () => importCampaign(db, across),
      'questionnaires[1].section.questions[0].subQuestions[0].answOpts[0].id: answer option id',
    )
  })

  test('questions follow the shape convention and filters name their own options', async () => {
    const file = freshIds(readExample('campaign.json'))
    file.questionnaires[1].section.questions[0].subQuestions[0].answOpts.push({ id: 9_999_001 })
    await expectRejected(
      db,
      () => importCampaign(db, file),
      'questionnaires[1].section.questions[0].subQuestions[0].answOpts: TEXT expects exactly one answer option, got 2',
    )

    const filter = freshIds(readExample('campaign.json'))
    filter.questionnaires[0].section.questions[0].filter.boolExpDefs[0].codes = [12345]
    await expectRejected(
      db,
      () => importCampaign(db, filter),
      'questionnaires[0].section.questions[0].filter.boolExpDefs[0].codes[0]: filter code 12345',
    )
  })

  test('feedback reasons may be called trpFdbkReasons or feedbackReasons', async () => {
    const file = freshIds(readExample('campaign.json'))
    file.feedbackReasons = file.trpFdbkReasons
    delete file.trpFdbkReasons
    const id = await importCampaign(db, file)
    expect(await db.select().from(feedbackReasons).where(eq(feedbackReasons.campaignId, id))).toHaveLength(3)
  })
})

/** The example with every kept id moved by an offset, so it can be imported again. */
let offset = 0
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the example file, parsed from JSON and walked by hand
function freshIds(file: Record<string, any>) {
  offset += 1_000_000
  const move = (o: { id: number }) => (o.id += offset)
  file.tripPurposes.forEach(move)
  file.trpFdbkReasons.forEach(move)
  for (const q of file.questionnaires) {
    move(q)
    for (const { question } of walkQuestions(q.section)) {
      move(question)
      for (const sub of question.subQuestions) sub.answOpts.forEach(move)
      question.filter?.boolExpDefs.forEach((d: { codes: number[] }) => (d.codes = d.codes.map((c) => c + offset)))
    }
  }
  return file
}

describe('users and assignment', () => {
  test('createUser lower-cases the e-mail, hashes the password and gives a pseudonym', async () => {
    const user = await createUser(db, {
      email: 'Ana.Researcher@Example.org',
      password: 'secret1',
      verified: true,
      firstName: 'Ana',
    })
    expect(user.email).toBe('ana.researcher@example.org')
    expect(user.pseudonym).toMatch(/^p_[0-9a-f]{10}$/)
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ verified: true, firstName: 'Ana', campaignId: null })
    expect(row.passwordHash).toMatch(/^\$argon2id\$/)
  })

  test('createUser rejects an existing e-mail, a bad e-mail and an unknown campaign', async () => {
    await expectRejected(
      db,
      () => createUser(db, { email: 'ANA.researcher@example.org', password: 'x12' }),
      'email: a user with the e-mail ana.researcher@example.org already exists',
    )
    await expectRejected(db, () => createUser(db, { email: 'not-an-address', password: 'x12' }), 'email: ')
    await expectRejected(
      db,
      () => createUser(db, { email: 'new@example.org', password: 'x12', campaignId: 999_999 }),
      'campaignId: campaign 999999 does not exist',
    )
  })

  test('assignCampaign needs an existing user and campaign', async () => {
    await createUser(db, { email: 'participant@example.org', password: 'secret1', verified: true })
    await assignCampaign(db, { campaignId: exampleCampaignId, email: 'Participant@example.org' })
    const [row] = await db.select().from(users).where(eq(users.email, 'participant@example.org'))
    expect(row.campaignId).toBe(exampleCampaignId)
    await expectRejected(
      db,
      () => assignCampaign(db, { campaignId: exampleCampaignId, email: 'nobody@example.org' }),
      'email: no user',
    )
    await expectRejected(
      db,
      () => assignCampaign(db, { campaignId: 999_999, email: 'participant@example.org' }),
      'campaignId: campaign 999999 does not exist',
    )
  })
})

describe('importTrips', () => {
  test('imports the example trips: times in the study zone, derived start/end/distance, leg order', async () => {
    const result = await importTrips(
      db,
      { email: 'participant@example.org', trips: readExample('trips.json') },
      { timeZone: 'Europe/Berlin' },
    )
    expect(result.tripIds).toHaveLength(3)
    expect(result.legs).toBe(5)

    const [first, reported, manual] = await Promise.all(
      result.tripIds.map((id) => db.query.trips.findFirst({ where: eq(trips.id, id) })),
    )
    const firstLegs = await db.select().from(legs).where(eq(legs.tripId, first!.id)).orderBy(asc(legs.idx))
    expect(firstLegs.map((l) => l.idx)).toEqual([0, 1, 2])
    expect(first!.startTime.toISOString()).toBe('2026-05-05T05:12:00.000Z')
    expect(first!.endTime.toISOString()).toBe('2026-05-05T06:06:00.000Z')
    // The first leg has no len: measured along its geometry.
    expect(firstLegs[0].len).toBe(Math.round(pathLength(firstLegs[0].geom)))
    expect(first!.distance).toBe(firstLegs.reduce((sum, l) => sum + (l.len ?? 0), 0))
    // { constant, name } becomes the constant; detectedModes defaults to tfcModes.
    expect(firstLegs[1]).toMatchObject({
      tfcModes: ['PUBLIC_TRANSPORT_TRAIN'],
      detectedModes: ['PUBLIC_TRANSPORT_BUS'],
      purposeIds: [1001],
    })
    expect(firstLegs[0].detectedModes).toEqual(['WALK'])
    expect(first).toMatchObject({ confirmationStatus: true, allQuestionsAnswered: false, objId: 'example-0001' })

    expect(reported).toMatchObject({ fdbkAvail: true, fdbkReasonIds: [1001], validationStatus: false })
    expect(manual).toMatchObject({ creationType: 'CREATED_MANUALLY', distance: null, name: 'Einkauf am Samstag' })
  })

  test('an unknown purpose id rejects the whole file', async () => {
    const file = readExample('trips.json')
    file[2].legs[0].tripPurposes = [1002, 4242]
    await expectRejected(
      db,
      () => importTrips(db, { email: 'participant@example.org', trips: file }),
      `[2].legs[0].tripPurposes[1]: unknown trip purpose id 4242 (campaign ${exampleCampaignId})`,
    )
  })

  test('bad trips are rejected by path: unknown mode, overlapping legs, unknown user', async () => {
    const mode = readExample('trips.json')
    mode[0].legs[1].tfcModes = [{ constant: 'TRAM' }]
    await expectRejected(
      db,
      () => importTrips(db, { email: 'participant@example.org', trips: mode }),
      '[0].legs[1].tfcModes[0].constant: Invalid option',
    )

    const overlap = readExample('trips.json')
    overlap[0].legs[1].startTime = '2026-05-05 07:15'
    await expectRejected(
      db,
      () => importTrips(db, { email: 'participant@example.org', trips: overlap }),
      '[0].legs[1].startTime: starts before the previous leg ends (2026-05-05 07:19)',
    )

    await expectRejected(
      db,
      () => importTrips(db, { email: 'ghost@example.org', trips: readExample('trips.json') }),
      'email: no user with the e-mail ghost@example.org',
    )
  })
})

describe('importTrips of a big file', { timeout: 240_000 }, () => {
  const EMAIL = 'participant@example.org'
  /** n one-leg ways, twenty a day from 2026-05-06 on, each an hour long. */
  const ways = (n: number) =>
    Array.from({ length: n }, (_, i) => {
      const day = new Date(Date.UTC(2026, 4, 6 + Math.floor(i / 20))).toISOString().slice(0, 10)
      const hour = String(i % 20).padStart(2, '0')
      return {
        objId: `big-${i}`,
        legs: [
          { startTime: `${day} ${hour}:00`, endTime: `${day} ${hour}:30`, tfcModes: ['WALK'], tripPurposes: [1001] },
        ],
      }
    })
  // More than one batch's worth (at most 1,000 ways a batch), so every test below spans batches.
  const userId = async () => (await db.select({ id: users.id }).from(users).where(eq(users.email, EMAIL)))[0].id

  test('a batch that fails takes the earlier batches back: no way stays, the no-trip mark it cleared is back', async () => {
    const uid = await userId()
    await db.insert(zeroTripDays).values({ userId: uid, day: '2026-05-06' })
    // The database refuses the last way (as a full disk or a lost connection would), after several batches were written.
    await db.execute(sql`create or replace function refuse_marked_way() returns trigger as $$
      begin if new.obj_id = 'refused' then raise exception 'refused by the test'; end if; return new; end $$ language plpgsql`)
    await db.execute(
      sql`create trigger refuse_marked_way before insert on trips for each row execute function refuse_marked_way()`,
    )
    try {
      const file = ways(1100)
      file[1099]!.objId = 'refused'
      const before = await rowCounts(db)
      const progress: number[] = []
      const error = await importTrips(
        db,
        { email: EMAIL, trips: file },
        { onProgress: (p) => progress.push(p.done) },
      ).then(
        () => null,
        (e: unknown) => e,
      )
      expect(String((error as Error).cause ?? error)).toContain('refused by the test')
      // It had written a whole batch before the refusal (a batch holds at most 1,000 ways, the refused one is the
      // 1,100th; how many batches came before depends on the machine's speed)…
      expect(progress.length).toBeGreaterThanOrEqual(1)
      expect(progress.at(-1)).toBeLessThan(1100)
      // …and nothing of it is left.
      expect(await rowCounts(db)).toEqual(before)
      expect(await db.select().from(zeroTripDays).where(eq(zeroTripDays.userId, uid))).toMatchObject([
        { day: '2026-05-06' },
      ])
    } finally {
      await db.execute(sql`drop trigger if exists refuse_marked_way on trips`)
      await db.execute(sql`drop function if exists refuse_marked_way()`)
      await db.delete(zeroTripDays).where(eq(zeroTripDays.userId, uid))
    }
  })

  test('a file with one bad way deep inside is refused before anything is written', async () => {
    const file = ways(1000)
    file[999]!.legs[0]!.tripPurposes = [4242]
    const progress: number[] = []
    await expectRejected(
      db,
      () => importTrips(db, { email: EMAIL, trips: file }, { onProgress: (p) => progress.push(p.done) }),
      `[999].legs[0].tripPurposes[0]: unknown trip purpose id 4242`,
    )
    expect(progress).toEqual([])
  })

  test('while a big file is written, other requests get the database and the event loop', async () => {
    const uid = await userId()
    // None of the file's ways there before (an import adds only the ways a participant does not have yet).
    await db.delete(trips).where(eq(trips.userId, uid))
    let finished = false
    const importing = importTrips(db, { email: EMAIL, trips: ways(1100) }).then((r) => {
      finished = true
      return r
    })
    // Another participant's page: a timer and a query, both answered while the import is still going.
    await new Promise((resolve) => setTimeout(resolve, 0))
    const timerDuringImport = !finished
    const [{ n }] = await db.select({ n: count() }).from(users)
    const queryDuringImport = !finished
    const result = await importing
    expect(n).toBeGreaterThan(0)
    expect({ timerDuringImport, queryDuringImport }).toEqual({ timerDuringImport: true, queryDuringImport: true })
    expect(result.tripIds).toHaveLength(1100)
    expect((await db.select({ n: count() }).from(trips).where(eq(trips.userId, uid)))[0].n).toBeGreaterThanOrEqual(1100)
    await db.delete(trips).where(inArray(trips.id, result.tripIds))
  })
})

describe('seedDemoIfEmpty', () => {
  let demo: Database
  const now = new Date('2026-03-18T14:30:00Z')
  beforeAll(async () => {
    demo = await testDatabase()
  })
  afterAll(() => demo.close())

  test('seeds once, through the import path', async () => {
    expect(await seedDemoIfEmpty(demo.db, now, { timeZone: 'Europe/Berlin' })).toBe(true)
    expect(await seedDemoIfEmpty(demo.db, now, { timeZone: 'Europe/Berlin' })).toBe(false)
    const [user] = await demo.db.select().from(users).where(eq(users.email, DEMO_LOGIN.email))
    expect(user).toMatchObject({ verified: true, firstName: 'Dana', lastName: 'Demo' })
    expect(user.campaignId).not.toBeNull()
    expect(await demo.db.select().from(users)).toHaveLength(2)
  })

  test('the demo questionnaires use every question type', async () => {
    const rows = await demo.db.select().from(questionnaires).orderBy(asc(questionnaires.id))
    expect(rows.map((q) => [q.id, q.type])).toEqual([
      [100, 'INITIAL'],
      [200, 'FINAL'],
      [300, 'TRIP_BASED'],
      [400, 'LEG_BASED'],
    ])
    const used = new Set(
      rows.flatMap((q) =>
        [...walkQuestions((q.definition as unknown as Questionnaire).section)].map((w) => w.question.type),
      ),
    )
    expect([...used].sort()).toEqual([...QUESTION_TYPES].sort())
  })

  test('the demo ways look like a study in progress', async () => {
    const [user] = await demo.db.select().from(users).where(eq(users.email, DEMO_LOGIN.email))
    const ways = await demo.db.query.trips.findMany({ where: eq(trips.userId, user.id), orderBy: asc(trips.startTime) })
    const allLegs = await demo.db.select().from(legs)
    const legsOf = (id: number) => allLegs.filter((l) => l.tripId === id).sort((a, b) => a.idx - b.idx)

    const days = new Set(ways.map((w) => w.startTime.toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' })))
    expect(days.size).toBeLessThanOrEqual(29 - 3) // at least three days without ways
    expect(days.has('2026-03-18')).toBe(true) // some today…
    expect(ways.every((w) => w.endTime <= now)).toBe(true) // …but only ways already made

    const confirmed = ways.filter((w) => w.confirmationStatus)
    expect(confirmed.length / ways.length).toBeGreaterThan(0.3)
    expect(confirmed.length / ways.length).toBeLessThan(0.5)
    expect(Math.max(...confirmed.map((w) => +w.startTime))).toBeLessThan(
      Math.min(...ways.filter((w) => !w.confirmationStatus).map((w) => +w.startTime)),
    )
    expect(confirmed.some((w) => !w.allQuestionsAnswered)).toBe(true)
    expect(ways.filter((w) => w.fdbkAvail).map((w) => w.fdbkReasonIds)).toEqual([[3]])

    for (const [i, way] of ways.entries()) {
      const wayLegs = legsOf(way.id)
      if (i > 0) expect(way.startTime >= ways[i - 1].endTime).toBe(true)
      for (const leg of wayLegs) {
        expect(leg.geom.length).toBeGreaterThanOrEqual(10)
        expect(leg.geom.length).toBeLessThanOrEqual(60)
        expect(Math.abs(leg.len! - pathLength(leg.geom))).toBeLessThan(1)
        expect(leg.purposeIds.length > 0).toBe(way.confirmationStatus)
        const kmh = leg.len! / 1000 / Math.max((+leg.endTime - +leg.startTime) / 3_600_000, 1 / 60)
        expect(kmh).toBeLessThan(45)
      }
    }
    const modes = new Set(allLegs.flatMap((l) => l.tfcModes))
    for (const mode of ['WALK', 'PUBLIC_TRANSPORT_TRAIN', 'BICYCLE', 'CAR', 'PUBLIC_TRANSPORT_BUS', 'E_SCOOTER'])
      expect(modes).toContain(mode)
    expect(allLegs.some((l) => l.validationStatus && l.detectedModes[0] !== l.tfcModes[0])).toBe(true)
    expect(ways.some((w) => legsOf(w.id).length >= 3)).toBe(true)

    const places = await demo.db.select().from(pois).where(eq(pois.userId, user.id))
    expect(places.map((p) => p.verificationStatus).sort()).toEqual([false, null, true, true].sort())
  })

  test('the example campaign imports next to the demo (its ids do not collide)', async () => {
    await expect(importCampaign(demo.db, readExample('campaign.json'))).resolves.toBeGreaterThan(0)
  })

  test('the same now gives the same ways', () => {
    const ways = (at: Date) =>
      generateWays({
        now: at,
        timeZone: 'Europe/Berlin',
        seed: 'dana',
        profile: DANA,
        days: 28,
        emptyDays: 4,
        confirmedShare: 0.4,
      })
    expect(ways(now)).toEqual(ways(now))
    expect(ways(new Date(+now + 86_400_000))).not.toEqual(ways(now))
  })
})
