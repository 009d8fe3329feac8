// The one state machine of a way. Every decision about what a participant (or the companion app) may do with a way
// is read from wayState(facts): the list card, the detail page, the HTTP API's flags, the services that refuse a
// change and the export all call it, so they cannot disagree.
//
// States (a way is in exactly one):
//   purpose    not confirmed, not reported, some leg has no purpose yet
//   modes      not confirmed, not reported, every leg has a purpose (some legs may already be validated)
//   questions  confirmed, some questionnaire still open
//   done       confirmed, every questionnaire answered
//   reported   reported as faulty (until the report is withdrawn)
// A way with no legs is in purpose (nothing can confirm it; it can be deleted, copied or reported).
//
// Moves: purpose --setPurposes--> modes --confirm (or validating the last leg)--> questions --answer/complete--> done;
// purpose|modes --report--> reported --withdrawReport--> the state the facts give without the report.
// Until the way is confirmed everything the participant entered stays correctable: purposes, modes and legs (delete,
// copy) in purpose and modes alike; a wrong mode is fixed without choosing a purpose first. So is the segmentation: a
// way can be split, merged with its neighbour, and such an edit undone, only while every way it touches is in purpose
// or modes. Confirming is irreversible: a confirmed way only takes
// questionnaire answers and can be copied.
import { Step } from './steps'

export const WAY_STATES = ['purpose', 'modes', 'questions', 'done', 'reported'] as const
export type WayStateName = (typeof WAY_STATES)[number]

export const WAY_ACTIONS = [
  /** Set or change the purposes of one leg or of every leg (setTripPurposes, updateLeg tripPurposes). */
  'setPurposes',
  /** Set the traffic modes of a leg (updateLeg tfcModes). */
  'setModes',
  /** Validate a leg (updateLeg validationStatus true); validating the last open leg confirms the way. */
  'validateLeg',
  /** Delete the first or last leg (deleteLegs), replace a leg's geometry (updateLeg applyGeom). */
  'deleteLeg',
  /** Copy a leg (copyLeg). */
  'copyLeg',
  /** Copy the whole way into a new, unconfirmed way (copyTrip). */
  'copyWay',
  /** Delete the way (deleteTrips). */
  'deleteWay',
  /** Confirm the way, validating every leg (confirmTrip). Irreversible. */
  'confirm',
  /** Answer the way's trip and leg questionnaires. */
  'answerQuestions',
  /** Finish a confirmed way whose questionnaires have nothing pending (completeTrip). */
  'complete',
  /** Report the way as faulty (setTripFeedback). */
  'report',
  /** Withdraw one's own report (deleteTripFeedback). */
  'withdrawReport',
  /** Edit a way entered by hand on the manual form (updateTrip). */
  'editManual',
  /** Split the way in two, between two legs or inside a leg at a point of its track (splitTrip). */
  'split',
  /** Merge the way with the way just before or after it, which must allow merging too (mergeTrips). */
  'merge',
  /** Undo the split or merge that produced the way; every way it produced must allow it (revertEdit). */
  'revertEdit',
] as const
export type WayAction = (typeof WAY_ACTIONS)[number]

/** A way's two stored flags: confirmationStatus (confirmed as a whole) and validationStatus (every leg validated). */
export interface ConfirmationFlags {
  confirmationStatus: boolean
  validationStatus: boolean
}

/**
 * When a way counts as confirmed: the participant confirmed it, irreversibly. Confirming stores both flags at once
 * (CONFIRMED_FLAGS); either flag alone says so too, so a row whose flags disagree (a file or an older version that
 * set only one) counts as confirmed for the machine below, for every query and for the export alike. Questionnaires
 * play no part: a confirmed way may still have open ones (state questions). This is the one definition; queries use
 * its SQL form, confirmedSql in app/db/confirmed.ts, and a test keeps both in agreement and the columns from being
 * read anywhere else.
 */
export function isConfirmed(trip: ConfirmationFlags): boolean {
  return trip.confirmationStatus || trip.validationStatus
}

/** What confirming a way stores (with every leg validated in the same transaction). */
export const CONFIRMED_FLAGS = { confirmationStatus: true, validationStatus: true } as const satisfies ConfirmationFlags

/** Flags a way may be stored with: a way confirmed as a whole is validated too (files with anything else are refused). */
export function flagsFit(trip: ConfirmationFlags): boolean {
  return !trip.confirmationStatus || trip.validationStatus
}

/** The rule above in the words of the export's codebook, for a way's `confirmed` and `validated` columns. */
export const CONFIRMED_TEXT =
  'true when the participant confirmed the way, its purposes and modes (irreversible; true whenever validated is). Its questionnaires may still be open: see all_questions_answered and status'
export const VALIDATED_TEXT =
  'true when every leg was validated by the participant and the way confirmed (a validated way always counts as confirmed)'

/** What wayState needs to know about a way. */
export interface WayFacts {
  /** Confirmed for good (isConfirmed). */
  confirmed: boolean
  /** Reported as faulty (trips.fdbkAvail). */
  reported: boolean
  /** Every trip and leg questionnaire answered (trips.allQuestionsAnswered). */
  questionsAnswered: boolean
  /** Entered by hand (creationType CREATED_MANUALLY). */
  manual: boolean
  /** The legs in order: whether each has at least one purpose. */
  legs: readonly { hasPurpose: boolean }[]
}

