// The login guard with a session that expired while a form was being sent, against a real database (PGlite;
// PostgreSQL with TEST_DB_KIND=postgres): the form is kept for the participant whatever the Referer says (a malformed
// one answers the usual redirect, never a 500), a participant's kept posts stay few and small, the whole table stays
// within its budget, password fields are never kept, and long-expired sessions and old posts are swept.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { memoryMailer, testDatabase, testEnv } from '../../tests/db'
import { rowsOf } from '../../tests/study'
import type { Database } from '~/db/connect.server'
import { pendingPosts, sessions, users } from '~/db/schema'
import {
  PENDING_POST_BYTES_TOTAL,
  PENDING_POST_MAX_AGE_MS,
  PENDING_POSTS_PER_USER,
  findPendingPost,
  sweepStaleRows,
} from '~/services/pending-posts.server'
import { createSession, hashToken, newToken, resolveSession } from '~/services/session.server'
import { newServerContext, requestContext } from './context.server'
import { loginGuard } from './guards.server'

const DAY = 24 * 3600 * 1000
const BASE = 'http://localhost:3000'
let database: Database
let userId: number
let otherId: number

beforeAll(async () => {
  database = await testDatabase()
  const rows = await database.db
    .insert(users)
    .values([
      { email: 'kept@example.org', passwordHash: 'x', pseudonym: 'p_kept' },
      { email: 'other@example.org', passwordHash: 'x', pseudonym: 'p_other' },
    ])
    .returning({ id: users.id })
  userId = rows[0]!.id
  otherId = rows[1]!.id
})
afterAll(async () => {
  await database?.close()
})

/** A session row of `uid` that expired `agoMs` ago; its token. */
async function expiredSession(uid: number, agoMs: number): Promise<string> {
  const token = newToken()
  const at = new Date(Date.now() - agoMs)
  await database.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: uid,
    createdAt: new Date(at.getTime() - DAY),
    lastSeenAt: new Date(at.getTime() - DAY),
    expiresAt: at,
    absoluteExpiresAt: new Date(at.getTime() + 60 * DAY),
  })
  return token
}

/** A form post through the login guard with an expired session; the redirect it answers with. */
async function postExpired(token: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  const context = newServerContext({ clientIp: '127.0.0.1', requestId: 't', secure: false })
  const app = { env: testEnv(), database, mailer: memoryMailer() }
  context.set(requestContext, {
    app,
    locale: 'de_DE',
    nonce: 'n',
    session: await resolveSession(database.db, token, new Date()),
    sessionToken: token,
    user: null,
    toasts: [],
    flash: [],
    consent: true,
    setCookies: [],
    server: { clientIp: '127.0.0.1', requestId: 't', secure: false },
    readsOnly: false,
  })
  const request = new Request(`${BASE}/ways/add`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE, ...headers },
    body: new URLSearchParams(body),
  })
  const guard = loginGuard()
  const thrown = await Promise.resolve()
    .then(() =>
      guard({ request, url: new URL(request.url), context, params: {}, pattern: '/ways/add' } as never, async () => {
        throw new Error('the guard let an expired session through')
      }),
    )
    .catch((e: unknown) => e)
  expect(thrown).toBeInstanceOf(Response)
  const res = thrown as Response
  const location = new URL(res.headers.get('Location')!, BASE)
  return {
    status: res.status,
    redirectTo: location.searchParams.get('redirectTo'),
    resume: location.searchParams.get('resume'),
  }
}

const keptOf = async (uid: number) =>
  (await database.db.select().from(pendingPosts).where(eq(pendingPosts.userId, uid))).map((r) => r.body).sort()

