// What a process keeps of a participant's data, against a real database (PGlite; PostgreSQL with
// TEST_DB_KIND=postgres): every table of participant data raises the participant's version in the writing
// transaction (and only theirs, and not when rolled back); a kept answer is given again only under the same version;
// the HTTP API keeps answers for reads-only methods only, and sees a write made by anyone else at once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { asSessionUser, serviceContext, testDatabase, testEnv, memoryMailer } from '../../tests/db'
import type { Database } from '~/db/connect.server'
import { legs, trips, users, zeroTripDays } from '~/db/schema'
import { createUser, importTrips } from './import.server'
import type { AuthedContext } from './core.server'
import { dispatch } from './dispatch.server'
import { MAX_KEPT_BYTES, participantCached, SHARE_BYTES } from './participant-cache.server'
import { tripService } from './trip.server'

const TZ = 'Europe/Berlin'
const NOW = new Date('2026-03-10T11:00:00Z')

/**
 * Tables with a user_id or trip_id that hold nothing a participant's pages or answers show: sessions and tokens,
 * throttling, posts kept across a login, reminder bookkeeping.
 */
const NOT_SHOWN = new Set(['sessions', 'one_time_tokens', 'throttle_events', 'pending_posts', 'reminders'])

let database: Database
let a: AuthedContext
let b: AuthedContext
let wayOfA = 0

const rows = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Record<string, unknown>[]
const versionOf = async (userId: number) =>
  (await database.db.select({ v: users.dataVersion }).from(users).where(eq(users.id, userId)))[0].v
/** The context of a GET: the version as the session lookup reads it. */
const reading = async (ctx: AuthedContext): Promise<AuthedContext> => ({
  ...ctx,
  dataVersion: await versionOf(ctx.user.id),
})

async function participant(email: string) {
  const u = await createUser(database.db, { email, password: 'secret', verified: true, campaignId: null })
  const [row] = await database.db.select().from(users).where(eq(users.id, u.id))
  return serviceContext(database, { user: asSessionUser(row), now: NOW })
}

/** What has loaded is kept (or not) once the load's promise has settled for every caller. */
const settled = () => new Promise((r) => setImmediate(r))
/** The same request as another participant: the cache keys by the user's id and never reads the database itself. */
const asOther = (ctx: AuthedContext, id: number): AuthedContext => ({ ...ctx, user: { ...ctx.user, id } })

beforeAll(async () => {
  database = await testDatabase()
  a = await participant('kept-a@example.org')
  b = await participant('kept-b@example.org')
  const way = (hm: string) => ({
    legs: [{ startTime: `2026-03-09 ${hm}`, endTime: `2026-03-09 ${hm.slice(0, 3)}40`, len: 900, tfcModes: ['WALK'] }],
  })
  for (const ctx of [a, b])
    await importTrips(database.db, { email: ctx.user.email, trips: [way('07:00'), way('09:00')] }, { timeZone: TZ })
  wayOfA = (await importTrips(database.db, { email: a.user.email, trips: [way('11:00')] }, { timeZone: TZ })).tripIds[0]
})
afterAll(() => database.close())

