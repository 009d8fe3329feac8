// Form posts that arrived with an expired session (kept by the login guard in ~/lib/guards.server): after the next
// login the participant sees them on /user/resume/:id and can send them again with one click, or discard them.
// Not a service method (no HTTP API): only the owner, logged in again, ever sees a row; rows live at most 7 days.
// What is kept is bounded: a participant's newest few posts within a byte budget, and the whole table within its own
// (the oldest rows go first, docs/decisions/247-bounded-pending-posts-and-session-sweep.md).
import crypto from 'node:crypto'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { pendingPosts } from '~/db/schema'
import { decodeFormEntries, encodeFormEntries, type FormEntries } from '~/domain/formEntries'
import type { ServiceContext } from './core.server'
import { sweepExpiredSessions } from './session.server'

export const PENDING_POST_MAX_AGE_MS = 7 * 24 * 3600 * 1000
/** A participant's kept posts: the newest this many… */
export const PENDING_POSTS_PER_USER = 5
/** …within this many characters of form data together. */
const PENDING_POST_BYTES_PER_USER = 2 * 1024 * 1024
/** Everyone's kept posts together: the newest within this many characters. */
export const PENDING_POST_BYTES_TOTAL = 64 * 1024 * 1024

export interface PendingPost {
  id: string
  /** The path the form was posted to. */
  path: string
  /** The kept entries, in their order (repeated names allowed). */
  entries: FormEntries
  createdAt: Date
}

/** Drops every row older than 7 days (anyone's). */
async function expirePendingPosts(db: DbOrTx, now: Date) {
  await db.delete(pendingPosts).where(lt(pendingPosts.createdAt, new Date(now.getTime() - PENDING_POST_MAX_AGE_MS)))
}

/** A field that holds a password: never stored (ADR 007), so a password form comes back without it and asks again. */
const isPasswordField = (name: string) => /password|pwd/i.test(name)

/**
 * Keeps the entries of a form post that arrived with an expired session (its participant's id, the path it was posted
 * to), without the password fields, and returns its id. On the way, the stale rows go (posts older than 7 days,
 * sessions long expired), then the oldest posts beyond the participant's and the table's budget: the new one is
 * always kept unless it alone is over the participant's budget.
 */
export async function keepPendingPost(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  post: { userId: number; path: string; entries: readonly [string, string][] },
): Promise<string | null> {
  const now = ctx.now()
  const body = encodeFormEntries(post.entries.filter(([name]) => !isPasswordField(name)))
  if (body.length + post.path.length > PENDING_POST_BYTES_PER_USER) return null
  const id = crypto.randomBytes(18).toString('base64url')
  await ctx.db.transaction(async (tx) => {
    await expirePendingPosts(tx, now)
    await sweepExpiredSessions(tx, now)
    await tx.insert(pendingPosts).values({ id, userId: post.userId, path: post.path, body, createdAt: now })
    await trimPendingPosts(tx, post.userId)
  })
  return id
}

/** The sizes add up from the newest row down; a row past a budget (the user's count or bytes, the table's bytes) goes. */
async function trimPendingPosts(db: DbOrTx, userId: number) {
  const size = sql`length(${pendingPosts.body}) + length(${pendingPosts.path})`
  const newestFirst = sql`order by ${pendingPosts.createdAt} desc, ${pendingPosts.id} desc`
  await db.execute(sql`
    delete from ${pendingPosts} where ${pendingPosts.id} in (
      select id from (
        select ${pendingPosts.id} as id, ${pendingPosts.userId} as user_id,
          row_number() over (partition by ${pendingPosts.userId} ${newestFirst}) as n_user,
          sum(${size}) over (partition by ${pendingPosts.userId} ${newestFirst}) as bytes_user,
          sum(${size}) over (${newestFirst}) as bytes_total
        from ${pendingPosts}
      ) ranked
      where (user_id = ${userId} and (n_user > ${PENDING_POSTS_PER_USER} or bytes_user > ${PENDING_POST_BYTES_PER_USER}))
        or bytes_total > ${PENDING_POST_BYTES_TOTAL}
    )`)
}

/** The periodic sweep: posts older than 7 days and sessions long expired, anyone's. */
export async function sweepStaleRows(db: DbOrTx, now: Date) {
  await expirePendingPosts(db, now)
  await sweepExpiredSessions(db, now)
}

/** The user's own row, if it exists and is younger than 7 days; someone else's id answers null. */
export async function findPendingPost(db: DbOrTx, userId: number, id: string, now: Date): Promise<PendingPost | null> {
  if (!id || id.length > 100) return null
  await expirePendingPosts(db, now)
  const [row] = await db
    .select()
    .from(pendingPosts)
    .where(
      and(
        eq(pendingPosts.id, id),
        eq(pendingPosts.userId, userId),
        gt(pendingPosts.createdAt, new Date(now.getTime() - PENDING_POST_MAX_AGE_MS)),
      ),
    )
    .limit(1)
  if (!row) return null
  return { id: row.id, path: row.path, entries: decodeFormEntries(row.body), createdAt: row.createdAt }
}

/** Removes the user's row and returns it (null when it was gone already): used for "send again" and "discard". */
export async function takePendingPost(db: DbOrTx, userId: number, id: string, now: Date): Promise<PendingPost | null> {
  const post = await findPendingPost(db, userId, id, now)
  if (!post) return null
  const deleted = await db
    .delete(pendingPosts)
    .where(and(eq(pendingPosts.id, id), eq(pendingPosts.userId, userId)))
    .returning({ id: pendingPosts.id })
  return deleted.length ? post : null
}