describe('a form sent with an expired session', () => {
  test.each(['http://[bad', 'http://', '::', `${BASE}/ways?page=2`])(
    'with a Referer of %s: redirected to login, the form kept',
    async (referer) => {
      const token = await expiredSession(userId, 3600_000)
      const r = await postExpired(token, { purposes: '1', remark: 'kept' }, { Referer: referer })
      expect(r.status).toBe(302)
      expect(r.redirectTo).toBe(referer.startsWith(BASE) ? '/ways' : '/ways/add')
      const post = await findPendingPost(database.db, userId, r.resume!, new Date())
      expect(post?.entries).toEqual([
        ['purposes', '1'],
        ['remark', 'kept'],
      ])
    },
  )

  test('password fields are never kept: the form comes back without them', async () => {
    const token = await expiredSession(userId, 3600_000)
    const r = await postExpired(token, { remark: 'kept', password: 'secret', currentPwd: 'old', newPassword2: 'x' })
    const post = await findPendingPost(database.db, userId, r.resume!, new Date())
    expect(post?.entries).toEqual([['remark', 'kept']])
  })

  test(`a participant keeps only the newest ${PENDING_POSTS_PER_USER} posts; another participant's stay`, async () => {
    await database.db.delete(pendingPosts)
    const otherToken = await expiredSession(otherId, 3600_000)
    await postExpired(otherToken, { n: 'other' })
    const token = await expiredSession(userId, 3600_000)
    for (let n = 1; n <= 12; n++) await postExpired(token, { n: String(n).padStart(2, '0') })
    expect(await keptOf(userId)).toEqual(['n=08', 'n=09', 'n=10', 'n=11', 'n=12'])
    expect(await keptOf(otherId)).toEqual(['n=other'])
  })

  test('a participant keeps at most 2 MB of form data: the newest big post replaces the older ones', async () => {
    await database.db.delete(pendingPosts)
    const token = await expiredSession(userId, 3600_000)
    for (let n = 0; n < 4; n++) await postExpired(token, { n: String(n), text: 'x'.repeat(900_000) })
    const kept = await keptOf(userId)
    expect(kept).toHaveLength(2)
    expect(kept.map((b) => b.slice(0, 3))).toEqual(['n=2', 'n=3'])
  })

  test('all kept posts together stay within their budget: the oldest rows go', async () => {
    await database.db.delete(pendingPosts)
    // Other participants' old posts filling more than the budget (one row per second, oldest last).
    const rows = Math.ceil(PENDING_POST_BYTES_TOTAL / (1024 * 1024)) + 5
    await database.db.execute(sql`
      insert into pending_posts (id, user_id, path, body, created_at)
      select 'old-' || g, ${otherId}, '/ways', repeat('a', 1048576), now() - g * interval '1 second'
      from generate_series(1, ${rows}) g`)
    const token = await expiredSession(userId, 3600_000)
    const r = await postExpired(token, { n: 'newest' })
    expect(await findPendingPost(database.db, userId, r.resume!, new Date())).not.toBeNull()
    const [{ total }] = rowsOf<{ total: string }>(
      await database.db.execute(
        sql`select coalesce(sum(length(body) + length(path)), 0)::bigint as total from pending_posts`,
      ),
    )
    expect(Number(total)).toBeLessThanOrEqual(PENDING_POST_BYTES_TOTAL)
    expect(Number(total)).toBeGreaterThan(PENDING_POST_BYTES_TOTAL - 2 * 1024 * 1024)
    // The rows that went are the oldest ones (the highest numbers).
    const left = await database.db.select({ id: pendingPosts.id }).from(pendingPosts)
    expect(left.some((x) => x.id === `old-${rows}`)).toBe(false)
    expect(left.some((x) => x.id === 'old-1')).toBe(true)
    await database.db.delete(pendingPosts)
  })
})

describe('sweeping', () => {
  test('sessions expired longer than a week ago go (at login and periodically), recently expired ones stay', async () => {
    const old = await expiredSession(otherId, 8 * DAY)
    const recent = await expiredSession(otherId, 2 * DAY)
    const has = async (token: string) =>
      (
        await database.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(token)))
      ).length === 1
    await createSession(database.db, userId, new Date())
    expect(await has(old)).toBe(false)
    expect(await has(recent)).toBe(true)
    expect((await resolveSession(database.db, recent, new Date())).state).toBe('invalid')
    const later = await expiredSession(otherId, 8 * DAY)
    await sweepStaleRows(database.db, new Date())
    expect(await has(later)).toBe(false)
    expect(await has(recent)).toBe(true)
  })

  test('posts older than 7 days go in the periodic sweep', async () => {
    const now = new Date()
    await database.db.insert(pendingPosts).values([
      {
        id: 'sweep-old',
        userId,
        path: '/ways',
        body: 'a=1',
        createdAt: new Date(now.getTime() - PENDING_POST_MAX_AGE_MS - 1),
      },
      { id: 'sweep-new', userId, path: '/ways', body: 'a=2', createdAt: now },
    ])
    await sweepStaleRows(database.db, now)
    const ids = (await database.db.select({ id: pendingPosts.id }).from(pendingPosts)).map((r) => r.id)
    expect(ids).toContain('sweep-new')
    expect(ids).not.toContain('sweep-old')
  })
})
