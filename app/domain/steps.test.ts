// The detail page's steps in order; next/previous clamp to the first and last.
import { describe, test, expect } from 'vitest'
import { STEPS, Step, nextStep, previousStep } from './steps'

test('step order', () => {
  expect(Step).toEqual({ Purpose: 0, TrafficModes: 1, BeforeQuestionnaires: 2, Questionnaires: 3, Validated: 4 })
  expect(STEPS).toEqual([0, 1, 2, 3, 4])
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
