// Research data out:
// - runExport: `npm run admin -- export --campaign ID --out DIR [--with-identity]` writes trips.geojson, legs.csv,
//   trips.csv, zero_trip_days.csv, answers.csv, questionnaires.json, catalogues.json, mode_matrix.csv and README.txt.
//   It streams: ways, answers and no-trip days are read in keyset-paged batches (BATCH_SIZE rows ordered by id) and
//   written through file streams that respect backpressure, so memory holds one batch however large the study.
//   Runs in the CLI process or, while a server holds the embedded database, inside the server (/admin/cli).
// - the participant's own data ("Download my data") is export/own-data.server.ts.
// Both shape ways with the same code (export/ways.server.ts over the pages' toTripDto); each exported file's columns,
// query and record live together in export/ (rows.server.ts holds what they share), README.txt is
// export/readme.server.ts.
import fs from 'node:fs'
import path from 'node:path'
import { count, eq } from 'drizzle-orm'
import type { Db } from '~/db/connect.server'
import { campaigns, users } from '~/db/schema'
import { csvRecord, isoInZone } from '~/domain/exportFormat'
import { ModeMatrix } from '~/domain/modeMatrix'
import { dayInZone } from '~/domain/time'
import { inReview, reviewDays } from '~/domain/listDays'
import { studyTimeZone } from '~/infra/env.server'
import { campaignQuestionnaires } from './questionnaire/store.server'
import { ANSWER_COLUMNS, answerBatches, answerRecord, answersOfCampaign, optionIndex } from './export/answers.server'
import { ZERO_TRIP_DAY_COLUMNS, zeroTripDayBatches, zeroTripDayRecord } from './export/days.server'
import { campaignEdits, EDIT_COLUMNS, editRecord } from './export/edits.server'
import { cataloguesDoc, questionnaireDoc } from './export/json-files.server'
import { modeMatrixCsv } from './export/mode-matrix.server'
import { OutFile } from './export/out-file.server'
import { readme } from './export/readme.server'
import {
  BATCH_SIZE,
  campaignCatalogues,
  flatten,
  ofCampaign,
  participantRecord,
  valuesOf,
  withParticipant,
  type Column,
  type Row,
} from './export/rows.server'
import {
  LEG_COLUMNS,
  LEG_TRIP_COLUMNS,
  legGeometry,
  labelSourceRecord,
  legRecord,
  legTripFacts,
  TRIP_COLUMNS,
  tripRecord,
  wayBatches,
  wayDto,
  type WayBatchItem,
} from './export/ways.server'

/** A refused export (unknown campaign, unusable output directory): nothing is written. */
export class ExportError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ExportError'
  }
}

/** The research export's language for catalogue names (purposes, report reasons, derived way names). */
const EXPORT_LOCALE = 'de_DE' as const

export const EXPORT_FILES = [
  'trips.geojson',
  'legs.csv',
  'trips.csv',
  'zero_trip_days.csv',
  'answers.csv',
  'questionnaires.json',
  'catalogues.json',
  'mode_matrix.csv',
  'edits.csv',
  'README.txt',
] as const

export interface ExportTuning {
  /** Rows per query (default BATCH_SIZE). */
  batchSize?: number
  /** Default: STUDY_TIME_ZONE, else Europe/Berlin. */
  timeZone?: string
  now?: Date
  /** Called after each batch has been written (tests check the batching with it). */
  onBatch?: (batch: { kind: 'ways' | 'zeroTripDays' | 'answers'; rows: number; legs: number }) => void
}

