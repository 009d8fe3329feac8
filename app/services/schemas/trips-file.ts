/**
 * The trips file format (`npm run admin -- trips:import --email E --file trips.json`): an array of
 * Trips with their Legs. schemas/trips.schema.json is generated from this file (scripts/gen-schemas.ts).
 *
 * Times are 'YYYY-MM-DD HH:mm' (or HH:mm:ss) wall-clock times in the study time zone, or ISO 8601 with an offset;
 * len is in metres (computed from geom when absent). Trip start, end and distance are derived from the legs: a file
 * may carry them (the app's own trip.getTrip output does), they are ignored. Absent questionnaire flags mean "not
 * answered": a way is never marked answered unless the file says so.
 * Trip purposes refer to the participant's campaign's tripPurposes by id; the names given here are ignored.
 *
 * Besides an array of Trips, a file may be what the app itself emits: trip.getTrip's answer ({ trp } or
 * { return: { trp } }), trip.getTrips' ({ trps }), one Trip, or the participant's data download
 * ({ format: 'travel-diary-my-data', ways }).
 */
import { z } from 'zod'
import { LIMITS } from '~/domain/limits'
import { LABEL_SOURCES } from '~/domain/provenance'
import { flagsFit } from '~/domain/wayState'
import { DateTimeSchema, IdSchema, instantOf, MetaDataRecSchema, TextSchema, TRAFFIC_MODE_CONSTANTS, type TrafficModeConstant } from './campaign-file'

const ModeConstantSchema = z.enum(TRAFFIC_MODE_CONSTANTS)

/** Either the constant or { constant, name }; stored as constants. */
const ModesSchema = z
  .array(z.union([ModeConstantSchema, z.strictObject({ constant: ModeConstantSchema, name: z.string().optional() })]))
  .transform((list) => list.map((m) => (typeof m === 'string' ? m : m.constant)))

const LatLonSchema = z.strictObject({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
})

/** A place of interest as the companion app attaches it to a leg end; stored as given. */
const PoiRefSchema = z.record(z.string(), z.unknown()).nullish()

const IgnoredIdSchema = z
  .union([z.number(), z.string()])
  .optional()
  .describe('Ignored: the database assigns new ids (accepted so exported trips can be re-imported).')

/** Computed by the app from the legs (or assigned by the database): accepted and ignored. */
const ReadOnly = (what: string) => z.unknown().optional().describe(`Read-only (${what}): accepted and ignored.`)

/** Read-only fields a Trip and a Leg may carry; the import summary notes how many it ignored. */
export const TRIP_READ_ONLY = ['start', 'end', 'startTime', 'endTime', 'startDate', 'endDate', 'distance', 'duration', 'status', 'version'] as const
export const LEG_READ_ONLY = ['id', 'idx', 'start', 'end', 'isStart', 'isEnd', 'applyGeom'] as const

const LegFileSchema = z
  .strictObject({
    id: IgnoredIdSchema,
    idx: ReadOnly('the position of the leg: the order of the file'),
    start: ReadOnly('the ISO form of startTime'),
    end: ReadOnly('the ISO form of endTime'),
    isStart: ReadOnly('first leg'),
    isEnd: ReadOnly('last leg'),
    startTime: DateTimeSchema,
    endTime: DateTimeSchema,
    len: z.number().nonnegative().nullish().describe('Metres; absent: measured along geom.'),
    geom: z.array(LatLonSchema).max(LIMITS.pointsPerLeg, `at most ${LIMITS.pointsPerLeg} points per leg`).default([]),
    tfcModes: ModesSchema.default([]).describe('As confirmed or corrected by the participant (while unconfirmed: as detected).'),
    detectedModes: ModesSchema.optional().describe('As detected by the companion app; absent: equal to tfcModes.'),
    tripPurposes: z
      .array(z.union([IdSchema, z.strictObject({ id: IdSchema, name: TextSchema.optional() })]))
      .default([])
      .transform((list) => list.map((p) => (typeof p === 'number' ? p : p.id)))
      .describe("Ids of the participant's campaign's tripPurposes (or { id, name }; the name is ignored)."),
    validationStatus: z.boolean().default(false),
    qtnsAnswered: z.boolean().default(false).describe("The leg's questionnaires are answered (or it has none); absent: not answered."),
    applyGeom: z.boolean().optional().describe('Ignored on import.'),
    metaDataRecs: z.array(MetaDataRecSchema).default([]),
    startPoi: PoiRefSchema,
    endPoi: PoiRefSchema,
    purposeSource: z.enum(LABEL_SOURCES).nullish().describe('Who set the purposes (as the export writes it); absent: imported.'),
    modeSource: z.enum(LABEL_SOURCES).nullish().describe('Who set the modes; absent: recorded when they equal detectedModes, else imported.'),
  })
  .superRefine((leg, ctx) => {
    if (instantOf(leg.endTime) < instantOf(leg.startTime)) {
      ctx.addIssue({ code: 'custom', message: `ends before it starts (${leg.startTime})`, path: ['endTime'] })
    }
  })
  .meta({ id: 'Leg' })

