// Which purpose to suggest for a way, from the participant's own confirmed ways. A suggestion is only ever
// pre-selected and marked as such; nothing is saved without the participant's tap.
//   1. Ways between the same two saved places (start and end) → their most common purpose.
//   2. Else ways ending at the same saved place at a similar time of day (within SIMILAR_TIME_MIN minutes, across
//      midnight too) → their most common purpose.
//   3. Else no suggestion.
// Ties go to the purpose used most recently. Places are the participant's saved places at the ends
// (places.ts savedPlaceAt), so a way between two unsaved spots is never guessed.

const SIMILAR_TIME_MIN = 90

export interface PastWay {
  /** Saved place ids at the way's start and end, when it started or ended at one. */
  startPlace: number | null
  endPlace: number | null
  /** Minutes after midnight (study time zone) the way started. */
  minuteOfDay: number
  /** The purpose the participant gave it (the first leg's first purpose). */
  purposeId: number
  /** When it started (ms since epoch): newer wins a tie. */
  startedAt: number
}

export interface WayToSuggest {
  startPlace: number | null
  endPlace: number | null
  minuteOfDay: number
}

export interface Suggestion {
  purposeId: number
  /** Which rule found it: the same two places, or the same destination at a similar time. */
  basis: 'samePlaces' | 'sameDestinationAndTime'
  /** How many of the participant's ways support it. */
  support: number
}

const minutesApart = (a: number, b: number) => {
  const d = Math.abs(a - b) % 1440
  return Math.min(d, 1440 - d)
}

function mostCommon(ways: readonly PastWay[]): { purposeId: number; support: number } | null {
  const tally = new Map<number, { n: number; last: number }>()
  for (const w of ways) {
    const t = tally.get(w.purposeId) ?? { n: 0, last: -Infinity }
    tally.set(w.purposeId, { n: t.n + 1, last: Math.max(t.last, w.startedAt) })
  }
  let best: { purposeId: number; n: number; last: number } | null = null
  for (const [purposeId, t] of tally) {
    if (!best || t.n > best.n || (t.n === best.n && t.last > best.last)) best = { purposeId, ...t }
  }
  return best ? { purposeId: best.purposeId, support: best.n } : null
}

export function suggestPurpose(way: WayToSuggest, history: readonly PastWay[]): Suggestion | null {
  if (way.startPlace != null && way.endPlace != null) {
    const same = mostCommon(history.filter((h) => h.startPlace === way.startPlace && h.endPlace === way.endPlace))
    if (same) return { ...same, basis: 'samePlaces' }
  }
  if (way.endPlace != null) {
    const similar = mostCommon(
      history.filter(
        (h) => h.endPlace === way.endPlace && minutesApart(h.minuteOfDay, way.minuteOfDay) <= SIMILAR_TIME_MIN,
      ),
    )
    if (similar) return { ...similar, basis: 'sameDestinationAndTime' }
  }
  return null
}
