// A trips file's ways as database rows: their references checked, their labels' sources, and each way written.
import { eq, isNull, or } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { feedbackReasons, legs, tripPurposes, trips, type zeroTripDays } from '~/db/schema'
import { tripName } from '~/domain/tripName'
import { pathLength } from '~/domain/geometry'
import { importedSources, type LabelSource } from '~/domain/provenance'
import { localized } from '../info.server'
import { type TripFile } from '../schemas/trips-file'
import { clearNoTripMark, modesFrom, purposesFrom } from '../trip/model.server'
import { type WayKeys } from './known-ways.server'
import { ImportError, type Problem, problem } from './problems'
import { wallTime } from './shared.server'

/** A trips file's labels as leg columns: their source (the file's word, else as domain/provenance.ts reads them). */
function labelsAtImport(
  purposeIds: number[],
  tfcModes: string[],
  detectedModes: string[],
  purposeSource: LabelSource | null | undefined,
  modeSource: LabelSource | null | undefined,
  at: Date,
) {
  const s = importedSources({ purposeIds, tfcModes, detectedModes, purposeSource, modeSource })
  return { ...purposesFrom(s.purposeSource, at), ...modesFrom(s.modeSource, at) }
}

/**
 * Purpose and feedback reason ids must be the participant's campaign's (or global ones): every unknown one is a
 * problem. Returns the purposes' names, a map per language (a way's derived name is made of them).
 */
export async function checkReferences(
  tx: DbOrTx,
  campaignId: number | null,
  file: TripFile[],
  at: PropertyKey[],
): Promise<Map<number, string>[]> {
  const visible = (col: typeof tripPurposes.campaignId | typeof feedbackReasons.campaignId) =>
    campaignId == null ? isNull(col) : or(isNull(col), eq(col, campaignId))
  const purposeRows = await tx
    .select({ id: tripPurposes.id, name: tripPurposes.name })
    .from(tripPurposes)
    .where(visible(tripPurposes.campaignId))
  const purposeIds = new Set(purposeRows.map((r) => r.id))
  const reasonIds = new Set(
    (await tx.select({ id: feedbackReasons.id }).from(feedbackReasons).where(visible(feedbackReasons.campaignId))).map(
      (r) => r.id,
    ),
  )
  const whose = campaignId == null ? 'the participant has no campaign' : `campaign ${campaignId}`
  const problems: Problem[] = []
  file.forEach((trip, t) => {
    trip.trpFdbkReasonIds.forEach((id, r) => {
      if (!reasonIds.has(id))
        problems.push(problem([...at, t, 'trpFdbkReasonIds', r], `unknown feedback reason id ${id} (${whose})`))
    })
    trip.legs.forEach((leg, l) =>
      leg.tripPurposes.forEach((id, p) => {
        if (!purposeIds.has(id))
          problems.push(problem([...at, t, 'legs', l, 'tripPurposes', p], `unknown trip purpose id ${id} (${whose})`))
      }),
    )
  })
  if (problems.length) throw new ImportError(problems)
  return (['de_DE', 'en_US'] as const).map(
    (locale) => new Map(purposeRows.map((r) => [r.id, localized(r.name, locale)])),
  )
}

export async function insertTrip(
  tx: DbOrTx,
  userId: number,
  trip: TripFile,
  timeZone: string,
  purposeNames: Map<number, string>[],
  keys: WayKeys,
): Promise<{ id: number; cleared: (typeof zeroTripDays.$inferSelect)[] }> {
  const importedAt = new Date()
  const legRows = trip.legs.map(({ purposeSource, modeSource, ...leg }) => ({
    startTime: wallTime(leg.startTime, timeZone),
    endTime: wallTime(leg.endTime, timeZone),
    // A file may leave len out: the geometry tells it.
    len: leg.len ?? (leg.geom.length > 1 ? Math.round(pathLength(leg.geom)) : null),
    geom: leg.geom,
    detectedModes: leg.detectedModes ?? leg.tfcModes,
    tfcModes: leg.tfcModes,
    purposeIds: leg.tripPurposes,
    validationStatus: leg.validationStatus,
    qtnsAnswered: leg.qtnsAnswered,
    metaDataRecs: leg.metaDataRecs,
    startPoi: leg.startPoi ?? null,
    endPoi: leg.endPoi ?? null,
    ...labelsAtImport(leg.tripPurposes, leg.tfcModes, leg.detectedModes ?? [], purposeSource, modeSource, importedAt),
  }))
  const startTime = legRows[0].startTime
  const endTime = legRows[legRows.length - 1].endTime
  const lengths = legRows.map((l) => l.len).filter((len): len is number => len != null)
  // Manually created ways have no distance.
  const distance =
    trip.creationType === 'CREATED_MANUALLY' || lengths.length === 0 ? null : lengths.reduce((a, b) => a + b, 0)
  // A name that is just the one derived from the purposes is not the way's own: it keeps following the purposes.
  const derived = purposeNames.map((names) => tripName({ name: null, legs: legRows }, names))
  const name = trip.nameIsOwn || !derived.includes(trip.name ?? '') ? (trip.name ?? null) : null
  const [{ id }] = await tx
    .insert(trips)
    .values({
      userId,
      name,
      objId: trip.objId ?? null,
      creationType: trip.creationType,
      creationTime: trip.creationTime ? wallTime(trip.creationTime, timeZone) : endTime,
      startTime,
      endTime,
      distance,
      fdbkAvail: trip.fdbkAvail,
      fdbkReasonIds: trip.trpFdbkReasonIds,
      fdbkRemark: trip.fdbkRemark ?? null,
      validationStatus: trip.validationStatus,
      confirmationStatus: trip.confirmationStatus,
      qtnAnswered: trip.qtnAnswered,
      allQuestionsAnswered: trip.allQuestionsAnswered ?? (trip.qtnAnswered && trip.legs.every((l) => l.qtnsAnswered)),
      importId: keys.importId,
      importHash: keys.hash,
    })
    .returning({ id: trips.id })
  await tx.insert(legs).values(legRows.map((leg, idx) => ({ ...leg, tripId: id, idx })))
  const cleared = await clearNoTripMark(tx, userId, startTime, timeZone)
  return { id, cleared }
}
