// A session lookup answers what the database holds at that moment: a logout, a changed name, a write to the
// participant's data and an expiry show at once. On the embedded database a row looked up again with no write in
// between is answered from memory (ADR 310); every write that ends, also a failed one, makes the next lookup read.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { testDatabase, usePostgres } from '../../tests/db'
import type { Database } from '~/db/connect.server'
import { users, zeroTripDays } from '~/db/schema'
import { createUser } from './import.server'
import { createSession, deleteSession, resolveSession } from './session.server'

let database: Database
let userId: number

beforeAll(async () => {
  database = await testDatabase()
  userId = (await createUser(database.db, { email: 'lookup@example.org', password: 'a-long-password-1' })).id
})
afterAll(() => database?.close())

const now = () => new Date()
async function valid(token: string, at = now()) {
  const s = await resolveSession(database.db, token, at)
  if (s.state !== 'valid') throw new Error(`session ${s.state}`)
  return s
}

describe('a lookup answers what the database holds', () => {
  test('after a logout the session is gone at once', async () => {
    const { token } = await createSession(database.db, userId, now())
    await valid(token)
    await valid(token)
    await deleteSession(database.db, token)
    expect((await resolveSession(database.db, token, now())).state).toBe('invalid')
  })

  test("a write to the participant's data raises the data version the next lookup reads", async () => {
    const { token } = await createSession(database.db, userId, now())
    const before = (await valid(token)).dataVersion
    await valid(token)
    await database.db.insert(zeroTripDays).values({ userId, day: '2026-03-02' })
    expect((await valid(token)).dataVersion).toBeGreaterThan(before)
  })

  test('a changed name and a password update required show in the next lookup', async () => {
    const { token } = await createSession(database.db, userId, now())
    await valid(token)
    await database.db.update(users).set({ firstName: 'Ada', passwordUpdateRequired: true }).where(eq(users.id, userId))
    const s = await valid(token)
    expect(s.user.firstName).toBe('Ada')
    expect(s.user.passwordUpdateRequired).toBe(true)
  })

  test('a session that expired since it was looked up is refused', async () => {
    const t0 = now()
    const { token, expiresAt } = await createSession(database.db, userId, t0)
    await valid(token, t0)
    const after = new Date(expiresAt.getTime() + 1)
    expect(await resolveSession(database.db, token, after)).toEqual({ state: 'invalid', expiredUserId: userId })
  })
})

describe.skipIf(usePostgres)('on the embedded database', () => {
  test('a plain SELECT cannot write: every function of the schema is a trigger function', async () => {
    // The keeping counts a plain SELECT as a read. A function a SELECT could call and that writes would change data
    // without the count: the schema has none.
    const result = await database.db.execute(sql`
      select p.proname, format_type(p.prorettype, null) as returns from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema()`)
    const functions = (result as unknown as { rows: { proname: string; returns: string }[] }).rows
    expect(functions.length).toBeGreaterThan(0)
    expect(functions.filter((f) => f.returns !== 'trigger')).toEqual([])
  })

  test('a lookup that overlaps a logout, or waits behind the transaction that ends the session, finds it gone', async () => {
    const a = await createSession(database.db, userId, now())
    await Promise.all([resolveSession(database.db, a.token, now()), deleteSession(database.db, a.token)])
    expect((await resolveSession(database.db, a.token, now())).state).toBe('invalid')

    const b = await createSession(database.db, userId, now())
    let lookup: Promise<unknown> | undefined
    await database.db.transaction(async (tx) => {
      // Asked from outside while the transaction is open: PGlite answers it after the commit.
      lookup = resolveSession(database.db, b.token, now())
      await deleteSession(tx, b.token)
    })
    expect(await lookup).toEqual({ state: 'invalid' })
    expect((await resolveSession(database.db, b.token, now())).state).toBe('invalid')
  })

  /** Counts the protocol messages PGlite is sent while fn runs (its own method, under the client handed to Drizzle). */
  async function asked(fn: () => Promise<unknown>): Promise<number> {
    type Client = { execProtocol: (...a: unknown[]) => unknown }
    const client = (database.db as unknown as { $client: Client }).$client
    const own = (Object.getPrototypeOf(client) as Client).execProtocol
    let n = 0
    client.execProtocol = function (this: unknown, ...a: unknown[]) {
      n++
      return own.apply(this, a)
    }
    try {
      await fn()
    } finally {
      delete (client as { execProtocol?: unknown }).execProtocol
    }
    return n
  }

  test('a session looked up again with no write in between asks nothing of the database', async () => {
    const { token } = await createSession(database.db, userId, now())
    expect(await asked(() => valid(token))).toBeGreaterThan(0)
    expect(await asked(() => valid(token))).toBe(0)
    expect(await asked(() => resolveSession(database.db, 'unknown-token', now()))).toBeGreaterThan(0)
  })

  test('every write that ends, also a failed one, makes the next lookup ask again', async () => {
    const { token } = await createSession(database.db, userId, now())
    await valid(token)
    await database.db.update(users).set({ lastName: 'Lovelace' }).where(eq(users.id, userId))
    expect(await asked(() => valid(token))).toBeGreaterThan(0)
    await expect(database.db.insert(users).values({ id: userId } as never)).rejects.toThrow()
    expect(await asked(() => valid(token))).toBeGreaterThan(0)
    await database.db.transaction(async (tx) => {
      await tx.select().from(users).limit(1)
    })
    expect(await asked(() => valid(token))).toBeGreaterThan(0)
    expect(await asked(() => valid(token))).toBe(0)
  })
})
