// Research data out:
// - runExport: `npm run admin -- export --campaign ID --out DIR [--with-identity]` writes trips.geojson, legs.csv,
//   trips.csv, zero_trip_days.csv, answers.csv, questionnaires.json, catalogues.json, mode_matrix.csv and README.txt.
//   It streams: ways, answers and no-trip days are read in keyset-paged batches (BATCH_SIZE rows ordered by id) and
//   written through file streams that respect backpressure, so memory holds one batch however large the study.
//   Runs in the CLI process or, while a server holds the embedded database, inside the server (/admin/cli).
// - exportOwnData: everything stored about the caller, for the "Download my data" link (/user/my-data) and the
//   HTTP API (user.getOwnData).
// Both shape ways with the same code (export/rows.server.ts over the pages' toTripDto).
import fs from 'node:fs'
import path from 'node:path'
import { once } from 'node:events'
import { finished } from 'node:stream/promises'
import { asc, count, eq, inArray, isNull, or } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '~/db/connect.server'
import {
  answers,
  campaigns,
  feedbackReasons,
  oneTimeTokens,
  pendingPosts,
  pois,
  questionnaireCompletions,
  questionnaireDrafts,
  questionnaires,
  sessions,
  tripPurposes,
  trips,
  users,
  zeroTripDays,
} from '~/db/schema'
import { csvRecord, isoInZone } from '~/domain/exportFormat'
import { ModeMatrix } from '~/domain/modeMatrix'
import { ANSWER_BOUNDS } from '~/domain/limits'
import { dayInZone } from '~/domain/time'
import { inReview, reviewDays } from '~/domain/listDays'
import { tFor } from '~/infra/i18n.server'
import { method, type AuthedContext, type Service } from './core.server'
import { currentCampaign } from './campaign.server'
import { listFeedbackReasons, listTrafficModes } from './info.server'
import { studyTimeZone } from '~/infra/env.server'
import { toPoiDto } from './poi.server'
import { campaignQuestionnaires, type StoredQuestionnaire } from './questionnaire/store.server'
import { catalogues } from './trip/model.server'
import {
  ANSWER_COLUMNS,
  campaignEdits,
  EDIT_COLUMNS,
  editRecord,
  answerBatches,
  answerRecord,
  answersOfCampaign,
  BATCH_SIZE,
  campaignCatalogues,
  flatten,
  LEG_COLUMNS,
  LEG_TRIP_COLUMNS,
  legGeometry,
  legRecord,
  labelSourceRecord,
  legTripFacts,
  ofCampaign,
  optionIndex,
  participantRecord,
  TRIP_COLUMNS,
  tripRecord,
  valuesOf,
  wayBatches,
  wayDto,
  withParticipant,
  ZERO_TRIP_DAY_COLUMNS,
  zeroTripDayBatches,
  zeroTripDayRecord,
  type Column,
  type ExportCatalogues,
  type WayBatchItem,
  type Row,
} from './export/rows.server'

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

/** A file written through a stream that respects backpressure; it gets its name only once the export succeeded. */
class OutFile {
  private readonly stream: fs.WriteStream
  private error: Error | null = null
  readonly partial: string

  constructor(readonly file: string) {
    this.partial = `${file}.partial`
    // Only the researcher's account may read it (the files are personal data, with --with-identity even names).
    this.stream = fs.createWriteStream(this.partial, { encoding: 'utf8', mode: 0o600 })
    this.stream.on('error', (err) => (this.error ??= err))
  }

  async write(chunk: string) {
    if (this.error) throw this.error
    if (chunk === '') return
    if (!this.stream.write(chunk)) await once(this.stream, 'drain')
  }

  async close() {
    this.stream.end()
    await finished(this.stream)
    if (this.error) throw this.error
  }

  commit() {
    fs.renameSync(this.partial, this.file)
  }

  abort() {
    this.stream.destroy()
    fs.rmSync(this.partial, { force: true })
  }
}

