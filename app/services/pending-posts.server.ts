// Form posts that arrived with an expired session (kept by the login guard in ~/lib/guards.server): after the next
// login the participant sees them on /user/resume/:id and can send them again with one click, or discard them.
// Not a service method (no HTTP API): only the owner, logged in again, ever sees a row; rows live at most 7 days.
import { and, eq, gt, lt } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { pendingPosts } from '~/db/schema'

export const PENDING_POST_MAX_AGE_MS = 7 * 24 * 3600 * 1000

export interface PendingPost {
  id: string
  /** The path the form was posted to. */
  path: string
  /** The kept entries, in their order (repeated names allowed). */
  entries: [string, string][]
  createdAt: Date
}

/** Drops every row older than 7 days (anyone's). */
async function expirePendingPosts(db: DbOrTx, now: Date) {
  await db.delete(pendingPosts).where(lt(pendingPosts.createdAt, new Date(now.getTime() - PENDING_POST_MAX_AGE_MS)))
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
  return { id: row.id, path: row.path, entries: [...new URLSearchParams(row.body)], createdAt: row.createdAt }
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
