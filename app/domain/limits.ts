// Caps on what one participant can store, and on what one answer carries, so no account can grow the database, its
// pages or its own data download without bound. This module is the one home of these numbers: the services, the
// HTTP API, the pages and the researcher's imports all check against it. Each cap is far above what a real diary
// needs: a day of travel has a handful of ways, a way a few legs, a recorded leg a few thousand points, a
// participant a few dozen saved places, an answer a few sentences. Reaching one is refused with a clear message and
// changes nothing.
export const LIMITS = {
  /** Points in one leg's geometry. */
  pointsPerLeg: 20_000,
  /** Points in all legs of one way together (a day's recording at one point a second is about this). */
  pointsPerWay: 50_000,
  /** Legs in one way. */
  legsPerWay: 50,
  /** Ways of one participant starting on one day (study time zone). */
  waysPerDay: 50,
  /** Saved places of one participant. */
  placesPerParticipant: 500,
  /** Characters of one free-text answer. */
  answerChars: 10_000,
  /** Answers sent for one questionnaire at once. */
  answersPerQuestionnaire: 2_000,
} as const

export type LimitName = keyof typeof LIMITS

/** The error constant a caller gets when the cap is reached. */
export const LIMIT_ERROR: Record<LimitName, string> = {
  pointsPerLeg: 'LIMIT_POINTS_PER_LEG',
  pointsPerWay: 'LIMIT_POINTS_PER_WAY',
  legsPerWay: 'LIMIT_LEGS_PER_WAY',
  waysPerDay: 'LIMIT_WAYS_PER_DAY',
  placesPerParticipant: 'LIMIT_PLACES',
  answerChars: 'LIMIT_ANSWER_SIZE',
  answersPerQuestionnaire: 'LIMIT_ANSWER_SIZE',
}

/** Whether adding `adding` to `existing` stays within the cap. */
export function withinLimit(name: LimitName, existing: number, adding = 1): boolean {
  return existing + adding <= LIMITS[name]
}

// Bounds of what one answer carries (not refusals: a longer list is paged, a longer route drawn simpler).
export const ANSWER_BOUNDS = {
  /** Most ways one getTrips page returns (fetchNext). */
  waysPerPage: 100,
  /**
   * Most geometry points one getTrips answer carries: a page ends early (at least one way) once its ways hold more;
   * the caller pages on with offset, as at the end of any page. A range of days (from/to) over it is refused.
   */
  pointsPerAnswer: 100_000,
  /** Most points of a way's route as a page draws it (simplified on the server, the shape kept). */
  drawnPointsPerWay: 2_000,
  /** Ways read from the database at once while the data download is written out. */
  waysPerDownloadBatch: 10,
} as const

/**
 * How many of the leading items fit in the budget: items are taken in order while their sizes together stay within
 * it, but at least the first (one item always fits, its own size is capped on the way in). None for no items.
 */
export function leadingWithin(sizes: readonly number[], budget: number): number {
  let total = 0
  for (let i = 0; i < sizes.length; i++) {
    total += sizes[i]
    if (total > budget) return Math.max(1, i)
  }
  return sizes.length
}

/**
 * Hours a way entered by hand may last before the form asks whether it is meant: a date typed one day off makes a way
 * of days. A longer way is saved only once the participant confirms its duration on the form.
 */
export const MANUAL_WAY_HOURS_UNASKED = 24

/** Whether a way entered by hand from `start` to `end` lasts long enough to be asked about. */
export function wayNeedsDurationConfirmation(start: Date, end: Date): boolean {
  return end.getTime() - start.getTime() > MANUAL_WAY_HOURS_UNASKED * 3_600_000
}
