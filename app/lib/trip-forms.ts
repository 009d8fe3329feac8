// The forms of the way's page and the ways list, one zod schema each (server: parseWithZod in the intent table;
// client: the dialogs' constraints and error display). Messages are catalogue keys.
import { z } from 'zod'
import { zId } from '~/domain/idSchema'

/** The way's version the form was rendered with (a stale one makes the service answer TRIP_CHANGED). */
const version = z.coerce.number().int().nonnegative().optional()
/** Checkboxes: one value per chosen item, at least one. */
const chosen = <T extends z.ZodType>(item: T, key: string) => z.array(item, { error: key }).min(1, key)

export const SetPurposesSchema = z.object({ version, purposes: chosen(zId, 'trip:validation.purposesRequired') })
export const SetLegPurposesSchema = SetPurposesSchema.extend({ legId: zId })
/** The field `tfcModes` (a name other clients post) is read as `modes`. */
export const SetLegModesSchema = z
  .object({
    version,
    legId: zId,
    tfcModes: chosen(z.string().max(100), 'trip:validation.modeRequired'),
    /** Which button saved the selector: the neighbouring leg's selector opens next. */
    go: z.enum(['prev', 'next', 'ok']).optional(),
  })
  .transform(({ tfcModes, ...rest }) => ({ ...rest, modes: tfcModes }))
export const WaySchema = z.object({ version })
export const LegSchema = z.object({ version, legId: zId })
/** Splitting the way before a leg, or inside it at a point of its track (`pointIdx`). */
export const SplitSchema = LegSchema.extend({ pointIdx: z.coerce.number().int().nonnegative().optional() })
/** Merging the way with its neighbour `withId` (both versions as the page showed them). */
export const MergeSchema = z.object({ version, withId: zId, withVersion: version })

/** The report dialog (ways list and way's page): one value per chosen reason (field `trpFdbkReasonIds`). */
export const ReportSchema = z
  .object({
    tripId: zId,
    trpFdbkReasonIds: chosen(zId, 'errors:REASONS_REQUIRED'),
    returnTo: z.string().optional(),
  })
  .transform(({ trpFdbkReasonIds, ...rest }) => ({ ...rest, reasonIds: trpFdbkReasonIds }))
export const WithdrawReportSchema = z.object({ tripId: zId, returnTo: z.string().optional() })

/** The list's quick confirmation: the purpose for the legs without one (none when every leg has one), then confirmed. */
/** `next`: the card after it on the page, where a tab that no longer shows the confirmed way goes on. */
export const QuickConfirmSchema = z.object({
  tripId: zId,
  purposeId: zId.optional(),
  version,
  next: zId.optional(),
  // Sent by the card once its script runs: answer in place (the page stays, the card goes) instead of a redirect.
  inPlace: z.literal('1').optional(),
})

/** Two neighbouring ways merged from the list: the later one's card and the way before it (both versions shown). */
export const ListMergeSchema = z.object({ tripId: zId, version, withId: zId, withVersion: version })

/** The split or merge that made a way undone from its card. */
export const ListUndoSchema = z.object({ tripId: zId, version })

/** A leg's mode picked on its card: it replaces the leg's modes. */
export const PickModeSchema = z.object({
  tripId: zId,
  legId: zId,
  mode: z.string().max(100),
  version,
  // Sent by the picker once its script runs: answer with the way's card (the list stays) instead of a redirect.
  inPlace: z.literal('1').optional(),
})

/** Marking a day without ways, or taking the mark back (the service checks the day). */
export const NoTripDaySchema = z.object({ day: z.string().max(20).optional(), expand: z.string().max(30).optional() })

/** Marking a run of days without ways in one go: its oldest and newest day (the service checks every day). */
export const NoTripDaysSchema = z.object({ from: z.string().max(20).optional(), to: z.string().max(20).optional() })

/** Adding or changing a place: the service owns the rules (name, position); `place` is a chosen search result ('lat;lon'). */
export const PoiSaveSchema = z.object({
  id: zId.optional(),
  name: z.string().max(1000).optional(),
  lat: z.string().max(100).optional(),
  lon: z.string().max(100).optional(),
  place: z.string().max(200).optional(),
  verified: z.boolean().optional(),
})
export const PoiDeleteSchema = z.object({ id: zId })
