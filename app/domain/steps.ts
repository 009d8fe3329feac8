/**
 * Spec: "Trip detail steps, in order: Purpose (0), TrafficModes (1), BeforeQuestionnaires (2),
 * Questionnaires (3), Validated (4)."
 */
export const Step = {
  Purpose: 0,
  TrafficModes: 1,
  BeforeQuestionnaires: 2,
  Questionnaires: 3,
  Validated: 4,
} as const
export type Step = (typeof Step)[keyof typeof Step]

export const STEPS: readonly Step[] = [
  Step.Purpose,
  Step.TrafficModes,
  Step.BeforeQuestionnaires,
  Step.Questionnaires,
  Step.Validated,
]

export interface StepTrip {
  validationStatus: boolean
  allQuestionsAnswered: boolean
  legs: { validationStatus: boolean; purposeIds: number[] }[]
}

/**
 * Spec: "On load: validated and all questions answered gives Validated; else any leg validated gives
 * BeforeQuestionnaires; else all legs have purposes gives TrafficModes; else Purpose."
 * A validated trip whose questions are not all answered is BeforeQuestionnaires (validating the trip
 * validates its legs, so the trip flag counts as "a leg validated" too). A trip without legs is Purpose.
 */
export function stepOnLoad(trip: StepTrip): Step {
  if (trip.validationStatus && trip.allQuestionsAnswered) return Step.Validated
  if (trip.validationStatus || trip.legs.some((l) => l.validationStatus)) return Step.BeforeQuestionnaires
  if (trip.legs.length > 0 && trip.legs.every((l) => l.purposeIds.length > 0)) return Step.TrafficModes
  return Step.Purpose
}

/** Spec: "Traffic-mode editing is possible only in step 2." (step 2 = TrafficModes, index 1) */
export function canEditModes(step: Step): boolean {
  return step === Step.TrafficModes
}

/** Spec: "Leg editing (purposes, delete) is possible only in step 1." (step 1 = Purpose, index 0) */
export function canEditLegs(step: Step): boolean {
  return step === Step.Purpose
}

/** Next / previous step, clamped to Purpose..Validated. */
export function nextStep(step: Step): Step {
  return Math.min(step + 1, Step.Validated) as Step
}
export function previousStep(step: Step): Step {
  return Math.max(step - 1, Step.Purpose) as Step
}

export type TripEditBlock = 'TRIP_CONFIRMED' | 'TRIP_REPORTED'

/**
 * Spec: "confirmed (irreversible, no edits afterwards)";
 * "reported as faulty (cannot be edited; the report can be withdrawn to edit again)".
 * Confirmed is reported first because withdrawing a report would not make it editable.
 */
export function tripEditBlock(trip: { confirmationStatus: boolean; fdbkAvail: boolean }): TripEditBlock | null {
  if (trip.confirmationStatus) return 'TRIP_CONFIRMED'
  if (trip.fdbkAvail) return 'TRIP_REPORTED'
  return null
}

/** See tripEditBlock: editable only when neither confirmed nor reported. */
export function canEditTrip(trip: { confirmationStatus: boolean; fdbkAvail: boolean }): boolean {
  return tripEditBlock(trip) === null
}