export const CREATION_TYPES = ['CREATED_AUTOMATICALLY', 'CREATED_MANUALLY', 'COPIED_MANUALLY'] as const

export const TripFileSchema = z
  .strictObject({
    id: z
      .union([z.number(), z.string().min(1).max(200)])
      .optional()
      .describe("The way's id where the file comes from: importing it again for the participant finds the same way (without one, the same start time and geometry do)."),
    name: z.string().nullish().describe("The way's own name; a name equal to the one derived from the purposes is not stored (it follows the purposes)."),
    ownName: z.string().nullish().describe("trip.getTrip's own name: when present, it is the name (and name is ignored)."),
    start: ReadOnly('derived from the legs'),
    end: ReadOnly('derived from the legs'),
    startTime: ReadOnly('derived from the legs'),
    endTime: ReadOnly('derived from the legs'),
    startDate: ReadOnly('derived from the legs'),
    endDate: ReadOnly('derived from the legs'),
    distance: ReadOnly('the sum of the legs'),
    duration: ReadOnly('derived from the legs'),
    status: ReadOnly('derived from the flags'),
    way: ReadOnly('derived from the flags (the way state)'),
    version: ReadOnly('assigned by the database'),
    objId: z.string().nullish(),
    creationType: z.enum(CREATION_TYPES).default('CREATED_AUTOMATICALLY'),
    creationTime: DateTimeSchema.nullish().describe('Default: the end of the trip.'),
    fdbkAvail: z.boolean().default(false).describe('true: reported as faulty.'),
    trpFdbkReasonIds: z.array(IdSchema).default([]).describe("Ids of the campaign's trpFdbkReasons."),
    fdbkRemark: z.string().nullish(),
    validationStatus: z.boolean().default(false),
    confirmationStatus: z.boolean().default(false),
    qtnAnswered: z.boolean().default(false).describe("Absent: not answered (the participant is asked the trip's questionnaires)."),
    allQuestionsAnswered: z.boolean().optional().describe('Absent: qtnAnswered and every leg qtnsAnswered.'),
    legs: z.array(LegFileSchema).min(1).max(LIMITS.legsPerWay, `at most ${LIMITS.legsPerWay} legs per way`).describe('In time order, not overlapping; start, end and distance of the trip follow from them.'),
  })
  .superRefine((trip, ctx) => {
    // Legs follow each other: a trip is one movement, so its legs cannot overlap.
    trip.legs.forEach((leg, i) => {
      const prev = trip.legs[i - 1]
      if (prev && instantOf(leg.startTime) < instantOf(prev.endTime)) {
        const message = `starts before the previous leg ends (${prev.endTime})`
        ctx.addIssue({ code: 'custom', message, path: ['legs', i, 'startTime'] })
      }
    })
    const points = trip.legs.reduce((n, leg) => n + leg.geom.length, 0)
    if (points > LIMITS.pointsPerWay) {
      const message = `${points} points in all legs; at most ${LIMITS.pointsPerWay} points per way`
      ctx.addIssue({ code: 'custom', message, path: ['legs'] })
    }
    if (!flagsFit(trip)) {
      ctx.addIssue({ code: 'custom', message: 'a confirmed trip is validated too', path: ['validationStatus'] })
    }
  })
  .transform(({ id, start: _s, end: _e, startTime: _st, endTime: _et, startDate: _sd, endDate: _ed, distance: _d, duration: _du, status: _status, version: _v, ownName, ...trip }) => ({
    ...trip,
    importId: id == null ? null : String(id),
    // A name the file says is the way's own is kept as it is; any other may be the derived one (see name).
    name: ownName !== undefined ? (ownName ?? null) : (trip.name ?? null),
    nameIsOwn: ownName !== undefined,
    legs: trip.legs.map(({ id: _lid, idx: _idx, start: _ls, end: _le, isStart: _is, isEnd: _ie, applyGeom: _ag, ...leg }) => leg),
  }))
  .meta({ id: 'Trip' })
export type TripFile = z.output<typeof TripFileSchema>

// ---------------------------------------------------------------------------------------------------------------
// The participant's data download ("Download my data"): its ways, in its own field names.

