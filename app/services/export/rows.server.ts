// The one mapping from stored rows to exported records, shared by the researcher's export (export.server.ts
// runExport: CSV and GeoJSON files) and the participant's own-data download (export/own-data.server.ts): both read
// through the same keyset-paged queries and shape ways with the pages' toTripDto, so what a participant sees and
// confirms is exactly what the researcher gets. This module holds what every file shares (cells, columns with their
// descriptions, the participant's columns, catalogues); each file's columns, query and record live together:
// export/ways.server.ts (trips.csv, legs.csv, trips.geojson), export/days.server.ts, export/answers.server.ts,
// export/edits.server.ts. The export's README.txt is generated from the column lists.
import { asc, eq, isNull, or } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { feedbackReasons, tripPurposes, users } from '~/db/schema'
import type { CellValue } from '~/domain/exportFormat'
import type { Locale } from '~/domain/locale'
import { TRAFFIC_MODES } from '~/domain/trafficModes'
import { localized } from '../info.server'
import type { Catalogues } from '../trip/model.server'

export type Row = Record<string, CellValue>
export interface Column {
  name: string
  desc: string
}

/** The pages' catalogues (purpose and mode names) plus the feedback reasons' names. */
export interface ExportCatalogues extends Catalogues {
  reasonNames: Map<number, string>
}

/** Rows per query: a batch of ways (with their legs), answers or no-trip days is all the export holds at once. */
export const BATCH_SIZE = 1000

// ---------------------------------------------------------------------------------------------------------------
// The participant

const PARTICIPANT_COLUMNS: Column[] = [
  {
    name: 'participant_id',
    desc: 'pseudonymous participant id (stable per participant, not derived from the e-mail address)',
  },
]
const IDENTITY_COLUMNS: Column[] = [
  { name: 'email', desc: 'e-mail address (only with --with-identity)' },
  { name: 'first_name', desc: 'first name (only with --with-identity)' },
  { name: 'last_name', desc: 'last name (only with --with-identity)' },
]

export interface ParticipantFields {
  pseudonym: string
  email: string
  firstName: string | null
  lastName: string | null
}

/** The participant's columns for a query's select, read back by participantOf. */
export const participantSelect = {
  pseudonym: users.pseudonym,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
}

export const participantOf = (r: ParticipantFields): ParticipantFields => ({
  pseudonym: r.pseudonym,
  email: r.email,
  firstName: r.firstName,
  lastName: r.lastName,
})

/**
 * Rows in batches ordered by a numeric id (keyset paging): each batch starts after the last id of the one before, so
 * memory holds one batch and rows written meanwhile are neither skipped nor repeated.
 */
export async function* keysetBatches<T>(
  page: (after: number, limit: number) => Promise<T[]>,
  idOf: (row: T) => number,
  batchSize = BATCH_SIZE,
): AsyncGenerator<T[]> {
  let after = 0
  for (;;) {
    const rows = await page(after, batchSize)
    if (!rows.length) return
    yield rows
    if (rows.length < batchSize) return
    after = idOf(rows[rows.length - 1]!)
  }
}

export function withParticipant(columns: Column[], withIdentity: boolean): Column[] {
  return [...PARTICIPANT_COLUMNS, ...(withIdentity ? IDENTITY_COLUMNS : []), ...columns]
}

/** A record's cells in the order of the columns. */
export const valuesOf = (row: Row, columns: Column[]): CellValue[] => columns.map((c) => row[c.name])

export function participantRecord(p: ParticipantFields, withIdentity: boolean): Row {
  return withIdentity
    ? { participant_id: p.pseudonym, email: p.email, first_name: p.firstName, last_name: p.lastName }
    : { participant_id: p.pseudonym }
}

/** GeoJSON properties and CSV cells hold scalars: lists become '|'-joined strings (QGIS and geopandas read them as text). */
export function flatten(row: Row): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {}
  for (const [k, v] of Object.entries(row))
    out[k] = Array.isArray(v) ? v.join('|') : ((v ?? null) as string | number | boolean | null)
  return out
}

/** The research export's filter: everything of the participants currently assigned to the campaign. */
export const ofCampaign = (campaignId: number) => eq(users.campaignId, campaignId)

// ---------------------------------------------------------------------------------------------------------------
// Catalogues

/** The research export's catalogues: a campaign's purposes and reasons (plus the global ones) in one language. */
export async function campaignCatalogues(db: DbOrTx, campaignId: number, locale: Locale): Promise<ExportCatalogues> {
  const scope = <C extends typeof tripPurposes.campaignId | typeof feedbackReasons.campaignId>(col: C) =>
    or(isNull(col), eq(col, campaignId))
  const purposeRows = await db
    .select()
    .from(tripPurposes)
    .where(scope(tripPurposes.campaignId))
    .orderBy(asc(tripPurposes.sortIdx), asc(tripPurposes.id))
  const reasonRows = await db
    .select()
    .from(feedbackReasons)
    .where(scope(feedbackReasons.campaignId))
    .orderBy(asc(feedbackReasons.sortIdx), asc(feedbackReasons.id))
  const purposes = purposeRows.map((p) => ({ id: p.id, name: localized(p.name, locale) }))
  return {
    purposes,
    purposeNames: new Map(purposes.map((p) => [p.id, p.name])),
    // Mode constants are the research vocabulary; catalogues.json names them.
    modeNames: new Map(TRAFFIC_MODES.map((m) => [m.constant, m.constant])),
    reasonNames: new Map(reasonRows.map((r) => [r.id, localized(r.name, locale)])),
  }
}
