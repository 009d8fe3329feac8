import { formatDayTime } from './time'

type Availability = 'from' | 'until' | null

export interface QuestionnaireSummary {
  /** 'YYYY-MM-DD HH:mm' in the study time zone, or null. */
  availFrom: string | null
  availUntil: string | null
  available: Availability
  answered: boolean
  mandatory: boolean
}

/**
 * Questionnaire summary: availFrom, availUntil (format YYYY-MM-DD HH:mm), available ('from', 'until'
 * or none), answered, mandatory. It is 'from' when now is before availFrom and 'until' when now is after
 * availUntil. Boundaries are inclusive (now == availFrom or now == availUntil is available → null).
 */
export function questionnaireSummary(
  q: { availFrom: Date | null; availUntil: Date | null; mandatory: boolean },
  answered: boolean,
  now: Date,
  timeZone: string,
): QuestionnaireSummary {
  let available: Availability = null
  if (q.availFrom && now.getTime() < q.availFrom.getTime()) available = 'from'
  else if (q.availUntil && now.getTime() > q.availUntil.getTime()) available = 'until'
  return {
    availFrom: q.availFrom ? formatDayTime(q.availFrom, timeZone) : null,
    availUntil: q.availUntil ? formatDayTime(q.availUntil, timeZone) : null,
    available,
    answered,
    mandatory: q.mandatory,
  }
}

export type ButtonState = 'availableFrom' | 'expired' | 'locked' | 'toAnswer' | 'answered'

/**
 * Each button carries a state text: available from a date, available until a date, locked, to be
 * answered, or answered. The final questionnaire button is locked when the initial one is mandatory and
 * not yet answered.
 * Precedence: answered → availableFrom (not yet open) → expired ('available until <date>', now past
 * availUntil) → locked (final only) → toAnswer.
 */
export function buttonState(
  summary: Pick<QuestionnaireSummary, 'available' | 'answered'>,
  { isFinal, initial }: { isFinal: boolean; initial?: Pick<QuestionnaireSummary, 'answered' | 'mandatory'> | null },
): ButtonState {
  if (summary.answered) return 'answered'
  if (summary.available === 'from') return 'availableFrom'
  if (summary.available === 'until') return 'expired'
  if (isFinal && initial && initial.mandatory && !initial.answered) return 'locked'
  return 'toAnswer'
}

/** The date shown with a button state text (availableFrom → availFrom, expired → availUntil), else null. */
export function buttonDate(summary: QuestionnaireSummary, state: ButtonState): string | null {
  if (state === 'availableFrom') return summary.availFrom
  if (state === 'expired') return summary.availUntil
  return null
}

/** Only a questionnaire in state 'toAnswer' can be opened for answering. */
export function canAnswer(state: ButtonState): boolean {
  return state === 'toAnswer'
}