/** Writes the campaign's research export into outDir and returns a human-readable summary. */
export async function runExport(
  db: Db,
  opts: { campaignId: number; outDir: string; withIdentity: boolean },
  tuning: ExportTuning = {},
): Promise<string> {
  const { campaignId, outDir, withIdentity } = opts
  const tz = tuning.timeZone ?? studyTimeZone()
  const batchSize = tuning.batchSize ?? BATCH_SIZE
  const now = tuning.now ?? new Date()

  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId))
  if (!campaign) throw new ExportError(`campaign ${campaignId} does not exist`)
  try {
    // A directory the export creates is the researcher's alone; an existing one keeps the mode it was given.
    fs.mkdirSync(outDir, { recursive: true, mode: 0o700 })
  } catch (err) {
    throw new ExportError(`cannot create ${outDir}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`)
  }

  const [{ participants }] = await db
    .select({ participants: count() })
    .from(users)
    .where(eq(users.campaignId, campaignId))
  const cat = await campaignCatalogues(db, campaignId, EXPORT_LOCALE)
  const qtns = await campaignQuestionnaires(db, campaignId)
  const index = optionIndex(qtns)

  const tripColumns = withParticipant(TRIP_COLUMNS, withIdentity)
  const legColumns = withParticipant(
    [{ name: 'trip_id', desc: 'id of the way the leg belongs to' }, ...LEG_COLUMNS, ...LEG_TRIP_COLUMNS],
    withIdentity,
  )
  const dayColumns = withParticipant(ZERO_TRIP_DAY_COLUMNS, withIdentity)
  const answerColumns = withParticipant(ANSWER_COLUMNS, withIdentity)
  const editColumns = withParticipant(EDIT_COLUMNS, withIdentity)
  const header = (columns: Column[]) => csvRecord(columns.map((c) => c.name))

  const files: Record<(typeof EXPORT_FILES)[number], OutFile> = Object.fromEntries(
    EXPORT_FILES.map((name) => [name, new OutFile(path.join(outDir, name))]),
  ) as never
  const counts = { ways: 0, legs: 0, features: 0, zeroTripDays: 0, answers: 0 }
  try {
    // Ways and legs: trips.geojson, legs.csv, trips.csv and the mode matrix in one pass.
    const matrix = new ModeMatrix()
    await files['trips.geojson'].write('{"type":"FeatureCollection","features":[\n')
    await files['legs.csv'].write(header(legColumns))
    await files['trips.csv'].write(header(tripColumns))
    // One batch's text lives only inside this function, so it is garbage before the next batch is read (in the loop's
    // own scope it would be held through the next query).
    const writeWays = async (batch: WayBatchItem[]) => {
      let features = ''
      let legLines = ''
      let tripLines = ''
      let legs = 0
      for (const item of batch) {
        const dto = wayDto(item, cat, tz)
        const who = participantRecord(item.participant, withIdentity)
        const trip = tripRecord(dto, item.row, cat, tz)
        tripLines += csvRecord(valuesOf({ ...who, ...trip }, tripColumns))
        const facts = legTripFacts(trip)
        const stored = new Map(item.legs.map((l) => [l.id, l]))
        for (const leg of dto.legs) {
          const labels = labelSourceRecord(stored.get(leg.id)!, tz)
          const row: Row = { ...who, trip_id: dto.id, ...legRecord(leg, tz), ...labels, ...facts }
          legLines += csvRecord(valuesOf(row, legColumns))
          const flat = flatten(row)
          const properties = Object.fromEntries(legColumns.map((c) => [c.name, flat[c.name] ?? null]))
          features +=
            (counts.features++ ? ',\n' : '') +
            JSON.stringify({ type: 'Feature', id: leg.id, geometry: legGeometry(leg), properties })
          matrix.add({
            detectedModes: leg.detectedModes,
            confirmedModes: leg.tfcModes.map((m) => m.constant),
            len: leg.len,
            validated: leg.validationStatus,
          })
          legs++
        }
      }
      await files['trips.geojson'].write(features)
      await files['legs.csv'].write(legLines)
      await files['trips.csv'].write(tripLines)
      return legs
    }
    for await (const batch of wayBatches(db, ofCampaign(campaignId), batchSize)) {
      const legsInBatch = await writeWays(batch)
      counts.ways += batch.length
      counts.legs += legsInBatch
      tuning.onBatch?.({ kind: 'ways', rows: batch.length, legs: legsInBatch })
    }
    await files['trips.geojson'].write('\n]}\n')
    await files['mode_matrix.csv'].write(modeMatrixCsv(matrix))

    await files['zero_trip_days.csv'].write(header(dayColumns))
    // Only marks on the participant's real study days (the rule of their list and of `status`).
    const campaignDays = { startDay: dayInZone(campaign.startAt, tz), endDay: dayInZone(campaign.endAt, tz) }
    const today = dayInZone(now, tz)
    for await (const batch of zeroTripDayBatches(db, ofCampaign(campaignId), batchSize)) {
      const onStudyDays = batch.filter((d) =>
        inReview(d.day, reviewDays(campaignDays, dayInZone(d.joinedAt, tz), today)),
      )
      const lines = onStudyDays.map((d) =>
        csvRecord(
          valuesOf({ ...participantRecord(d.participant, withIdentity), ...zeroTripDayRecord(d, tz) }, dayColumns),
        ),
      )
      await files['zero_trip_days.csv'].write(lines.join(''))
      counts.zeroTripDays += onStudyDays.length
      tuning.onBatch?.({ kind: 'zeroTripDays', rows: batch.length, legs: 0 })
    }

    await files['answers.csv'].write(header(answerColumns))
    const answerWhere = answersOfCampaign(
      campaignId,
      qtns.map((q) => q.id),
    )
    for await (const batch of answerBatches(db, answerWhere, batchSize)) {
      const lines = batch.map((a) =>
        csvRecord(
          valuesOf(
            { ...participantRecord(a.participant, withIdentity), ...answerRecord(a.answer, index, tz) },
            answerColumns,
          ),
        ),
      )
      await files['answers.csv'].write(lines.join(''))
      counts.answers += batch.length
      tuning.onBatch?.({ kind: 'answers', rows: batch.length, legs: 0 })
    }

    await files['edits.csv'].write(header(editColumns))
    await files['edits.csv'].write(
      (await campaignEdits(db, campaignId))
        .map((e) =>
          csvRecord(
            valuesOf({ ...participantRecord(e.participant, withIdentity), ...editRecord(e.edit, tz) }, editColumns),
          ),
        )
        .join(''),
    )

    await files['questionnaires.json'].write(
      JSON.stringify(
        qtns.map((q) => questionnaireDoc(q, tz)),
        null,
        2,
      ) + '\n',
    )
    await files['catalogues.json'].write(JSON.stringify(await cataloguesDoc(db, campaignId), null, 2) + '\n')
    const facts = { campaign, participants, counts, withIdentity, tz, at: isoInZone(now, tz) }
    await files['README.txt'].write(readme(facts, { tripColumns, legColumns, dayColumns, answerColumns, editColumns }))

    for (const f of Object.values(files)) await f.close()
    for (const f of Object.values(files)) f.commit()
  } catch (err) {
    for (const f of Object.values(files)) f.abort()
    throw err
  }

  return [
    `exported campaign ${campaignId} "${campaign.name}": ${participants} participants, ${counts.ways} ways, ${counts.legs} legs, ` +
      `${counts.zeroTripDays} no-trip days, ${counts.answers} answers${withIdentity ? ' (with identity)' : ' (pseudonymous)'}`,
    `wrote ${EXPORT_FILES.join(', ')} to ${outDir}`,
  ].join('\n')
}
