// What processes keep of the import data (ADR 303), against a real database (PGlite; PostgreSQL with
// TEST_DB_KIND=postgres): kept while the catalogue version stands, read again on the next request after any write to
// those tables — an import, the default campaign named, a statement by hand — made through another process's
// connection. A second process is a second database object over the same data: what a process keeps is per object.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { serviceContext, testDatabase } from '../../tests/db'
import type { Database, Db } from '~/db/connect.server'
import { campaigns, feedbackReasons, questionnaires, tripPurposes } from '~/db/schema'
import { addDays, dayInZone } from '~/domain/time'
import { demoCampaign } from './demo/campaign'
import { contactEmail, currentCampaign, setDefaultCampaign } from './campaign.server'
import type { AuthedContext, ServiceContext } from './core.server'
import { immutableCached, importCached, readCatalogueVersion } from './import-cache.server'
import { createUser, importCampaign } from './import.server'
import { listFeedbackReasons, listTripPurposes } from './info.server'
import { createSession, resolveSession } from './session.server'
import { reviewProgress } from './trip/progress.server'

let database: Database
/** Another process's connection to the same database: its own memory. */
let otherDb: Db
let campaignId: number
let token: string

const today = dayInZone(new Date(), 'Europe/Berlin')
const campaignFile = () =>
  demoCampaign({ startDay: addDays(today, -10), endDay: addDays(today, 10), finalFromDay: addDays(today, 5) })

beforeAll(async () => {
  database = await testDatabase()
  otherDb = Object.create(database.db) as Db
  campaignId = await importCampaign(database.db, campaignFile(), { timeZone: 'Europe/Berlin' })
  const user = await createUser(database.db, { email: 'keep@example.org', password: 'a-long-password-1', campaignId })
  token = (await createSession(database.db, user.id, new Date())).token
})
afterAll(() => database?.close())

/** A request of the participant to this process (db): its session lookup reads the version along. */
async function request(db: Db): Promise<AuthedContext> {
  const session = await resolveSession(db, token, new Date())
  if (session.state !== 'valid') throw new Error('session')
  const base = serviceContext(database, { user: session.user })
  return { ...base, db, catalogueVersion: session.catalogueVersion } as AuthedContext
}

describe('the catalogue version', () => {
  it('is what the session lookup reads along, and any write to an import table raises it; other writes do not', async () => {
    const before = await readCatalogueVersion(database.db)
    expect((await request(database.db)).catalogueVersion).toBe(before)
    await database.db.execute(sql`update ${tripPurposes} set sort_idx = sort_idx where false`)
    const afterEmpty = await readCatalogueVersion(database.db)
    // A statement trigger: even a statement that changed no row counts (cheaper than comparing).
    expect(afterEmpty).toBe(before + 1)
    await createUser(database.db, { email: 'other@example.org', password: 'a-long-password-1', campaignId })
    expect(await readCatalogueVersion(database.db)).toBe(afterEmpty)
  })

  it('stays where it was when the writing transaction rolls back', async () => {
    const before = await readCatalogueVersion(database.db)
    await database.db
      .transaction(async (tx) => {
        await tx.update(campaigns).set({ contactByEmail: 'never@example.org' })
        throw new Error('roll back')
      })
      .catch(() => {})
    expect(await readCatalogueVersion(database.db)).toBe(before)
  })
})

describe('importCached', () => {
  it('loads once per process while the version stands, again after it moved', async () => {
    let loads = 0
    const load = async () => ++loads
    const ctx = await request(database.db)
    expect(await importCached(ctx, 'k', load)).toBe(1)
    expect(await importCached(await request(database.db), 'k', load)).toBe(1)
    // The other process keeps its own.
    expect(await importCached(await request(otherDb), 'k', load)).toBe(2)
    await database.db.update(campaigns).set({ projectId: 7 }).where(eq(campaigns.id, campaignId))
    expect(await importCached(await request(otherDb), 'k', load)).toBe(3)
    // A request without a session reads the version itself.
    expect(await importCached({ db: database.db }, 'k', load)).toBe(4)
    expect(await importCached({ db: database.db }, 'k', load)).toBe(4)
  })

  it('runs a query builder once (a thenable that would run again on every await)', async () => {
    let runs = 0
    const thenable = {
      then: (ok: (v: number) => void) => ok(++runs),
    }
    const ctx = await request(database.db)
    expect(await importCached(ctx, 'thenable', () => thenable as unknown as Promise<number>)).toBe(1)
    expect(await importCached(ctx, 'thenable', () => thenable as unknown as Promise<number>)).toBe(1)
    expect(runs).toBe(1)
  })

  it('forgets a load that failed', async () => {
    const ctx = await request(database.db)
    await expect(importCached(ctx, 'fails', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await importCached(ctx, 'fails', async () => 'up')).toBe('up')
  })

  it('keeps an immutable value once per process', async () => {
    let loads = 0
    const load = async () => ++loads
    expect(await immutableCached(database.db, 'x', load)).toBe(1)
    expect(await immutableCached(database.db, 'x', load)).toBe(1)
    expect(await immutableCached(otherDb, 'x', load)).toBe(2)
  })
})

describe('what the pages read is seen on the next request after another process wrote it', () => {
  it.each([
    ['purpose', tripPurposes, listTripPurposes, { de_DE: 'Umbenannt', en_US: 'Renamed' }],
    [
      'reason to report a way',
      feedbackReasons,
      listFeedbackReasons,
      { de_DE: 'Anders benannt', en_US: 'Named otherwise' },
    ],
  ] as const)('a renamed %s', async (_, table, list, name) => {
    const [first] = await list(await request(otherDb))
    expect(first).toBeDefined()
    await database.db.update(table).set({ name }).where(eq(table.id, first!.id))
    const [again] = await list(await request(otherDb))
    expect(again).toEqual({ id: first!.id, name: name.de_DE })
  })

  it("the campaign's end (days left) and its questionnaires' availability", async () => {
    const daysLeft = (await reviewProgress(await request(otherDb))).daysLeft
    expect(daysLeft).toBeGreaterThan(0)
    const initial = (await currentCampaign(await request(otherDb)))!.initialQtnSummary
    expect(initial?.available).toBeNull()
    await database.db
      .update(campaigns)
      .set({ endAt: sql`${campaigns.endAt} + interval '2 days'` })
      .where(eq(campaigns.id, campaignId))
    await database.db
      .update(questionnaires)
      .set({ availFrom: new Date(Date.now() + 3 * 86_400_000) })
      .where(eq(questionnaires.campaignId, campaignId))
    expect((await reviewProgress(await request(otherDb))).daysLeft).toBe(daysLeft! + 2)
    const after = (await currentCampaign(await request(otherDb)))!.initialQtnSummary
    expect(after?.available).toBe('from')
  })

  it('a new campaign imported and named the default: a logged-out visitor sees its contact', async () => {
    const visitor: ServiceContext = { ...serviceContext(database), db: otherDb }
    expect(await contactEmail(visitor)).toBe(await contactEmail({ ...serviceContext(database) }))
    const second = await importCampaign(
      database.db,
      {
        name: 'Zweite',
        startDate: addDays(today, -1),
        startTime: '00:00',
        endDate: addDays(today, 5),
        endTime: '23:59',
        contactByEmail: 'zweite@example.org',
      },
      { timeZone: 'Europe/Berlin' },
    )
    await setDefaultCampaign(database.db, second)
    expect(await contactEmail(visitor)).toBe('zweite@example.org')
  })
})
