/**
 * The trips file format (`npm run admin -- trips:import --email E --file trips.json`, contracts.md §5): an array of
 * the spec's Trips with their Legs. schemas/trips.schema.json is generated from this file (scripts/gen-schemas.ts).
 *
 * Times are 'YYYY-MM-DD HH:mm' wall-clock times in the study time zone; len is in metres (computed from geom when
 * absent). Trip start, end and distance are derived from the legs, so the file does not carry them.
 * Trip purposes refer to the participant's campaign's tripPurposes by id; the names given here are ignored.
 */
import { z } from 'zod'
import { DateTimeSchema, IdSchema, MetaDataRecSchema, TextSchema, TRAFFIC_MODE_CONSTANTS } from './campaign-file'

const ModeConstantSchema = z.enum(TRAFFIC_MODE_CONSTANTS)

/** Either the constant or the spec's { constant, name }; stored as constants. */
const ModesSchema = z
  .array(z.union([ModeConstantSchema, z.strictObject({ constant: ModeConstantSchema, name: z.string().optional() })]))
  .transform((list) => list.map((m) => (typeof m === 'string' ? m : m.constant)))

export const LatLonSchema = z.strictObject({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
})

/** A place of interest as the companion app attaches it to a leg end; stored as given. */
const PoiRefSchema = z.record(z.string(), z.unknown()).nullish()

const IgnoredIdSchema = z
  .union([z.number(), z.string()])
  .optional()
  .describe('Ignored: the database assigns new ids (accepted so exported trips can be re-imported).')

export const LegFileSchema = z
  .strictObject({
    id: IgnoredIdSchema,
    startTime: DateTimeSchema,
    endTime: DateTimeSchema,
    len: z.number().nonnegative().nullish().describe('Metres; absent: measured along geom.'),
    geom: z.array(LatLonSchema).default([]),
    tfcModes: ModesSchema.default([]).describe('As confirmed or corrected by the participant (while unconfirmed: as detected).'),
    detectedModes: ModesSchema.optional().describe('As detected by the companion app; absent: equal to tfcModes.'),
    tripPurposes: z
      .array(z.union([IdSchema, z.strictObject({ id: IdSchema, name: TextSchema.optional() })]))
      .default([])
      .transform((list) => list.map((p) => (typeof p === 'number' ? p : p.id)))
      .describe("Ids of the participant's campaign's tripPurposes (or { id, name }; the name is ignored)."),
    validationStatus: z.boolean().default(false),
    qtnsAnswered: z.boolean().default(true),
    applyGeom: z.boolean().optional().describe('Ignored on import.'),
    metaDataRecs: z.array(MetaDataRecSchema).default([]),
    startPoi: PoiRefSchema,
    endPoi: PoiRefSchema,
  })
  .superRefine((leg, ctx) => {
    if (leg.endTime < leg.startTime) {
      ctx.addIssue({ code: 'custom', message: `ends before it starts (${leg.startTime})`, path: ['endTime'] })
    }
  })
  .meta({ id: 'Leg' })
export type LegFile = z.output<typeof LegFileSchema>

export const CREATION_TYPES = ['CREATED_AUTOMATICALLY', 'CREATED_MANUALLY', 'COPIED_MANUALLY'] as const

export const TripFileSchema = z
  .strictObject({
    id: IgnoredIdSchema,
    name: z.string().nullish(),
    objId: z.string().nullish(),
    creationType: z.enum(CREATION_TYPES).default('CREATED_AUTOMATICALLY'),
    creationTime: DateTimeSchema.nullish().describe('Default: the end of the trip.'),
    fdbkAvail: z.boolean().default(false).describe('true: reported as faulty.'),
    trpFdbkReasonIds: z.array(IdSchema).default([]).describe("Ids of the campaign's trpFdbkReasons."),
    fdbkRemark: z.string().nullish(),
    validationStatus: z.boolean().default(false),
    confirmationStatus: z.boolean().default(false),
    qtnAnswered: z.boolean().default(true),
    allQuestionsAnswered: z.boolean().default(true),
    legs: z.array(LegFileSchema).min(1).describe('In time order, not overlapping; start, end and distance of the trip follow from them.'),
  })
  .superRefine((trip, ctx) => {
    // Legs follow each other: a trip is one movement, so its legs cannot overlap.
    trip.legs.forEach((leg, i) => {
      const prev = trip.legs[i - 1]
      if (prev && leg.startTime < prev.endTime) {
        const message = `starts before the previous leg ends (${prev.endTime})`
        ctx.addIssue({ code: 'custom', message, path: ['legs', i, 'startTime'] })
      }
    })
    if (trip.confirmationStatus && !trip.validationStatus) {
      ctx.addIssue({ code: 'custom', message: 'a confirmed trip is validated too', path: ['validationStatus'] })
    }
  })
  .meta({ id: 'Trip' })
export type TripFile = z.output<typeof TripFileSchema>

export const TripsFileSchema = z.array(TripFileSchema).meta({
  title: 'Travel diary trips file',
  description: 'Input of `npm run admin -- trips:import --email E --file F`. Times are YYYY-MM-DD HH:mm in the study time zone.',
})
export type TripsFileInput = z.input<typeof TripsFileSchema>
