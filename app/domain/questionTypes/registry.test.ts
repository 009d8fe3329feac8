// The list of question types: every constant has a module, and what each module says about its campaign-file shape,
// whether the screens support it, the range its messages name, and whether its answers are places.
import { describe, expect, test } from 'vitest'
import { messageRange } from '../questionMessages'
import { QUESTION_TYPES, questionType } from './registry'

/** Each type: its shape, whether the screens support it, its range with default bounds, whether it answers places. */
const TYPES: [string, string, boolean, { min: number; max: number }, boolean][] = [
  ['CONSTANT_SUM_INPUT', 'multi-field', true, { min: 0, max: 140 }, false],
  ['DATE', 'single-value', true, { min: 0, max: 1000 }, false],
  ['DATE_TIME', 'single-value', true, { min: 0, max: 1000 }, false],
  ['DRAG_RAT', 'any', false, { min: 0, max: 1000 }, false],
  ['DURATION', 'single-value', true, { min: 0, max: 1440 }, false],
  ['FLOATING_NO_INPUT', 'single-value', true, { min: 0, max: 1000 }, false],
  ['INT_NO_INPUT', 'single-value', true, { min: 0, max: 1000 }, false],
  ['MULTIPLE_CHOICE', 'choice', true, { min: 0, max: 1000 }, false],
  ['MULTIPLE_CHOICE_MATRIX', 'matrix', true, { min: 0, max: 1000 }, false],
  ['MULTIPLE_LOCATOR', 'multi-field', true, { min: 0, max: 1000 }, true],
  ['MULTIPLE_NUM_SLIDER', 'multi-field', true, { min: 0, max: 140 }, false],
  ['MULTIPLE_ROW_TEXT', 'multi-field', true, { min: 0, max: 1000 }, false],
  ['SINGLE_CHOICE', 'choice', true, { min: 0, max: 1000 }, false],
  ['SINGLE_CHOICE_MATRIX', 'matrix', true, { min: 0, max: 1000 }, false],
  ['SINGLE_LOCATOR', 'single-value', true, { min: 0, max: 1000 }, true],
  ['SINGLE_NUM_SLIDER', 'single-value', true, { min: 0, max: 140 }, false],
  ['SINGLE_ROW_TEXT', 'single-value', true, { min: 0, max: 1000 }, false],
  ['TEXT', 'single-value', true, { min: 0, max: 1000 }, false],
  ['TIME', 'single-value', true, { min: 0, max: 1000 }, false],
]

describe('question type registry', () => {
  test('types in alphabetical order, each with its module; other strings have none', () => {
    expect([...QUESTION_TYPES]).toEqual([...QUESTION_TYPES].sort())
    for (const type of QUESTION_TYPES) expect(questionType(type)).not.toBeNull()
    expect(questionType('NOT_A_TYPE')).toBeNull()
    expect(questionType('toString')).toBeNull()
  })

  test('the table below names every type', () => {
    expect(TYPES.map((row) => row[0])).toEqual([...QUESTION_TYPES])
  })

  test.each(TYPES)(
    '%s: shape %s, supported %s, range %o (default bounds), places %s',
    (type, shape, supported, range, places) => {
      const def = questionType(type)!
      expect(def.shape).toBe(shape)
      expect(def.supported).toBe(supported)
      expect(messageRange({ type })).toEqual(range)
      expect(def.places === true).toBe(places)
    },
  )

  test('the range follows the question: min and max, for a slider also its default', () => {
    expect(messageRange({ type: 'INT_NO_INPUT', min: 1, max: 9 })).toEqual({ min: 1, max: 9 })
    expect(messageRange({ type: 'SINGLE_NUM_SLIDER', min: 5 })).toEqual({ min: 5, max: 140 })
  })
})