const MATRIX_COLUMNS: Column[] = [
  { name: 'detected_modes', desc: 'modes recorded by the app (sorted, | separated; UNKNOWN: none)' },
  { name: 'confirmed_modes', desc: 'modes the leg has now: confirmed or corrected by the participant (UNKNOWN: none)' },
  { name: 'agrees', desc: 'true when both are the same' },
  { name: 'validated_legs', desc: 'legs with this pair that the participant validated' },
  { name: 'validated_km', desc: 'their length in kilometres' },
  { name: 'all_legs', desc: 'all legs with this pair, validated or not' },
  { name: 'all_km', desc: 'their length in kilometres' },
]

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
    await files['mode_matrix.csv'].write(
      header(MATRIX_COLUMNS) +
        matrix
          .rows()
          .map((r) => csvRecord(valuesOf({ ...r }, MATRIX_COLUMNS)))
          .join(''),
    )

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

function questionnaireDoc(q: StoredQuestionnaire, tz: string) {
  return {
    id: q.id,
    type: q.type,
    mandatory: q.mandatory,
    availFrom: q.availFrom ? isoInZone(q.availFrom, tz) : null,
    availUntil: q.availUntil ? isoInZone(q.availUntil, tz) : null,
    tfcModes: q.tfcModes,
    definition: q.def,
  }
}

async function cataloguesDoc(db: Db, campaignId: number) {
  const purposes = await db
    .select()
    .from(tripPurposes)
    .where(ofCampaignOrGlobal(tripPurposes.campaignId, campaignId))
    .orderBy(asc(tripPurposes.id))
  const reasons = await db
    .select()
    .from(feedbackReasons)
    .where(ofCampaignOrGlobal(feedbackReasons.campaignId, campaignId))
    .orderBy(asc(feedbackReasons.id))
  const de = listTrafficModes('de_DE')
  const en = new Map(listTrafficModes('en_US').map((m) => [m.constant, m.name]))
  return {
    tripPurposes: purposes.map((p) => ({ id: p.id, name: p.name })),
    feedbackReasons: reasons.map((r) => ({ id: r.id, name: r.name })),
    trafficModes: de.map((m) => ({
      constant: m.constant,
      name: { de_DE: m.name, en_US: en.get(m.constant) ?? m.constant },
    })),
  }
}

function ofCampaignOrGlobal(
  col: typeof tripPurposes.campaignId | typeof feedbackReasons.campaignId,
  campaignId: number,
) {
  return or(isNull(col), eq(col, campaignId))
}