const Cells = z.array(z.union([z.string(), z.number()]))
const DownloadLegSchema = z.looseObject({
  start: z.string(),
  end: z.string(),
  length_m: z.number().nullish(),
  detected_modes: z.array(z.string()).default([]),
  confirmed_modes: z.array(z.string()).default([]),
  purpose_ids: z.array(z.number()).default([]),
  validated: z.boolean().default(false),
  questionnaires_answered: z.boolean().default(false),
  start_place: z.record(z.string(), z.unknown()).nullish(),
  end_place: z.record(z.string(), z.unknown()).nullish(),
  geometry: z.strictObject({ type: z.literal('LineString'), coordinates: z.array(z.tuple([z.number(), z.number()])) }).nullish(),
})
const DownloadWaySchema = z
  .looseObject({
    name: z.string().nullish(),
    creation_type: z.string().optional(),
    creation_time: z.string().nullish(),
    validated: z.boolean().default(false),
    confirmed: z.boolean().default(false),
    questionnaire_answered: z.boolean().default(false),
    all_questions_answered: z.boolean().default(false),
    reported: z.boolean().default(false),
    report_reason_ids: Cells.default([]),
    report_remark: z.string().nullish(),
    legs: z.array(DownloadLegSchema).min(1),
  })
  .transform((w): z.input<typeof TripFileSchema> => ({
    name: w.name,
    creationType: w.creation_type as (typeof CREATION_TYPES)[number] | undefined,
    creationTime: w.creation_time,
    fdbkAvail: w.reported,
    trpFdbkReasonIds: w.report_reason_ids.map(Number),
    fdbkRemark: w.reported ? w.report_remark : null,
    validationStatus: w.validated,
    confirmationStatus: w.confirmed,
    qtnAnswered: w.questionnaire_answered,
    allQuestionsAnswered: w.all_questions_answered,
    legs: w.legs.map((l) => ({
      startTime: l.start,
      endTime: l.end,
      len: l.length_m,
      geom: (l.geometry?.coordinates ?? []).map(([lon, lat]) => ({ lat, lon })),
      tfcModes: l.confirmed_modes as TrafficModeConstant[],
      detectedModes: l.detected_modes as TrafficModeConstant[],
      tripPurposes: l.purpose_ids,
      validationStatus: l.validated,
      qtnsAnswered: l.questionnaires_answered,
      startPoi: l.start_place,
      endPoi: l.end_place,
    })),
  }))
  .pipe(TripFileSchema)

// ---------------------------------------------------------------------------------------------------------------
// The file as a whole

export const TripsFileSchema = z
  .union([
    z.array(TripFileSchema),
    TripFileSchema,
    z.object({ trp: TripFileSchema }),
    z.object({ trps: z.array(TripFileSchema) }),
    z.object({ return: z.object({ trp: TripFileSchema }) }),
    z.object({ return: z.object({ trps: z.array(TripFileSchema) }) }),
    z.object({ format: z.literal('travel-diary-my-data'), ways: z.array(DownloadWaySchema) }),
  ])
  .meta({
    title: 'Travel diary trips file',
    description:
      'Input of `npm run admin -- trips:import --email E --file F`: an array of Trips, or what the app emits (trip.getTrip / getTrips answers, one Trip, the data download). Times are YYYY-MM-DD HH:mm in the study time zone, or ISO 8601 with an offset.',
  })
export type TripsFileInput = z.input<typeof TripsFileSchema>

interface TripsInFile {
  /** Where the ways sit in the file, e.g. ['trps'] or ['ways']; [] for an array. */
  at: PropertyKey[]
  items: unknown[]
  /** The schema of each item. */
  schema: typeof TripFileSchema | typeof DownloadWaySchema
  shape: 'trips' | 'trip' | 'getTrip' | 'getTrips' | 'data download'
}

/** Which of the accepted shapes the file has (so problems name paths of the file as written), or null. */
export function tripsInFile(raw: unknown): TripsInFile | null {
  if (Array.isArray(raw)) return { at: [], items: raw, schema: TripFileSchema, shape: 'trips' }
  if (!raw || typeof raw !== 'object') return null
  const o = raw as Record<string, unknown>
  if (o.format === 'travel-diary-my-data' && Array.isArray(o.ways)) return { at: ['ways'], items: o.ways, schema: DownloadWaySchema, shape: 'data download' }
  if (o.return && typeof o.return === 'object') {
    const inner = tripsInFile(o.return)
    return inner && (inner.shape === 'getTrip' || inner.shape === 'getTrips') ? { ...inner, at: ['return', ...inner.at] } : null
  }
  if (o.trp && typeof o.trp === 'object') return { at: ['trp'], items: [o.trp], schema: TripFileSchema, shape: 'getTrip' }
  if (Array.isArray(o.trps)) return { at: ['trps'], items: o.trps, schema: TripFileSchema, shape: 'getTrips' }
  if (Array.isArray(o.legs)) return { at: [], items: [raw], schema: TripFileSchema, shape: 'trip' }
  return null
}
