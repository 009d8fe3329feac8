// Spec: "Trip list status precedence: reported (fdbkAvail) beats questionnaires-unanswered
// (confirmed but questions not all answered), which beats unconfirmed, which beats confirmed."
import { describe, test, expect } from 'vitest'
import { tripStatus } from './tripStatus'

describe('tripStatus', () => {
  test.each([
    // fdbkAvail, validationStatus, allQuestionsAnswered → status
    [true, true, true, 'reported'],
    [true, true, false, 'reported'],
    [true, false, true, 'reported'],
    [true, false, false, 'reported'],
    [false, true, false, 'questionnairesUnanswered'],
    [false, false, false, 'unconfirmed'],
    [false, false, true, 'unconfirmed'],
    [false, true, true, 'confirmed'],
  ] as const)('fdbkAvail=%s validated=%s answered=%s → %s', (fdbkAvail, validationStatus, allQuestionsAnswered, expected) => {
    expect(tripStatus({ fdbkAvail, validationStatus, allQuestionsAnswered })).toBe(expected)
  })
})
