// edits.csv: the participants' corrections of the segmentation (split, merge, undo): columns, query, record.
import { asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { users, wayEdits } from '~/db/schema'
import { isoInZone } from '~/domain/exportFormat'
import type { Column, ParticipantFields, Row } from './rows.server'

/** edits.csv: the participants' corrections of the segmentation, one row per split, merge or undo. */
export const EDIT_COLUMNS: Column[] = [
  { name: 'edit_id', desc: 'id of the edit (in the order they were made)' },
  { name: 'time', desc: 'when it was made, ISO 8601 with offset' },
  {
    name: 'kind',
    desc: 'split (one way became two), merge (two became one) or undo (an earlier split or merge taken back)',
  },
  { name: 'ways_before', desc: 'ids of the ways it replaced (| separated)' },
  {
    name: 'ways_after',
    desc: 'ids of the ways it made (| separated); an undo brings back the ways before with their ids',
  },
  { name: 'undone', desc: 'true when a later undo took this split or merge back' },
]

export interface EditItem {
  edit: typeof wayEdits.$inferSelect
  participant: ParticipantFields
}

/** Every split, merge and undo of the campaign's participants, in the order they were made. */
export async function campaignEdits(db: DbOrTx, campaignId: number): Promise<EditItem[]> {
  const rows = await db
    .select({
      edit: wayEdits,
      pseudonym: users.pseudonym,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(wayEdits)
    .innerJoin(users, eq(users.id, wayEdits.userId))
    .where(eq(users.campaignId, campaignId))
    .orderBy(asc(wayEdits.id))
  return rows.map((r) => ({
    edit: r.edit,
    participant: { pseudonym: r.pseudonym, email: r.email, firstName: r.firstName, lastName: r.lastName },
  }))
}

export function editRecord(e: EditItem['edit'], timeZone: string): Row {
  return {
    edit_id: e.id,
    time: isoInZone(e.at, timeZone),
    kind: e.kind,
    ways_before: e.beforeIds,
    ways_after: e.afterIds,
    undone: e.undoneAt !== null,
  }
}
