// Spec: "Trip detail steps, in order: Purpose (0), TrafficModes (1), BeforeQuestionnaires (2), Questionnaires (3),
//        Validated (4). On load: validated and all questions answered gives Validated; else any leg validated gives
//        BeforeQuestionnaires; else all legs have purposes gives TrafficModes; else Purpose."
// Spec: "Traffic-mode editing is possible only in step 2. Leg editing (purposes, delete) is possible only in step 1."
// Spec: "confirmed (irreversible, no edits afterwards)", "reported as faulty (cannot be edited; the report can be
//        withdrawn to edit again)"
import { describe, test, expect } from 'vitest'
import { STEPS, Step, canEditLegs, canEditModes, canEditTrip, nextStep, previousStep, stepOnLoad, tripEditBlock } from './steps'

const leg = (validationStatus: boolean, purposeIds: number[]) => ({ validationStatus, purposeIds })

test('step order', () => {
  expect(Step).toEqual({ Purpose: 0, TrafficModes: 1, BeforeQuestionnaires: 2, Questionnaires: 3, Validated: 4 })
  expect(STEPS).toEqual([0, 1, 2, 3, 4])
})

describe('stepOnLoad', () => {
  test.each([
    ['validated + all answered', true, true, [leg(true, [1])], Step.Validated],
    ['validated, questions open', true, false, [leg(true, [1])], Step.BeforeQuestionnaires],
    ['validated trip flag only, questions open', true, false, [leg(false, [1])], Step.BeforeQuestionnaires],
    ['one leg validated', false, false, [leg(true, [1]), leg(false, [])], Step.BeforeQuestionnaires],
    ['one leg validated, answered flag irrelevant', false, true, [leg(false, [1]), leg(true, [2])], Step.BeforeQuestionnaires],
    ['all legs have purposes', false, false, [leg(false, [1]), leg(false, [2, 3])], Step.TrafficModes],
    ['answered but not validated', false, true, [leg(false, [1])], Step.TrafficModes],
    ['one leg without purpose', false, false, [leg(false, [1]), leg(false, [])], Step.Purpose],
    ['no purposes', false, false, [leg(false, [])], Step.Purpose],
    ['no legs', false, false, [], Step.Purpose],
  ])('%s', (_label, validationStatus, allQuestionsAnswered, legs, expected) => {
    expect(stepOnLoad({ validationStatus, allQuestionsAnswered, legs })).toBe(expected)
  })
})

describe('editing per step', () => {
  test.each([
    [Step.Purpose, false, true],
    [Step.TrafficModes, true, false],
    [Step.BeforeQuestionnaires, false, false],
    [Step.Questionnaires, false, false],
    [Step.Validated, false, false],
  ])('step %s: modes %s, legs %s', (step, modes, legs) => {
    expect(canEditModes(step)).toBe(modes)
    expect(canEditLegs(step)).toBe(legs)
  })
})

describe('nextStep / previousStep', () => {
  test.each([
    [Step.Purpose, Step.TrafficModes, Step.Purpose],
    [Step.TrafficModes, Step.BeforeQuestionnaires, Step.Purpose],
    [Step.Validated, Step.Validated, Step.Questionnaires],
  ])('%s → next %s, previous %s', (step, next, prev) => {
    expect(nextStep(step)).toBe(next)
    expect(previousStep(step)).toBe(prev)
  })
})

describe('canEditTrip', () => {
  test.each([
    [false, false, true, null],
    [true, false, false, 'TRIP_CONFIRMED'],
    [false, true, false, 'TRIP_REPORTED'],
    [true, true, false, 'TRIP_CONFIRMED'],
  ] as const)('confirmed=%s reported=%s → %s (%s)', (confirmationStatus, fdbkAvail, ok, block) => {
    expect(canEditTrip({ confirmationStatus, fdbkAvail })).toBe(ok)
    expect(tripEditBlock({ confirmationStatus, fdbkAvail })).toBe(block)
  })
})
