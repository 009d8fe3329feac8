export interface NamedTrip {
  name?: string | null
  legs: { purposeIds: number[] }[]
}

const ELLIPSIS = '…'
const MAX_TRIP_NAME_PURPOSES = 3
const MAX_LEG_PURPOSES = 2
const MAX_MODE_DOTS = 5
const UNKNOWN_MODE = 'UNKNOWN'

function limitWithEllipsis(names: string[], max: number): string {
  const shown = names.slice(0, max).join(', ')
  return names.length > max ? `${shown}${ELLIPSIS}` : shown
}

/**
 * Derived name from purposes: up to 3 distinct purpose names, then an ellipsis.
 * A non-empty (after trim) user-given name wins. Purposes are taken in leg order, de-duplicated by
 * name; ids without a known name are skipped. Result: 'Work, Shopping, Leisure…'.
 */
export function tripName(trip: NamedTrip, purposeNames: Map<number, string>): string {
  const name = trip.name?.trim()
  if (name) return name
  const distinct: string[] = []
  for (const leg of trip.legs) {
    for (const id of leg.purposeIds) {
      const n = purposeNames.get(id)
      if (n && !distinct.includes(n)) distinct.push(n)
    }
  }
  return limitWithEllipsis(distinct, MAX_TRIP_NAME_PURPOSES)
}

/** Purposes shown on a leg: at most 2, then an ellipsis. */
export function legPurposesLabel(names: string[]): string {
  return limitWithEllipsis(names, MAX_LEG_PURPOSES)
}

/**
 * Trip card: at most 5 mode dots.
 * Each leg contributes its modes in order; a leg without modes contributes 'UNKNOWN'.
 */
export function modeDots(legs: { modes: string[] }[]): string[] {
  return legs.flatMap((leg) => (leg.modes.length > 0 ? leg.modes : [UNKNOWN_MODE])).slice(0, MAX_MODE_DOTS)
}

/**
 * A way's own name apart from the name its purposes give it: `name` is the way's name as tripName() gives it
 * (its given name, else its purposes); the legs carry their purposes with their names.
 */
export function nameParts(
  name: string,
  legs: readonly { tripPurposes: readonly { id: number; name: string }[] }[],
): { given: string | null; purposes: string } {
  const purposeNames = new Map(legs.flatMap((l) => l.tripPurposes.map((p) => [p.id, p.name] as const)))
  const purposes = tripName(
    { name: null, legs: legs.map((l) => ({ purposeIds: l.tripPurposes.map((p) => p.id) })) },
    purposeNames,
  )
  return { given: name && name !== purposes ? name : null, purposes }
}