function readme(
  f: {
    campaign: typeof campaigns.$inferSelect
    participants: number
    counts: Record<string, number>
    withIdentity: boolean
    tz: string
    at: string
  },
  c: {
    tripColumns: Column[]
    legColumns: Column[]
    dayColumns: Column[]
    answerColumns: Column[]
    editColumns: Column[]
  },
): string {
  const cols = (list: Column[]) => list.map((col) => `  ${col.name.padEnd(26)} ${col.desc}`).join('\n')
  const lines = [
    `Research export of campaign ${f.campaign.id} "${f.campaign.name}"`,
    `Exported ${f.at}: ${f.participants} participants, ${f.counts.ways} ways, ${f.counts.legs} legs, ${f.counts.zeroTripDays} no-trip days, ${f.counts.answers} answers.`,
    '',
    'Conventions',
    '  - Participants are the users currently assigned to the campaign. They appear by their pseudonymous',
    '    participant_id only; e-mail addresses and names are included only when the export was run with',
    `    --with-identity (this one: ${f.withIdentity ? 'WITH identity - handle as personal data' : 'without identity'}).`,
    `  - Times are ISO 8601 with the offset of the study time zone (${f.tz}), e.g. 2026-11-02T08:10:00+01:00.`,
    '  - Traffic modes are constants (WALK, BICYCLE, PUBLIC_TRANSPORT_BUS, ...); purposes and report reasons are given by',
    '    id and by German name; catalogues.json names every id in German and English.',
    "  - A cell with several values (modes, purposes, reasons) separates them with '|'.",
    '  - Ways, legs, answers: ordered by id. Each file is read in batches while the study may go on; a way added during',
    '    the export may be missing, none is repeated.',
    '',
    'CSV files: RFC 4180, UTF-8 without BOM, comma separated, CRLF line ends, one header row; a field holding a comma,',
    'a double quote or a line break is enclosed in double quotes (quotes doubled). Empty field: no value.',
    "Spreadsheet safety: a text cell that begins with = + - @ (or a tab or carriage return) gets a leading apostrophe (')",
    'so that spreadsheets do not run it as a formula; plain numbers such as -5 are left as they are. Strip a leading',
    "apostrophe from such cells when the data is read by a program (pandas: df[col].str.replace(r\"^'(?=[=+\\-@\\t\\r])\", '', regex=True)).",
    '',
    'trips.geojson',
    '  RFC 7946 FeatureCollection (WGS 84, positions [longitude, latitude]); opens in QGIS and geopandas as is.',
    '  One Feature per leg (Feature id = leg id), geometry a LineString of the recorded track. A leg with fewer than',
    '  two recorded points (e.g. of a way added by hand) has geometry null. Properties: the columns of legs.csv',
    "  (lists as '|'-joined text, booleans as JSON booleans, empty values as null).",
    '',
    'legs.csv - one row per leg, the same columns as the GeoJSON properties:',
    cols(c.legColumns),
    '',
    'trips.csv - one row per way:',
    cols(c.tripColumns),
    '',
    'zero_trip_days.csv - one row per day a participant confirmed as a day without ways, on their study days only',
    "  (from the later of the campaign's first day and the day their account was created, up to the day before the",
    '  export; the same days as their list and `status` count):',
    cols(c.dayColumns),
    '',
    'answers.csv - one row per stored answer (one per chosen answer option) to a questionnaire of this campaign:',
    cols(c.answerColumns),
    '',
    'questionnaires.json',
    "  The campaign's questionnaires as imported: [{ id, type, mandatory, availFrom, availUntil, tfcModes, definition }],",
    '  definition.section.questions[] with id, type, texts (de_DE/en_US), subQuestions[].answOpts[] (ids used by',
    '  answers.csv) and filter sections. Resolve answer_option_id -> question -> text there.',
    '',
    'catalogues.json',
    '  tripPurposes and feedbackReasons ({ id, name: { de_DE, en_US } }) and trafficModes ({ constant, name }).',
    '',
    'edits.csv - one row per correction of the segmentation by a participant (split, merge, undo):',
    cols(c.editColumns),
    "  With trips.csv's origin and origin_ids this measures the detector's segmentation errors: a split way was run",
    '  together by the app (a stop it missed), a merged way was broken in two (a wait it took for an end). A way',
    '  that was split or merged keeps the ids of the recorded ways it came from in origin_ids.',
    '',
    'mode_matrix.csv - detected versus confirmed traffic modes, one row per pair (all legs of the campaign):',
    cols(MATRIX_COLUMNS),
    "  Read validated_* for what participants confirmed: a leg keeps the app's modes until its participant looks at",
    '  it, so unvalidated legs mostly agree and say little about detection; all_* counts every leg.',
    '',
  ]
  return lines.join('\n')
}

// ---------------------------------------------------------------------------------------------------------------
// The participant's own data

const ownWhere = {
  ways: (userId: number) => eq(trips.userId, userId),
  days: (userId: number) => eq(zeroTripDays.userId, userId),
  answers: (userId: number) => eq(answers.userId, userId),
}

/**
 * Everything stored about the caller, names and texts in the caller's language (no password hash, no tokens), in
 * three parts so it can be written out as it is read: the head (profile, campaign), the ways in small batches, and
 * the rest (read once the ways are through; the reports are the ways reported as faulty).
 */
