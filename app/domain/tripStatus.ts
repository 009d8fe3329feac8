export type TripListStatus = 'reported' | 'questionnairesUnanswered' | 'unconfirmed' | 'confirmed'

export interface TripStatusInput {
  /** The trip was reported as faulty. */
  fdbkAvail: boolean
  /** The trip was confirmed (validated). */
  validationStatus: boolean
  allQuestionsAnswered: boolean
}

/**
 * Spec: "Trip list status precedence: reported (fdbkAvail) beats questionnaires-unanswered
 * (confirmed but questions not all answered), which beats unconfirmed, which beats confirmed."
 */
export function tripStatus({ fdbkAvail, validationStatus, allQuestionsAnswered }: TripStatusInput): TripListStatus {
  if (fdbkAvail) return 'reported'
  if (validationStatus && !allQuestionsAnswered) return 'questionnairesUnanswered'
  if (!validationStatus) return 'unconfirmed'
  return 'confirmed'
}
