// Sessions: random 256-bit tokens, stored as SHA-256 hashes, with an idle and an absolute expiry
// (docs/decisions/003-sessions.md). Used by the cookie (pages) and params.session (HTTP API) alike.
import crypto from 'node:crypto'
import { and, eq, lt, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { preparedFor } from '~/db/prepared.server'
import { writesEnded } from '~/db/writes.server'
import { catalogueVersion, sessions, users } from '~/db/schema'
import type { SessionUser } from './core.server'

const SESSION_IDLE_MS = 14 * 24 * 3600 * 1000
export const SESSION_ABSOLUTE_MS = 90 * 24 * 3600 * 1000
/**
 * An expired session stays this long after its expiry (so a form sent with it can still be kept for its participant),
 * then it goes: on every login and every kept post, and periodically.
 */
const EXPIRED_SESSION_KEPT_MS = 7 * 24 * 3600 * 1000
/** Extend the idle expiry at most once per this interval (keeps reads read-only). */
const TOUCH_INTERVAL_MS = 10 * 60 * 1000

export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}

export async function createSession(db: DbOrTx, userId: number, now: Date) {
  const token = newToken()
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS)
  const absoluteExpiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS)
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt, absoluteExpiresAt })
  // Clean up this user's expired sessions on the way.
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), or(lt(sessions.expiresAt, now), lt(sessions.absoluteExpiresAt, now))))
  await sweepExpiredSessions(db, now)
  return { token, expiresAt: minDate(expiresAt, absoluteExpiresAt) }
}

/** Deletes everyone's sessions that expired longer ago than they are kept. */
export async function sweepExpiredSessions(db: DbOrTx, now: Date) {
  const before = new Date(now.getTime() - EXPIRED_SESSION_KEPT_MS)
  await db.delete(sessions).where(or(lt(sessions.expiresAt, before), lt(sessions.absoluteExpiresAt, before)))
}

/**
 * The lookup every request makes, prepared (app/db/prepared.server.ts; measured 1.2–1.35 → 0.77 ms a lookup on
 * PGlite).
 */
const sessionByHash = (db: DbOrTx) =>
  preparedFor(db, 'session_by_hash', () =>
    db
      .select({
        // Only what a request uses: every column read is parsed on every request.
        s: {
          id: sessions.id,
          expiresAt: sessions.expiresAt,
          absoluteExpiresAt: sessions.absoluteExpiresAt,
          lastSeenAt: sessions.lastSeenAt,
        },
        u: {
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          alias: users.alias,
          campaignId: users.campaignId,
          passwordUpdateRequired: users.passwordUpdateRequired,
          locale: users.locale,
          dataVersion: users.dataVersion,
        },
        // The catalogue version rides along, so checking what the process keeps costs no query (ADR 303).
        cv: sql<number>`(select ${catalogueVersion.n} from ${catalogueVersion} where ${catalogueVersion.id} = 1)`.mapWith(
          Number,
        ),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('hash')))
      .limit(1)
      .prepare('session_by_hash'),
  )

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionByHash>['execute']>>[number]

/** Session rows kept at most between two writes (a few hundred bytes each). */
const MAX_KEPT_SESSIONS = 5000

/**
 * On the embedded database, the session rows read since its last write, by token digest (ADR 310): a write may have
 * changed any of them (a logout, the participant's data version, a touch), so the first write that ends drops them
 * all. Where writes are not counted (PostgreSQL, whose other processes write too) every lookup asks the database.
 */
const keptSessions = new WeakMap<object, { writes: number; rows: Map<string, SessionRow> }>()

async function sessionRow(db: DbOrTx, hash: string): Promise<SessionRow | undefined> {
  const writes = writesEnded(db)
  if (writes === undefined) return (await sessionByHash(db).execute({ hash }))[0]
  let kept = keptSessions.get(db)
  if (kept?.writes !== writes) keptSessions.set(db, (kept = { writes, rows: new Map() }))
  const hit = kept.rows.get(hash)
  if (hit) return hit
  const row = (await sessionByHash(db).execute({ hash }))[0]
  // Read before any write that ended since the count was taken: kept under that count, which a later lookup no
  // longer finds current.
  if (row && kept.rows.size < MAX_KEPT_SESSIONS) kept.rows.set(hash, Object.freeze(row))
  return row
}

export type ResolvedSession =
  | { state: 'none' }
  | { state: 'invalid'; expiredUserId?: number }
  /**
   * catalogueVersion: the database's catalogue version as the lookup read it (import-cache.server.ts); dataVersion:
   * the participant's (participant-cache.server.ts).
   */
  | { state: 'valid'; user: SessionUser; catalogueVersion: number; dataVersion: number }

/** Looks a token up; an expired one is 'invalid' (with the user id, so a pending form post can be kept for them). */
export async function resolveSession(
  db: DbOrTx,
  token: string | undefined | null,
  now: Date,
): Promise<ResolvedSession> {
  if (!token) return { state: 'none' }
  if (token.length > 200) return { state: 'invalid' }
  const row = await sessionRow(db, hashToken(token))
  if (!row) return { state: 'invalid' }
  const { s, u, cv } = row
  if (s.expiresAt <= now || s.absoluteExpiresAt <= now) return { state: 'invalid', expiredUserId: u.id }
  let expiresAt = s.expiresAt
  if (now.getTime() - s.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    expiresAt = new Date(now.getTime() + SESSION_IDLE_MS)
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, s.id))
  }
  return {
    state: 'valid',
    catalogueVersion: cv,
    dataVersion: u.dataVersion,
    user: {
      id: u.id,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      alias: u.alias,
      campaignId: u.campaignId,
      passwordUpdateRequired: u.passwordUpdateRequired,
      locale: u.locale,
      sessionId: s.id,
      // A Date of its own: the row may be kept and shared by later lookups.
      sessionExpiresAt: new Date(minDate(expiresAt, s.absoluteExpiresAt)),
    },
  }
}

/** updateSessionValidity: push the idle expiry forward (never past the absolute one). */
export async function extendSession(db: DbOrTx, sessionId: number, now: Date) {
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS)
  const [row] = await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(eq(sessions.id, sessionId))
    .returning({ absoluteExpiresAt: sessions.absoluteExpiresAt })
  return minDate(expiresAt, row?.absoluteExpiresAt ?? expiresAt)
}

export async function deleteSession(db: DbOrTx, token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)))
}

export async function deleteUserSessions(db: DbOrTx, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId))
}

function minDate(a: Date, b: Date) {
  return a < b ? a : b
}