/** The list's status badge. */
export type WayStatus = 'reported' | 'questionnairesUnanswered' | 'unconfirmed' | 'confirmed'

export interface WayState {
  state: WayStateName
  /** The detail page's step (Questionnaires is the questionnaire view of BeforeQuestionnaires, never a state). */
  step: Step
  status: WayStatus
  /** Every action, true when allowed now. */
  allows: Record<WayAction, boolean>
}

const EDIT: WayAction[] = [
  'setPurposes',
  'deleteLeg',
  'copyLeg',
  'copyWay',
  'deleteWay',
  'report',
  'editManual',
  'split',
  'merge',
  'revertEdit',
]

/** The allowed actions per state ('editManual' additionally needs a manual way). */
export const ALLOWED: Record<WayStateName, readonly WayAction[]> = {
  purpose: [...EDIT, 'setModes'],
  modes: [...EDIT, 'setModes', 'validateLeg', 'confirm'],
  questions: ['answerQuestions', 'complete', 'copyWay'],
  done: ['answerQuestions', 'copyWay'],
  reported: ['withdrawReport', 'copyWay'],
}

const STEP: Record<WayStateName, Step> = {
  purpose: Step.Purpose,
  modes: Step.TrafficModes,
  questions: Step.BeforeQuestionnaires,
  done: Step.Validated,
  reported: Step.Purpose, // replaced by the step the way would be in without the report
}

const STATUS: Record<WayStateName, WayStatus> = {
  purpose: 'unconfirmed',
  modes: 'unconfirmed',
  questions: 'questionnairesUnanswered',
  done: 'confirmed',
  reported: 'reported',
}

/** The state a way is in, ignoring a report. */
function baseState(f: WayFacts): Exclude<WayStateName, 'reported'> {
  if (f.confirmed) return f.questionsAnswered ? 'done' : 'questions'
  return f.legs.length > 0 && f.legs.every((l) => l.hasPurpose) ? 'modes' : 'purpose'
}

/** The way's state, detail step, list status and allowed actions. */
export function wayState(f: WayFacts): WayState {
  const state: WayStateName = f.reported ? 'reported' : baseState(f)
  const allowed = new Set(ALLOWED[state])
  if (!f.manual) allowed.delete('editManual')
  const allows = Object.fromEntries(WAY_ACTIONS.map((a) => [a, allowed.has(a)])) as Record<WayAction, boolean>
  return { state, step: state === 'reported' ? STEP[baseState(f)] : STEP[state], status: STATUS[state], allows }
}

/** A leg's mode is known when it has one and none of its modes is the phone's "unknown". */
export function modeKnown(modes: readonly string[]): boolean {
  return modes.length > 0 && !modes.includes('UNKNOWN')
}

/**
 * Whether a way can be confirmed straight from the list, in one step that fills the purpose of the legs still
 * without one and confirms it: its purposes may still be set (not confirmed, not reported), it has legs, and every
 * leg's mode is known. A leg whose mode is unknown is never confirmed as such: its mode is asked for first.
 */
export function quickConfirmable(state: WayState, legModes: readonly (readonly string[])[]): boolean {
  return state.allows.setPurposes && state.allows.report && legModes.length > 0 && legModes.every(modeKnown)
}

/**
 * What confirming from the card stores as each leg's purposes: a leg that has purposes keeps them, a leg without
 * one takes the chosen purpose. null: some leg has none and nothing was chosen.
 */
export function quickPurposes(legPurposes: readonly (readonly number[])[], chosen: number | null): number[][] | null {
  if (legPurposes.some((p) => p.length === 0) && chosen == null) return null
  return legPurposes.map((p) => (p.length > 0 ? [...p] : [chosen!]))
}

/** The error a service answers when `action` is not allowed in `state`. */
export function refusal(state: WayStateName): 'TRIP_CONFIRMED' | 'TRIP_REPORTED' | 'WRONG_STEP' {
  if (state === 'reported') return 'TRIP_REPORTED'
  if (state === 'questions' || state === 'done') return 'TRIP_CONFIRMED'
  return 'WRONG_STEP'
}

/** A stored trip (and its legs) as WayFacts. */
export function wayFacts(
  trip: ConfirmationFlags & {
    fdbkAvail: boolean
    allQuestionsAnswered: boolean
    creationType: string
  },
  legs: readonly ({ purposeIds: readonly number[] } | { tripPurposes: readonly unknown[] })[],
): WayFacts {
  return {
    confirmed: isConfirmed(trip),
    reported: trip.fdbkAvail,
    questionsAnswered: trip.allQuestionsAnswered,
    manual: trip.creationType === 'CREATED_MANUALLY',
    legs: legs.map((l) => ({ hasPurpose: ('purposeIds' in l ? l.purposeIds : l.tripPurposes).length > 0 })),
  }
}

// Days without ways are not part of a way's state: a review day without ways can be marked (listDays.ts
// zeroTripDayBlock), a mark can always be taken back (trip.deleteZeroTripDay), and a way arriving on a marked day
// (added by hand, edited, imported) clears the mark (model.server.ts clearNoTripMark).
