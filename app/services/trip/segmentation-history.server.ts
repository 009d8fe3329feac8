// What a split or merge keeps so nothing recorded is lost: the ways it replaces, row for row (trip, legs,
// questionnaire answers, completions and drafts), in way_edits; the undo puts them back with their ids. Also which
// edit can be undone now, and where a way came from (origin and the recorded ways behind it) as the export says it.
import { and, desc, type Column, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { answers, legs, questionnaireCompletions, questionnaireDrafts, trips, wayEdits } from '~/db/schema'
import { legRowsOf } from './checks.server'
import type { LegRow, TripRow } from './model.server'

type WayEditRow = typeof wayEdits.$inferSelect

/** The rows of ways as kept in way_edits.saved (times as ISO strings once stored). */
export interface SavedWays {
  trips: TripRow[]
  legs: LegRow[]
  answers: (typeof answers.$inferSelect)[]
  completions: (typeof questionnaireCompletions.$inferSelect)[]
  drafts: (typeof questionnaireDrafts.$inferSelect)[]
}

const scopesOf = (tripIds: readonly number[], legIds: readonly number[]) => [
  ...tripIds.map((id) => `trip:${id}`),
  ...legIds.map((id) => `leg:${id}`),
]

/** Everything stored about some of the participant's ways, to keep before an edit replaces them. */
export async function saveWays(tx: DbOrTx, userId: number, tripRows: TripRow[]): Promise<SavedWays> {
  const tripIds = tripRows.map((t) => t.id)
  const legRows = (await Promise.all(tripIds.map((id) => legRowsOf(tx, id)))).flat()
  const scopes = scopesOf(
    tripIds,
    legRows.map((l) => l.id),
  )
  const ofUser = (t: { userId: Column; scope: Column }) => and(eq(t.userId, userId), inArray(t.scope, scopes))
  return {
    trips: tripRows,
    legs: legRows,
    answers: await tx.select().from(answers).where(ofUser(answers)),
    completions: await tx.select().from(questionnaireCompletions).where(ofUser(questionnaireCompletions)),
    drafts: await tx.select().from(questionnaireDrafts).where(ofUser(questionnaireDrafts)),
  }
}

/** Turns the ISO strings of stored times back into dates. */
function revive<T extends object>(row: T, keys: readonly string[]): T {
  const out = { ...row } as Record<string, unknown>
  for (const k of keys) if (typeof out[k] === 'string') out[k] = new Date(out[k] as string)
  return out as T
}

/** Deletes the ways (with their legs and everything answered for them) and puts the saved ones back, ids and all. */
export async function restoreWays(tx: DbOrTx, userId: number, removeIds: number[], saved: SavedWays) {
  const removedLegs = await tx.select({ id: legs.id }).from(legs).where(inArray(legs.tripId, removeIds))
  const scopes = scopesOf(
    [...removeIds, ...saved.trips.map((t) => t.id)],
    [...removedLegs.map((l) => l.id), ...saved.legs.map((l) => l.id)],
  )
  for (const t of [answers, questionnaireCompletions, questionnaireDrafts])
    await tx.delete(t).where(and(eq(t.userId, userId), inArray(t.scope, scopes)))
  await tx.delete(trips).where(and(eq(trips.userId, userId), inArray(trips.id, removeIds)))
  await tx.insert(trips).values(saved.trips.map((t) => revive(t, ['creationTime', 'startTime', 'endTime'])))
  if (saved.legs.length)
    await tx
      .insert(legs)
      .values(saved.legs.map((l) => revive(l, ['startTime', 'endTime', 'purposeSetAt', 'modeSetAt'])))
  if (saved.answers.length) await tx.insert(answers).values(saved.answers.map((a) => revive(a, ['createdAt'])))
  if (saved.completions.length)
    await tx.insert(questionnaireCompletions).values(saved.completions.map((c) => revive(c, ['completedAt'])))
  if (saved.drafts.length)
    await tx.insert(questionnaireDrafts).values(saved.drafts.map((d) => revive(d, ['updatedAt'])))
}

/** The recorded ways a way came from: its own id when recorded, none when added by hand. */
export function originIdsOf(trip: Pick<TripRow, 'id' | 'originIds' | 'creationType'>): number[] {
  if (trip.originIds) return trip.originIds
  return trip.creationType === 'CREATED_MANUALLY' ? [] : [trip.id]
}

/** How a way came to be, as the export names it. */
export function originOf(trip: Pick<TripRow, 'origin' | 'creationType'>): 'recorded' | 'manual' | 'split' | 'merged' {
  return trip.origin ?? (trip.creationType === 'CREATED_MANUALLY' ? 'manual' : 'recorded')
}

/**
 * The edit that made way `tripId` and can be undone now, if any: the latest not yet undone split or merge with the
 * way among its results, provided every result still exists and none was split or merged again since.
 */
export async function revertibleEdit(db: DbOrTx, userId: number, tripId: number): Promise<WayEditRow | null> {
  const [edit] = await db
    .select()
    .from(wayEdits)
    .where(
      and(
        eq(wayEdits.userId, userId),
        isNull(wayEdits.undoneAt),
        ne(wayEdits.kind, 'undo'),
        sql`${wayEdits.afterIds} @> ${JSON.stringify([tripId])}::jsonb`,
      ),
    )
    .orderBy(desc(wayEdits.id))
    .limit(1)
  if (!edit) return null
  const [later] = await db
    .select({ id: wayEdits.id })
    .from(wayEdits)
    .where(
      and(
        eq(wayEdits.userId, userId),
        gt(wayEdits.id, edit.id),
        isNull(wayEdits.undoneAt),
        ne(wayEdits.kind, 'undo'),
        or(...edit.afterIds.map((id) => sql`${wayEdits.beforeIds} @> ${JSON.stringify([id])}::jsonb`)),
      ),
    )
    .limit(1)
  if (later) return null
  const present = await db
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.userId, userId), inArray(trips.id, edit.afterIds)))
  return present.length === edit.afterIds.length ? edit : null
}
