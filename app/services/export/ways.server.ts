// The ways in the export: trips.csv (one row per way), legs.csv and trips.geojson (one per leg, with the way's facts
// repeated), their columns with the descriptions README.txt prints, the keyset-paged query, and the records. The
// participant's own-data download shapes its ways with the same records.
import { and, asc, eq, gt, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { trips, users } from '~/db/schema'
import { isoInZone, lineGeometry, type LineString } from '~/domain/exportFormat'
import { CONFIRMED_TEXT, isConfirmed, VALIDATED_TEXT } from '~/domain/wayState'
import { originIdsOf, originOf } from '../trip/segmentation-history.server'
import {
  legsOf,
  toTripDto,
  type Catalogues,
  type LegDto,
  type LegRow,
  type TripDto,
  type TripRow,
} from '../trip/model.server'
import {
  BATCH_SIZE,
  keysetBatches,
  participantOf,
  participantSelect,
  type Column,
  type ExportCatalogues,
  type ParticipantFields,
  type Row,
} from './rows.server'

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

export interface WayBatchItem {
  row: TripRow
  legs: LegRow[]
  participant: ParticipantFields
}

/** Ways matching `where` (on trips/users) with their legs and their participant, keyset-paged by trip id. */
export async function* wayBatches(
  db: DbOrTx,
  where: SQL | undefined,
  batchSize = BATCH_SIZE,
): AsyncGenerator<WayBatchItem[]> {
  const pages = keysetBatches(
    (after, limit) =>
      db
        .select({ row: trips, ...participantSelect })
        .from(trips)
        .innerJoin(users, eq(users.id, trips.userId))
        .where(and(where, gt(trips.id, after)))
        .orderBy(asc(trips.id))
        .limit(limit),
    (r) => r.row.id,
    batchSize,
  )
  for await (const rows of pages) {
    const legMap = await legsOf(
      db,
      rows.map((r) => r.row.id),
    )
    yield rows.map((r) => ({ row: r.row, legs: legMap.get(r.row.id) ?? [], participant: participantOf(r) }))
  }
}

/** The way as the pages show it (toTripDto), in the export's words. */
export function wayDto(item: Pick<WayBatchItem, 'row' | 'legs'>, cat: Catalogues, timeZone: string): TripDto {
  return toTripDto(item.row, item.legs, cat, timeZone)
}

const seconds = (startIso: string, endIso: string) => Math.round((Date.parse(endIso) - Date.parse(startIso)) / 1000)
const distinct = <T>(list: T[]) => [...new Set(list)]
const at = (iso: string, tz: string) => isoInZone(new Date(iso), tz)

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
