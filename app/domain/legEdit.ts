// Which changes of a leg (spec 7 updateLeg) a trip detail step allows. Built on steps.ts.
import { Step, canEditLegs, canEditModes } from './steps'

/** What an update would change (compared with the stored leg). */
export interface LegChange {
  /** The purpose list differs (as a set). */
  purposes?: boolean
  /** The traffic-mode list differs (as a set; no mode and ['UNKNOWN'] are the same). */
  modes?: boolean
  /** Geometry or length would be replaced (updateLeg with applyGeom). */
  geometry?: boolean
  /** The leg would become validated. */
  validate?: boolean
  /** A validated leg would become unvalidated. */
  unvalidate?: boolean
}

/**
 * Spec 4: "Traffic-mode editing is possible only in step 2. Leg editing (purposes, delete) is possible only in
 * step 1." Step 2's confirm "marks all legs validated", so validating a leg is possible once every leg has its
 * purposes (TrafficModes, or BeforeQuestionnaires while other legs are still unvalidated); validation is never
 * taken back (the way flow goes forward only). Returns 'WRONG_STEP' or null (allowed). The confirmed/reported
 * block (steps.ts tripEditBlock) is checked before this.
 */
export function legChangeBlock(step: Step, change: LegChange): 'WRONG_STEP' | null {
  if ((change.purposes || change.geometry) && !canEditLegs(step)) return 'WRONG_STEP'
  if (change.modes && !canEditModes(step)) return 'WRONG_STEP'
  if (change.validate && step !== Step.TrafficModes && step !== Step.BeforeQuestionnaires) return 'WRONG_STEP'
  if (change.unvalidate) return 'WRONG_STEP'
  return null
}

/** Same members, any order, duplicates ignored. */
export function sameSet<T>(a: readonly T[], b: readonly T[]): boolean {
  const sa = new Set(a)
  const sb = new Set(b)
  return sa.size === sb.size && [...sa].every((x) => sb.has(x))
}

/** A leg without modes shows (and means) 'UNKNOWN' (model: toLegDto). */
export function normalisedModes(modes: readonly string[]): string[] {
  return modes.length ? [...modes] : ['UNKNOWN']
}
