// The one mapping from stored rows to exported records, shared by the researcher's export
// (export.server.ts runExport: CSV and GeoJSON files) and the participant's own-data download (exportOwnData):
// both read ways through the same keyset-paged query and shape them with the pages' toTripDto, so what a
// participant sees and confirms is exactly what the researcher gets. Column lists carry their descriptions; the
// export's README.txt is generated from them.
import { and, asc, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { answers, feedbackReasons, tripPurposes, trips, users, wayEdits, zeroTripDays } from '~/db/schema'
import { isoInZone, lineGeometry, type CellValue, type LineString } from '~/domain/exportFormat'
import type { Locale } from '~/domain/locale'
import { allQuestions } from '~/domain/questionFlow'
import { localized } from '../info.server'
import { TRAFFIC_MODES } from '~/domain/trafficModes'
import { CONFIRMED_TEXT, isConfirmed, VALIDATED_TEXT } from '~/domain/wayState'
import {
  legsOf,
  toTripDto,
  type Catalogues,
  type LegDto,
  type LegRow,
  type TripDto,
  type TripRow,
} from '../trip/model.server'
import { textIn, type StoredQuestionnaire } from '../questionnaire/store.server'
import { originIdsOf, originOf } from '../trip/segmentation.server'
import type { Question, SubQuestion, AnswerOption } from '../schemas/campaign-file'

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
// Columns

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

export const TRIP_COLUMNS: Column[] = [
  { name: 'trip_id', desc: 'id of the way (trip)' },
  {
    name: 'name',
    desc: "the way's name as the participant sees it: their own, or derived from the purposes (at most 3, German names)",
  },
  { name: 'start', desc: 'start, ISO 8601 with the study time zone offset, e.g. 2026-11-02T08:10:00+01:00' },
  { name: 'end', desc: 'end, ISO 8601 with offset' },
  { name: 'duration_s', desc: 'duration in seconds' },
  { name: 'distance_m', desc: 'length in metres (sum of the legs); empty for ways added by hand' },
  { name: 'legs', desc: 'number of legs' },
  {
    name: 'detected_modes',
    desc: 'traffic modes as recorded by the app, distinct, in leg order (constants, | separated)',
  },
  {
    name: 'confirmed_modes',
    desc: 'traffic modes as confirmed or corrected by the participant, distinct, in leg order (UNKNOWN: none set)',
  },
  { name: 'purpose_ids', desc: 'trip purpose ids of all legs, distinct (| separated; names in catalogues.json)' },
  { name: 'purposes', desc: 'the same purposes by name (German)' },
  {
    name: 'creation_type',
    desc: 'CREATED_AUTOMATICALLY (recorded by the app) or CREATED_MANUALLY (added by the participant)',
  },
  { name: 'creation_time', desc: 'when the way was created, ISO 8601 with offset' },
  { name: 'validated', desc: VALIDATED_TEXT },
  { name: 'confirmed', desc: CONFIRMED_TEXT },
  { name: 'questionnaire_answered', desc: "the way's own (trip-based) questionnaire is answered, or there is none" },
  { name: 'all_questions_answered', desc: 'the way and all its legs have their questionnaires answered' },
  { name: 'status', desc: 'status shown in the list: reported, questionnairesUnanswered, unconfirmed or confirmed' },
  { name: 'reported', desc: 'true when the participant reported the way as faulty' },
  { name: 'report_reason_ids', desc: 'ids of the report reasons (| separated; names in catalogues.json)' },
  { name: 'report_reasons', desc: 'the same reasons by name (German)' },
  { name: 'report_remark', desc: "the report's remark ('web' for reports made on the web pages)" },
  {
    name: 'origin',
    desc: 'recorded (as the app detected it), manual (added by hand), split or merged (the participant corrected the segmentation; edits.csv)',
  },
  {
    name: 'origin_ids',
    desc: 'ids of the recorded ways this way came from (| separated): its own id when recorded, empty when added by hand',
  },
]

/** Where a leg's purposes or modes came from, and when they were last set (domain/provenance.ts). */
function LABEL_SOURCE_COLUMNS(label: 'purpose' | 'mode', column: string): Column[] {
  return [
    {
      name: `${label}_source`,
      desc:
        `who set ${column}: recorded (as the phone detected it), suggested (the app's suggestion, accepted ` +
        'unchanged by the participant), participant (chosen or corrected by the participant), imported (given by a ' +
        "researcher's trips file), copied (copied with a leg or way); empty: not set, or set before sources were recorded",
    },
    {
      name: `${label}_set_at`,
      desc: `when ${column} were last set, ISO 8601 with offset (empty with an empty source)`,
    },
  ]
}

export const LEG_COLUMNS: Column[] = [
  { name: 'leg_id', desc: 'id of the leg' },
  { name: 'leg_index', desc: 'position of the leg in its way, from 0' },
  { name: 'start', desc: 'start, ISO 8601 with the study time zone offset' },
  { name: 'end', desc: 'end, ISO 8601 with offset' },
  { name: 'duration_s', desc: 'duration in seconds' },
  { name: 'length_m', desc: 'length in metres as recorded (empty: unknown)' },
  {
    name: 'detected_modes',
    desc: 'traffic modes as recorded by the app (constants, | separated; empty: none recorded)',
  },
  { name: 'confirmed_modes', desc: 'traffic modes as confirmed or corrected by the participant (UNKNOWN: none set)' },
  { name: 'purpose_ids', desc: 'trip purpose ids (| separated; names in catalogues.json)' },
  { name: 'purposes', desc: 'the same purposes by name (German)' },
  { name: 'validated', desc: 'the participant validated this leg' },
  { name: 'questionnaires_answered', desc: "the leg's questionnaires are answered, or it has none" },
  ...LABEL_SOURCE_COLUMNS('purpose', 'purposes'),
  ...LABEL_SOURCE_COLUMNS('mode', 'confirmed_modes'),
]

/** Way-level facts repeated on every leg (legs.csv, trips.geojson), so one file answers most questions. */
export const LEG_TRIP_COLUMNS: Column[] = [
  { name: 'trip_validated', desc: `as validated in trips.csv: ${VALIDATED_TEXT}` },
  { name: 'trip_confirmed', desc: `as confirmed in trips.csv: ${CONFIRMED_TEXT}` },
  { name: 'trip_status', desc: 'status of the way: reported, questionnairesUnanswered, unconfirmed or confirmed' },
  { name: 'creation_type', desc: 'CREATED_AUTOMATICALLY or CREATED_MANUALLY' },
  { name: 'reported', desc: 'the way was reported as faulty' },
  { name: 'report_reason_ids', desc: 'ids of the report reasons (| separated)' },
  { name: 'report_reasons', desc: 'the report reasons by name (German)' },
  { name: 'origin', desc: 'how the way came to be: recorded, manual, split or merged (see trips.csv)' },
  { name: 'origin_ids', desc: 'ids of the recorded ways the way came from (| separated)' },
]
const LEG_TRIP_SOURCE: Record<string, string> = {
  trip_validated: 'validated',
  trip_confirmed: 'confirmed',
  trip_status: 'status',
  creation_type: 'creation_type',
  reported: 'reported',
  report_reason_ids: 'report_reason_ids',
  report_reasons: 'report_reasons',
  origin: 'origin',
  origin_ids: 'origin_ids',
}

export const ZERO_TRIP_DAY_COLUMNS: Column[] = [
  { name: 'day', desc: 'a day the participant confirmed as a day without ways (YYYY-MM-DD, study time zone)' },
  { name: 'recorded_at', desc: 'when they confirmed it, ISO 8601 with offset' },
]

export const ANSWER_COLUMNS: Column[] = [
  { name: 'answer_id', desc: 'id of the answer' },
  { name: 'questionnaire_id', desc: 'questionnaire id (questionnaires.json)' },
  { name: 'questionnaire_type', desc: 'INITIAL, FINAL, TRIP_BASED or LEG_BASED' },
  { name: 'scope', desc: "what was answered: 'campaign', 'trip:ID' or 'leg:ID'" },
  { name: 'trip_id', desc: 'the way answered about (TRIP_BASED; for LEG_BASED the way of the leg)' },
  { name: 'leg_id', desc: 'the leg answered about (LEG_BASED)' },
  { name: 'question_id', desc: 'question id (questionnaires.json)' },
  { name: 'question_type', desc: 'question type, e.g. SINGLE_CHOICE, TEXT, INT_NO_INPUT' },
  { name: 'sub_question_id', desc: 'sub-question (matrix row) id of the answer option' },
  { name: 'answer_option_id', desc: 'answer option id (unique within the questionnaire)' },
  {
    name: 'text',
    desc: 'the answer text: free text, a number, a date as unix seconds, a time HH:mm:ss (may be empty for a chosen option)',
  },
  { name: 'answered_at', desc: 'when the questionnaire was sent, ISO 8601 with offset' },
]

export function withParticipant(columns: Column[], withIdentity: boolean): Column[] {
  return [...PARTICIPANT_COLUMNS, ...(withIdentity ? IDENTITY_COLUMNS : []), ...columns]
}

export const valuesOf = (row: Row, columns: Column[]): CellValue[] => columns.map((c) => row[c.name])

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

// ---------------------------------------------------------------------------------------------------------------
// Ways and legs

export interface ParticipantFields {
  pseudonym: string
  email: string
  firstName: string | null
  lastName: string | null
}

export interface WayBatchItem {
  row: TripRow
  legs: LegRow[]
  participant: ParticipantFields
}

/**
 * Ways matching `where` (on trips/users) with their legs and their participant, in batches of `batchSize` ordered
 * by trip id (keyset paging: each batch starts after the last id of the one before, so memory holds one batch and
 * rows written meanwhile are neither skipped twice nor repeated).
 */
export async function* wayBatches(
  db: DbOrTx,
  where: SQL | undefined,
  batchSize = BATCH_SIZE,
): AsyncGenerator<WayBatchItem[]> {
  let after = 0
  for (;;) {
    const rows = await db
      .select({
        row: trips,
        pseudonym: users.pseudonym,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(trips)
      .innerJoin(users, eq(users.id, trips.userId))
      .where(and(where, gt(trips.id, after)))
      .orderBy(asc(trips.id))
      .limit(batchSize)
    if (!rows.length) return
    const legMap = await legsOf(
      db,
      rows.map((r) => r.row.id),
    )
    yield rows.map((r) => ({
      row: r.row,
      legs: legMap.get(r.row.id) ?? [],
      participant: { pseudonym: r.pseudonym, email: r.email, firstName: r.firstName, lastName: r.lastName },
    }))
    if (rows.length < batchSize) return
    after = rows[rows.length - 1].row.id
  }
}

/** The way as the pages show it (toTripDto), in the export's words. */
export function wayDto(item: Pick<WayBatchItem, 'row' | 'legs'>, cat: Catalogues, timeZone: string): TripDto {
  return toTripDto(item.row, item.legs, cat, timeZone)
}

const seconds = (startIso: string, endIso: string) => Math.round((Date.parse(endIso) - Date.parse(startIso)) / 1000)
const distinct = <T>(list: T[]) => [...new Set(list)]
const at = (iso: string, tz: string) => isoInZone(new Date(iso), tz)

export function participantRecord(p: ParticipantFields, withIdentity: boolean): Row {
  return withIdentity
    ? { participant_id: p.pseudonym, email: p.email, first_name: p.firstName, last_name: p.lastName }
    : { participant_id: p.pseudonym }
}

/** trips.csv's record of a way (lists as arrays; CSV and GeoJSON join them with '|'). */
export function tripRecord(
  t: TripDto,
  row: Pick<TripRow, 'id' | 'fdbkRemark' | 'origin' | 'originIds' | 'creationType'>,
  cat: ExportCatalogues,
  timeZone: string,
): Row {
  const reasonIds = t.fdbkAvail ? t.trpFdbkReasonIds : []
  const purposeIds = distinct(t.legs.flatMap((l) => l.tripPurposes.map((p) => p.id)))
  return {
    trip_id: t.id,
    name: t.name,
    start: at(t.start, timeZone),
    end: at(t.end, timeZone),
    duration_s: seconds(t.start, t.end),
    distance_m: t.distance == null ? null : Math.round(t.distance),
    legs: t.legs.length,
    detected_modes: distinct(t.legs.flatMap((l) => l.detectedModes)),
    confirmed_modes: distinct(t.legs.flatMap((l) => l.tfcModes.map((m) => m.constant))),
    purpose_ids: purposeIds,
    purposes: purposeIds.map((id) => cat.purposeNames.get(id) ?? String(id)),
    creation_type: t.creationType,
    creation_time: at(t.creationTime, timeZone),
    validated: t.validationStatus,
    confirmed: isConfirmed(t),
    questionnaire_answered: t.qtnAnswered,
    all_questions_answered: t.allQuestionsAnswered,
    status: t.status,
    reported: t.fdbkAvail,
    report_reason_ids: reasonIds,
    report_reasons: reasonIds.map((id) => cat.reasonNames.get(id) ?? String(id)),
    report_remark: t.fdbkAvail ? row.fdbkRemark : null,
    origin: originOf(row),
    origin_ids: originIdsOf(row),
  }
}

/** legs.csv's record of a leg (without its way's facts and participant). */
export function legRecord(l: LegDto, timeZone: string): Row {
  return {
    leg_id: l.id,
    leg_index: l.idx,
    start: at(l.start, timeZone),
    end: at(l.end, timeZone),
    duration_s: seconds(l.start, l.end),
    length_m: l.len == null ? null : Math.round(l.len),
    detected_modes: l.detectedModes,
    confirmed_modes: l.tfcModes.map((m) => m.constant),
    purpose_ids: l.tripPurposes.map((p) => p.id),
    purposes: l.tripPurposes.map((p) => p.name),
    validated: l.validationStatus,
    questionnaires_answered: l.qtnsAnswered,
  }
}

/** legs.csv's record of where a leg's labels came from (LABEL_SOURCE_COLUMNS), from its stored row. */
export function labelSourceRecord(
  l: Pick<LegRow, 'purposeSource' | 'purposeSetAt' | 'modeSource' | 'modeSetAt'>,
  timeZone: string,
): Row {
  return {
    purpose_source: l.purposeSource,
    purpose_set_at: l.purposeSetAt && isoInZone(l.purposeSetAt, timeZone),
    mode_source: l.modeSource,
    mode_set_at: l.modeSetAt && isoInZone(l.modeSetAt, timeZone),
  }
}

/** The way's facts repeated on each of its legs (LEG_TRIP_COLUMNS), taken from its trip record. */
export function legTripFacts(trip: Row): Row {
  return Object.fromEntries(LEG_TRIP_COLUMNS.map((c) => [c.name, trip[LEG_TRIP_SOURCE[c.name]]]))
}

/** RFC 7946 geometry of a leg: LineString of [lon, lat], or null with fewer than two points. */
export function legGeometry(l: Pick<LegDto, 'geom'>): LineString | null {
  return lineGeometry(l.geom)
}

/** GeoJSON properties and CSV cells hold scalars: lists become '|'-joined strings (QGIS and geopandas read them as text). */
export function flatten(row: Row): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {}
  for (const [k, v] of Object.entries(row))
    out[k] = Array.isArray(v) ? v.join('|') : ((v ?? null) as string | number | boolean | null)
  return out
}

// ---------------------------------------------------------------------------------------------------------------
// No-trip days

export interface ZeroTripDayItem {
  userId: number
  day: string
  createdAt: Date
  /** When the participant's account was created: their study days begin that day. */
  joinedAt: Date
  participant: ParticipantFields
}

/** No-trip days matching `where` (on zero_trip_days/users), keyset-paged by (user, day). */
export async function* zeroTripDayBatches(
  db: DbOrTx,
  where: SQL | undefined,
  batchSize = BATCH_SIZE,
): AsyncGenerator<ZeroTripDayItem[]> {
  let after: { userId: number; day: string } | null = null
  for (;;) {
    const next: SQL | undefined = after
      ? or(
          gt(zeroTripDays.userId, after.userId),
          and(eq(zeroTripDays.userId, after.userId), gt(zeroTripDays.day, after.day)),
        )
      : undefined
    const rows: (ParticipantFields & { userId: number; day: string; createdAt: Date; joinedAt: Date })[] = await db
      .select({
        userId: zeroTripDays.userId,
        day: zeroTripDays.day,
        createdAt: zeroTripDays.createdAt,
        joinedAt: users.createdAt,
        pseudonym: users.pseudonym,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(zeroTripDays)
      .innerJoin(users, eq(users.id, zeroTripDays.userId))
      .where(and(where, next))
      .orderBy(asc(zeroTripDays.userId), asc(zeroTripDays.day))
      .limit(batchSize)
    if (!rows.length) return
    yield rows.map((r) => ({
      userId: r.userId,
      day: r.day,
      createdAt: r.createdAt,
      joinedAt: r.joinedAt,
      participant: { pseudonym: r.pseudonym, email: r.email, firstName: r.firstName, lastName: r.lastName },
    }))
    if (rows.length < batchSize) return
    const last = rows[rows.length - 1]!
    after = { userId: last.userId, day: last.day }
  }
}

export function zeroTripDayRecord(d: Pick<ZeroTripDayItem, 'day' | 'createdAt'>, timeZone: string): Row {
  return { day: d.day, recorded_at: isoInZone(d.createdAt, timeZone) }
}

// ---------------------------------------------------------------------------------------------------------------
// Answers

type AnswerRow = typeof answers.$inferSelect

export interface AnswerItem {
  answer: AnswerRow
  participant: ParticipantFields
}

/** Answers matching `where` (on answers/users), keyset-paged by answer id. */
export async function* answerBatches(
  db: DbOrTx,
  where: SQL | undefined,
  batchSize = BATCH_SIZE,
): AsyncGenerator<AnswerItem[]> {
  let after = 0
  for (;;) {
    const rows = await db
      .select({
        answer: answers,
        pseudonym: users.pseudonym,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(answers)
      .innerJoin(users, eq(users.id, answers.userId))
      .where(and(where, gt(answers.id, after)))
      .orderBy(asc(answers.id))
      .limit(batchSize)
    if (!rows.length) return
    yield rows.map((r) => ({
      answer: r.answer,
      participant: { pseudonym: r.pseudonym, email: r.email, firstName: r.firstName, lastName: r.lastName },
    }))
    if (rows.length < batchSize) return
    after = rows[rows.length - 1].answer.id
  }
}

export interface OptionRef {
  questionnaire: StoredQuestionnaire
  question: Question
  subQuestion: SubQuestion
  option: AnswerOption
}

/** questionnaire id → answer option id → its question, sub-question and option (filter sections included). */
export function optionIndex(list: StoredQuestionnaire[]): Map<number, Map<number, OptionRef>> {
  const out = new Map<number, Map<number, OptionRef>>()
  for (const questionnaire of list) {
    const byOption = new Map<number, OptionRef>()
    for (const question of allQuestions(questionnaire.def.section)) {
      for (const subQuestion of question.subQuestions) {
        for (const option of subQuestion.answOpts)
          byOption.set(option.id, { questionnaire, question, subQuestion, option })
      }
    }
    out.set(questionnaire.id, byOption)
  }
  return out
}

/** answers.csv's record of an answer; the question's and option's texts too when a locale is given. */
export function answerRecord(
  a: AnswerRow,
  index: Map<number, Map<number, OptionRef>>,
  timeZone: string,
  textsIn?: Locale,
): Row {
  const ref = index.get(a.questionnaireId)?.get(a.answOptId)
  const tripId = a.tripId ?? (a.scope.startsWith('trip:') ? Number(a.scope.slice(5)) : null)
  const row: Row = {
    answer_id: a.id,
    questionnaire_id: a.questionnaireId,
    questionnaire_type: ref?.questionnaire.type ?? null,
    scope: a.scope,
    trip_id: tripId,
    leg_id: a.legId ?? (a.scope.startsWith('leg:') ? Number(a.scope.slice(4)) : null),
    question_id: a.questionId,
    question_type: ref?.question.type ?? null,
    sub_question_id: ref?.subQuestion.id ?? null,
    answer_option_id: a.answOptId,
    text: a.text,
    answered_at: isoInZone(a.createdAt, timeZone),
  }
  if (textsIn) {
    row.question = ref ? textIn(ref.question.introTxt, textsIn) : null
    row.sub_question = ref ? textIn(ref.subQuestion.introTxt, textsIn) || null : null
    row.answer_option = ref ? textIn(ref.option.introTxt, textsIn) || null : null
  }
  return row
}

/** Filters for the research export: everything of the participants currently assigned to the campaign. */
export const ofCampaign = (campaignId: number) => eq(users.campaignId, campaignId)
export const answersOfCampaign = (campaignId: number, questionnaireIds: number[]) =>
  and(
    eq(users.campaignId, campaignId),
    questionnaireIds.length ? inArray(answers.questionnaireId, questionnaireIds) : eq(answers.id, -1),
  )

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
