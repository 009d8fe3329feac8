// Caps on what one participant can store, so no account can grow the database (or its own data download) without
// bound. Each cap is far above what a real diary needs: a day of travel has a handful of ways, a way a few legs, a
// recorded leg a few thousand points, an answer a few sentences. Reaching one is refused with a clear message and
// changes nothing.
export const LIMITS = {
  /** Points in one leg's geometry. */
  pointsPerLeg: 20_000,
  /** Legs in one way. */
  legsPerWay: 50,
  /** Ways of one participant starting on one day (study time zone). */
  waysPerDay: 50,
  /** Characters of one free-text answer. */
  answerChars: 10_000,
  /** Answers sent for one questionnaire at once. */
  answersPerQuestionnaire: 2_000,
} as const

export type LimitName = keyof typeof LIMITS

/** The error constant a caller gets when the cap is reached. */
export const LIMIT_ERROR: Record<LimitName, string> = {
  pointsPerLeg: 'LIMIT_POINTS_PER_LEG',
  legsPerWay: 'LIMIT_LEGS_PER_WAY',
  waysPerDay: 'LIMIT_WAYS_PER_DAY',
  answerChars: 'LIMIT_ANSWER_SIZE',
  answersPerQuestionnaire: 'LIMIT_ANSWER_SIZE',
}

/** Whether adding `adding` to `existing` stays within the cap. */
export function withinLimit(name: LimitName, existing: number, adding = 1): boolean {
  return existing + adding <= LIMITS[name]
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