describe('the version the database raises', () => {
  test('every table of participant data has a trigger for each kind of write', async () => {
    const tables = rows(
      await database.db.execute(sql`
        select distinct table_name from information_schema.columns
        where table_schema = current_schema() and column_name in ('user_id', 'trip_id')`),
    )
      .map((r) => String(r.table_name))
      .filter((t) => !NOT_SHOWN.has(t))
      .sort()
    expect(tables).toEqual(
      [
        'answers',
        'legs',
        'pois',
        'questionnaire_completions',
        'questionnaire_drafts',
        'trips',
        'way_edits',
        'zero_trip_days',
      ].sort(),
    )
    const triggers = rows(
      await database.db.execute(sql`
        select c.relname as table_name, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relnamespace = current_schema()::regnamespace and t.tgname like '%_data_version_%'`),
    ).map((r) => `${String(r.table_name)}:${String(r.name)}`)
    for (const table of tables)
      for (const kind of ['insert', 'update', 'delete', 'truncate'])
        expect(triggers, `${table} ${kind}`).toContain(`${table}:${table}_data_version_${kind}`)
  })

  test.each([
    ['a way', () => database.db.update(trips).set({ name: 'x' }).where(eq(trips.userId, a.user.id))],
    [
      'a leg',
      () =>
        database.db
          .update(legs)
          .set({ len: 901 })
          .where(sql`${legs.tripId} in (select id from trips where user_id = ${a.user.id})`),
    ],
    ['a day without ways', () => database.db.insert(zeroTripDays).values({ userId: a.user.id, day: '2026-03-08' })],
    ['a way deleted', () => tripService.deleteTrips(a, { trpIds: [wayOfA] })],
  ])('writing %s raises that participant’s version only', async (_what, write) => {
    const [beforeA, beforeB] = [await versionOf(a.user.id), await versionOf(b.user.id)]
    await write()
    expect(await versionOf(a.user.id)).toBeGreaterThan(beforeA)
    expect(await versionOf(b.user.id)).toBe(beforeB)
  })

  test('a way moved to another participant raises both versions (each saw it, or sees it now)', async () => {
    const [beforeA, beforeB] = [await versionOf(a.user.id), await versionOf(b.user.id)]
    const [one] = await database.db.select({ id: trips.id }).from(trips).where(eq(trips.userId, a.user.id)).limit(1)
    await database.db.update(trips).set({ userId: b.user.id }).where(eq(trips.id, one.id))
    expect(await versionOf(a.user.id)).toBeGreaterThan(beforeA)
    expect(await versionOf(b.user.id)).toBeGreaterThan(beforeB)
    await database.db.update(trips).set({ userId: a.user.id }).where(eq(trips.id, one.id))
  })

  test('a rolled-back write leaves the version as it was', async () => {
    const before = await versionOf(a.user.id)
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(trips).set({ name: 'gone' }).where(eq(trips.userId, a.user.id))
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect(await versionOf(a.user.id)).toBe(before)
  })
})

