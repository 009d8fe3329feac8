// A way as the pages read it: the service's answer (the companion app's field names, kept for the HTTP API) given
// its plain names once, where a loader receives it. Pages and components read ways, distance, points and modes.
import type { LatLon } from '~/domain/geometry'
import type { LegDto, TripDto } from '~/services/trip/model.server'

/** A leg with its plain names: `distance` (metres), `points` (its track), `modes` (constant and name). */
export type LegView = Omit<
  LegDto,
  'len' | 'geom' | 'tfcModes' | 'qtnsAnswered' | 'metaDataRecs' | 'startPoi' | 'endPoi'
> & {
  distance: number | null
  points: LatLon[]
  modes: { constant: string; name: string }[]
  questionnairesAnswered: boolean
}

/** A way with its plain names: `reported`, `reportReasonIds`, `questionnaireAnswered` and its legs as LegView. */
export type WayView = Omit<TripDto, 'legs' | 'objId' | 'fdbkAvail' | 'trpFdbkReasonIds' | 'qtnAnswered'> & {
  legs: LegView[]
  reported: boolean
  reportReasonIds: number[]
  questionnaireAnswered: boolean
}

function legView(leg: LegDto): LegView {
  const { len, geom, tfcModes, qtnsAnswered, metaDataRecs: _m, startPoi: _s, endPoi: _e, ...rest } = leg
  return { ...rest, distance: len, points: geom, modes: tfcModes, questionnairesAnswered: qtnsAnswered }
}

export function wayView(trip: TripDto): WayView {
  const { legs, objId: _o, fdbkAvail, trpFdbkReasonIds, qtnAnswered, ...rest } = trip
  return {
    ...rest,
    legs: legs.map(legView),
    reported: fdbkAvail,
    reportReasonIds: trpFdbkReasonIds,
    questionnaireAnswered: qtnAnswered,
  }
}

/** A leg's mode constants, in order. */
export const modeConstants = (leg: Pick<LegView, 'modes'>) => leg.modes.map((m) => m.constant)