async function ownDataParts(ctx: AuthedContext) {
  const tz = ctx.env.STUDY_TIME_ZONE
  const uid = ctx.user.id
  const at = (d: Date | null) => (d ? isoInZone(d, tz) : null)
  const t = tFor(ctx.locale)

  const [u] = await ctx.db.select().from(users).where(eq(users.id, uid))
  const campaign = await currentCampaign(ctx)
  const cat: ExportCatalogues = {
    ...(await catalogues(ctx)),
    reasonNames: new Map((await listFeedbackReasons(ctx)).map((r) => [r.id, r.name])),
  }
  const modeNames = cat.modeNames as Map<string, string>
  const modeName = (constant: string) => modeNames.get(constant) ?? constant

  const own = {
    format: 'travel-diary-my-data',
    version: 1,
    generated_at: at(ctx.now()),
    time_zone: tz,
    language: ctx.locale,
    profile: {
      id: u.id,
      participant_id: u.pseudonym,
      email: u.email,
      alias: u.alias,
      first_name: u.firstName,
      last_name: u.lastName,
      verified: u.verified,
      password_update_required: u.passwordUpdateRequired,
      language: u.locale,
      campaign_id: u.campaignId,
      registered_at: at(u.createdAt),
    },
    campaign,
  }

  async function* ways(): AsyncGenerator<Row[]> {
    for await (const batch of wayBatches(ctx.db, ownWhere.ways(uid), ANSWER_BOUNDS.waysPerDownloadBatch)) {
      yield batch.map((item) => {
        const dto = wayDto(item, cat, tz)
        const trip = tripRecord(dto, item.row, cat, tz)
        return {
          ...trip,
          status_label: t(`trip:status.${dto.status}`),
          legs: dto.legs.map((leg) => ({
            ...legRecord(leg, tz),
            detected_mode_names: leg.detectedModes.map(modeName),
            confirmed_mode_names: leg.tfcModes.map((m) => m.name),
            start_place: leg.startPoi,
            end_place: leg.endPoi,
            geometry: legGeometry(leg),
          })) as never,
        }
      })
    }
  }

  async function rest(reported: Row[]) {
    const noTripDays: Row[] = []
    for await (const batch of zeroTripDayBatches(ctx.db, ownWhere.days(uid)))
      noTripDays.push(...batch.map((d) => zeroTripDayRecord(d, tz)))

    const answerRows = []
    for await (const batch of answerBatches(ctx.db, ownWhere.answers(uid)))
      answerRows.push(...batch.map((a) => a.answer))
    const completions = await ctx.db
      .select()
      .from(questionnaireCompletions)
      .where(eq(questionnaireCompletions.userId, uid))
      .orderBy(asc(questionnaireCompletions.completedAt))
    const drafts = await ctx.db
      .select()
      .from(questionnaireDrafts)
      .where(eq(questionnaireDrafts.userId, uid))
      .orderBy(asc(questionnaireDrafts.updatedAt))
    const qtnIds = [...new Set([...answerRows.map((a) => a.questionnaireId), ...drafts.map((d) => d.questionnaireId)])]
    const qtnRows = qtnIds.length
      ? await ctx.db.select().from(questionnaires).where(inArray(questionnaires.id, qtnIds))
      : []
    const index = optionIndex(
      qtnRows.map((q) => ({
        id: q.id,
        campaignId: q.campaignId,
        type: q.type,
        mandatory: q.mandatory,
        availFrom: q.availFrom,
        availUntil: q.availUntil,
        tfcModes: q.tfcModes,
        def: q.definition as never,
      })),
    )

    const placeRows = await ctx.db.select().from(pois).where(eq(pois.userId, uid)).orderBy(asc(pois.id))
    const sessionRows = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, uid))
      .orderBy(asc(sessions.createdAt))
    const tokenRows = await ctx.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, uid))
      .orderBy(asc(oneTimeTokens.createdAt))
    const pendingRows = await ctx.db
      .select()
      .from(pendingPosts)
      .where(eq(pendingPosts.userId, uid))
      .orderBy(asc(pendingPosts.createdAt))

    return {
      reports: reported.map((w) => ({ trip_id: w.trip_id, reasons: w.report_reasons, remark: w.report_remark })),
      no_trip_days: noTripDays,
      answers: answerRows.map((a) => answerRecord(a, index, tz, ctx.locale)),
      completed_questionnaires: completions.map((c) => ({
        questionnaire_id: c.questionnaireId,
        scope: c.scope,
        completed_at: at(c.completedAt),
      })),
      questionnaire_drafts: drafts.map((d) => ({
        questionnaire_id: d.questionnaireId,
        scope: d.scope,
        answers: d.resps.map((r) => {
          const ref = index.get(d.questionnaireId)?.get(r.answOptId)
          return { answer_option_id: r.answOptId, question_id: ref?.question.id ?? null, text: r.text }
        }),
        seen_question_ids: d.seenQuestionIds,
        position: d.position,
        updated_at: at(d.updatedAt),
      })),
      places: placeRows.map((p) => {
        const poi = toPoiDto(p, tz)
        return {
          id: poi.id,
          name: poi.name,
          description: poi.desc,
          lat: poi.lat,
          lon: poi.lon,
          verification_status: poi.verificationStatus,
          creation_type: poi.creationType,
          created_at: at(p.creationDate),
        }
      }),
      sessions: sessionRows.map((s) => ({
        created_at: at(s.createdAt),
        last_seen_at: at(s.lastSeenAt),
        expires_at: at(s.expiresAt),
        absolute_expires_at: at(s.absoluteExpiresAt),
        current: s.id === ctx.user.sessionId,
      })),
      email_links: tokenRows.map((r) => ({
        kind: r.kind,
        created_at: at(r.createdAt),
        expires_at: at(r.expiresAt),
        used_at: at(r.usedAt),
      })),
      kept_form_posts: pendingRows.map((p) => ({ page: p.path, created_at: at(p.createdAt) })),
    }
  }

  return { own, ways, rest }
}