describe('participantCached', () => {
  test('answers from memory under the same version, loads again under another or without one', async () => {
    let loads = 0
    const load = async () => ({ n: ++loads })
    const ctx = await reading(a)
    expect(await participantCached(ctx, 'k', load)).toEqual({ n: 1 })
    expect(await participantCached(ctx, 'k', load)).toEqual({ n: 1 })
    expect(await participantCached({ ...ctx, locale: 'en_US' }, 'k', load)).toEqual({ n: 2 })
    expect(await participantCached({ ...ctx, dataVersion: ctx.dataVersion! + 1 }, 'k', load)).toEqual({ n: 3 })
    expect(await participantCached({ ...ctx, dataVersion: undefined }, 'k', load)).toEqual({ n: 4 })
    // Another participant under the same key and version has their own value.
    expect(await participantCached({ ...(await reading(b)), dataVersion: ctx.dataVersion }, 'k', load)).toEqual({
      n: 5,
    })
  })

  test('a failed load is not kept; a kept value is frozen outside production', async () => {
    const ctx = await reading(a)
    await expect(participantCached(ctx, 'fails', () => Promise.reject(new Error('no')))).rejects.toThrow('no')
    expect(await participantCached(ctx, 'fails', async () => 'now')).toBe('now')
    const kept = await participantCached(ctx, 'frozen', async () => ({ list: [{ x: 1 }], byId: new Map([[1, 'a']]) }))
    expect(() => kept.list.push({ x: 2 })).toThrow()
    expect(() => kept.byId.set(2, 'b')).toThrow()
    expect(() => kept.byId.clear()).toThrow()
  })

  test('what is kept stays within its budget: a value too heavy is not kept, the least used go first', async () => {
    const ctx = await reading(a)
    let loads = 0
    const heavy = () =>
      participantCached(
        ctx,
        'heavy',
        async () => ++loads,
        () => SHARE_BYTES + 1,
      )
    await heavy()
    await settled()
    await heavy()
    expect(loads).toBe(2)
    // Nine participants' values of a share each: the first one kept is the least used, and goes.
    const eighth = MAX_KEPT_BYTES / 8
    const first = () =>
      participantCached(
        ctx,
        'first',
        async () => ++loads,
        () => eighth,
      )
    await first()
    for (let i = 0; i < 8; i++)
      await participantCached(
        asOther(ctx, 900 + i),
        'fill',
        async () => i,
        () => eighth,
      )
    await settled()
    const before = loads
    await first()
    expect(loads).toBe(before + 1)
  })

  test("a participant's many values push out their own least used, never another participant's", async () => {
    const ctx = asOther(await reading(a), 800)
    const other = asOther(ctx, 801)
    let loads = 0
    const keep = (c: AuthedContext, key: string, bytes: number) =>
      participantCached(
        c,
        key,
        async () => ++loads,
        () => bytes,
      )
    await keep(other, 'theirs', 1000)
    // A quarter of a share each: the fifth pushes out the first, the ones asked for again stay.
    const quarter = SHARE_BYTES / 4
    for (let i = 0; i < 4; i++) await keep(ctx, `page${i}`, quarter)
    await settled()
    await keep(ctx, 'page1', quarter)
    await keep(ctx, 'page4', quarter)
    await settled()
    const before = loads
    await keep(ctx, 'page1', quarter)
    await keep(ctx, 'page2', quarter)
    await keep(ctx, 'page3', quarter)
    await keep(ctx, 'page4', quarter)
    await keep(other, 'theirs', 1000)
    expect(loads).toBe(before)
    await keep(ctx, 'page0', quarter)
    expect(loads).toBe(before + 1)
    // Many light values: the share counts values too.
    for (let i = 0; i < 300; i++) await keep(ctx, `light${i}`, 10)
    await settled()
    const after = loads
    await keep(ctx, 'light299', 10)
    await keep(other, 'theirs', 1000)
    expect(loads).toBe(after)
    await keep(ctx, 'light0', 10)
    expect(loads).toBe(after + 1)
  })
})

describe('the HTTP API', () => {
  const app = () => ({ env: testEnv({ STUDY_TIME_ZONE: TZ }), database, mailer: memoryMailer() })
  const call = async (methodName: string, params: Record<string, unknown>) =>
    (
      await dispatch(
        app() as never,
        JSON.stringify({ serviceName: 'trip', methodName, params: { ...params, session: token } }),
        { clientIp: '127.0.0.1' },
      )
    ).body.return as Record<string, unknown>
  let token = ''

  beforeAll(async () => {
    const r = await dispatch(
      app() as never,
      JSON.stringify({
        serviceName: 'user',
        methodName: 'login',
        params: { idStr: 'kept-a@example.org', password: 'secret', platformConstant: 'WEB' },
      }),
      { clientIp: '127.0.0.1' },
    )
    token = String((r.body.return as { session: string }).session)
  })

  test('getTrips and getTrip show a write made by anyone, however often asked before', async () => {
    const names = async () => ((await call('getTrips', {})).trps as { name: string | null }[]).map((t) => t.name)
    const [first] = (await call('getTrips', {})).trps as { id: number }[]
    const one = async () => ((await call('getTrip', { id: first.id })).trp as { name: string | null }).name
    await names()
    await one()
    // Another connection's write, as the CLI or a second server process would make it.
    await database.db.execute(sql`update trips set name = 'by hand' where user_id = ${a.user.id}`)
    expect(await names()).toEqual(['by hand', 'by hand'])
    expect(await one()).toBe('by hand')
  })

  test('a method that writes gets no version; the reads-only ones do', () => {
    expect(tripService.getTrips.readsOnly).toBe(true)
    expect(tripService.getTrip.readsOnly).toBe(true)
    expect(tripService.updateLeg.readsOnly).toBe(false)
    expect(tripService.setZeroTripDay.readsOnly).toBe(false)
  })
})