/** The whole download as one object (the HTTP API's user.getOwnData). */
export async function exportOwnData(ctx: AuthedContext) {
  const { own, ways, rest } = await ownDataParts(ctx)
  const all: Row[] = []
  for await (const batch of ways()) all.push(...batch)
  return { ...own, ways: all, ...(await rest(all.filter((w) => w.reported))) }
}

/** The download as JSON text, piece by piece: the same document as exportOwnData. */
async function* ownDataText(ctx: AuthedContext): AsyncGenerator<string> {
  const { own, ways, rest } = await ownDataParts(ctx)
  yield `${JSON.stringify(own, null, 2).slice(0, -2)},\n  "ways": [`
  const reported: Row[] = []
  let first = true
  for await (const batch of ways()) {
    yield batch.map((way, i) => `${first && i === 0 ? '' : ','}\n    ${JSON.stringify(way)}`).join('')
    first = false
    reported.push(...batch.filter((w) => w.reported))
  }
  yield `${first ? '' : '\n  '}],\n${JSON.stringify(await rest(reported), null, 2).slice(2)}\n`
}

/**
 * "Download my data" written out while it is read: a batch of ways is read only when the client has taken the
 * previous one, so at most one small batch is in memory, however long the diary.
 */
export function ownDataStream(ctx: AuthedContext): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const text = ownDataText(ctx)
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await text.next()
      if (done) controller.close()
      else controller.enqueue(encoder.encode(value))
    },
    async cancel() {
      await text.return(undefined)
    },
  })
}
export type OwnData = Awaited<ReturnType<typeof exportOwnData>>

/** The download's file name: travel-diary-my-data-YYYY-MM-DD.json (study time zone). */
export function ownDataFileName(now: Date, timeZone: string): string {
  return `travel-diary-my-data-${dayInZone(now, timeZone)}.json`
}

/** Added to service "user" of the HTTP API (registry.server.ts). */
export const ownDataService = {
  getOwnData: method({
    params: z.object({}).passthrough(),
    run: async (_p, ctx): Promise<OwnData> => exportOwnData(ctx),
  }),
} satisfies Service
