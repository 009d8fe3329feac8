// Optional and unanswered is valid. Date and time types: a non-empty answer is needed if mandatory. Number
//        inputs: non-empty if mandatory. Single choice: exactly one answer. Multiple choice: at least one and at most
//        max if set. Row text: length at most max if set. Matrix, locator, slider and constant-sum types are always valid.
// Single-choice matrix: one answer per row. Exclusive options single out within a row.
// Multiple choice: picking an exclusive option clears the others, and picking any option while an exclusive
//        one is chosen clears it. The selection cannot exceed max.
// Filter sub-questions appear when the parent is validly answered and an answer matches a filter code.
// A question with more sub-questions or answer options than its type expects raises an error toast.
import { describe, test, expect } from 'vitest'
import {
  filterApplies,
  filterCodes,
  isQuestionValid,
  isSupported,
  normalizeMultipleChoice,
  shapeProblem,
  toggleChoice,
  toggleMatrixChoice,
} from './questionValidity'

const a = (answOptId: number, text = '') => ({ answOptId, text })

describe('isSupported (every type: questionTypes/registry.test.ts)', () => {
  test.each([
    ['DATE', true],
    ['SINGLE_CHOICE', true],
    ['CONSTANT_SUM_INPUT', true],
    ['DRAG_RAT', false],
    ['NOT_A_TYPE', false],
  ])('%s → %s', (type, expected) => {
    expect(isSupported(type)).toBe(expected)
  })
})

describe('isQuestionValid', () => {
  test.each([
    // type, mandatory, max, answers, valid
    ['DATE', false, null, [], true],
    ['DATE', true, null, [], false],
    ['DATE', true, null, [a(1, '')], false],
    ['DATE', true, null, [a(1, '  ')], false],
    ['DATE', true, null, [a(1, '1767225600')], true],
    ['DATE_TIME', true, null, [], false],
    ['DATE_TIME', true, null, [a(1, '1767225600')], true],
    ['TIME', true, null, [a(1, '12:00:00')], true],
    ['TIME', false, null, [a(1, '')], true],
    ['INT_NO_INPUT', true, null, [], false],
    ['INT_NO_INPUT', true, null, [a(1, '0')], true],
    ['INT_NO_INPUT', false, null, [], true],
    ['FLOATING_NO_INPUT', true, null, [a(1, '')], false],
    ['FLOATING_NO_INPUT', true, null, [a(1, '1.5')], true],
    ['SINGLE_CHOICE', false, null, [], true],
    ['SINGLE_CHOICE', true, null, [], false],
    ['SINGLE_CHOICE', true, null, [a(1)], true],
    ['SINGLE_CHOICE', false, null, [a(1)], true],
    ['SINGLE_CHOICE', false, null, [a(1), a(2)], false],
    ['SINGLE_CHOICE', true, null, [a(1), a(1)], true],
    ['MULTIPLE_CHOICE', false, null, [], true],
    ['MULTIPLE_CHOICE', true, null, [], false],
    ['MULTIPLE_CHOICE', true, null, [a(1), a(2), a(3)], true],
    ['MULTIPLE_CHOICE', true, 2, [a(1), a(2)], true],
    ['MULTIPLE_CHOICE', true, 2, [a(1), a(2), a(3)], false],
    ['MULTIPLE_CHOICE', false, 2, [a(1), a(2), a(3)], false],
    ['SINGLE_ROW_TEXT', false, null, [], true],
    ['SINGLE_ROW_TEXT', true, null, [a(1, 'x'.repeat(500))], true],
    ['SINGLE_ROW_TEXT', true, 5, [a(1, 'hello')], true],
    ['SINGLE_ROW_TEXT', true, 5, [a(1, 'hello!')], false],
    ['SINGLE_ROW_TEXT', true, 5, [], true],
    ['MULTIPLE_ROW_TEXT', false, 3, [a(1, 'abc'), a(2, 'abcd')], false],
    ['MULTIPLE_ROW_TEXT', false, 3, [a(1, 'abc'), a(2, 'ab')], true],
    ['TEXT', true, 2, [a(1, '😀😀')], true],
    ['SINGLE_CHOICE_MATRIX', true, null, [], true],
    ['MULTIPLE_CHOICE_MATRIX', true, null, [], true],
    ['SINGLE_LOCATOR', true, null, [], true],
    ['MULTIPLE_LOCATOR', true, null, [], true],
    ['SINGLE_NUM_SLIDER', true, null, [], true],
    ['MULTIPLE_NUM_SLIDER', true, null, [], true],
    ['CONSTANT_SUM_INPUT', true, null, [], true],
    ['DRAG_RAT', true, null, [], true],
  ])('%s mandatory=%s max=%s %j → %s', (type, mandatory, max, answers, expected) => {
    expect(isQuestionValid({ type, mandatory, max }, answers)).toBe(expected)
  })
})

const opts = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 9, exclOpt: true }, { id: 8, exclOpt: true }]

describe('toggleChoice', () => {
  test.each([
    // selected, picked, max, result
    [[], 1, null, [1]],
    [[1], 2, null, [1, 2]],
    [[1, 2], 1, null, [2]],
    [[1, 2], 9, null, [9]],
    [[9], 1, null, [1]],
    [[9], 8, null, [8]],
    [[9], 9, null, []],
    [[1, 2], 3, 2, [1, 2]],
    [[1], 2, 2, [1, 2]],
    [[9], 1, 1, [1]],
    [[1], 9, 1, [9]],
    [[1, 2], 2, 2, [1]],
  ])('%j + %s (max %s) → %j', (selected, picked, max, expected) => {
    expect(toggleChoice(selected, picked, opts, max)).toEqual(expected)
  })
})

describe('toggleMatrixChoice', () => {
  test.each([
    [[], 1, true, [1]],
    [[1], 2, true, [2]],
    [[1], 1, true, [1]],
    [[1], 2, false, [1, 2]],
    [[1, 2], 9, false, [9]],
    [[9], 3, false, [3]],
  ])('row %j + %s single=%s → %j', (row, picked, single, expected) => {
    expect(toggleMatrixChoice(row, picked, opts, single)).toEqual(expected)
  })
})

describe('normalizeMultipleChoice', () => {
  test.each([
    [[], null, []],
    [[1, 2], null, [1, 2]],
    [[2, 1, 2], null, [2, 1]],
    [[1, 9], null, [9]],
    [[9], null, [9]],
    [[9, 8], null, null],
    [[1, 77], null, null],
    [[1, 2, 3], 2, null],
    [[1, 2], 2, [1, 2]],
    [[1, 2, 9], 1, [9]],
  ])('%j (max %s) → %j', (submitted, max, expected) => {
    expect(normalizeMultipleChoice(submitted, opts, max)).toEqual(expected)
  })
})

describe('filterApplies', () => {
  test.each([
    [[a(1)], [1, 2], true, true],
    [[a(3)], [1, 2], true, false],
    [[a(3), a(2)], [1, 2], true, true],
    [[], [1, 2], true, false],
    [[a(1)], [1], false, false],
    [[a(1)], [], true, false],
  ])('%j codes %j parentValid=%s → %s', (answers, codes, valid, expected) => {
    expect(filterApplies(answers, codes, valid)).toBe(expected)
  })

  test.each([
    [null, []],
    [{ boolExpDefs: [] }, []],
    [{ boolExpDefs: [{ codes: [1, 2] }, { codes: [5] }] }, [1, 2, 5]],
  ])('filterCodes(%j) = %j', (filter, expected) => {
    expect(filterCodes(filter)).toEqual(expected)
  })
})

describe('shapeProblem', () => {
  const sub = (n: number) => ({ answOpts: Array.from({ length: n }, (_, i) => ({ id: i })) })
  test.each([
    ['DATE', [sub(1)], null],
    ['DATE', [sub(2)], 'QUESTION_SHAPE_UNEXPECTED'],
    ['DATE', [sub(1), sub(1)], 'QUESTION_SHAPE_UNEXPECTED'],
    ['TIME', [], 'QUESTION_SHAPE_UNEXPECTED'],
    ['SINGLE_ROW_TEXT', [sub(0)], 'QUESTION_SHAPE_UNEXPECTED'],
    ['SINGLE_NUM_SLIDER', [sub(1)], null],
    ['SINGLE_CHOICE', [sub(4)], null],
    ['SINGLE_CHOICE', [sub(0)], 'QUESTION_SHAPE_UNEXPECTED'],
    ['MULTIPLE_CHOICE', [sub(3), sub(3)], 'QUESTION_SHAPE_UNEXPECTED'],
    ['SINGLE_CHOICE_MATRIX', [sub(3), sub(3)], null],
    ['MULTIPLE_NUM_SLIDER', [sub(1), sub(1), sub(1)], null],
    ['CONSTANT_SUM_INPUT', [], 'QUESTION_SHAPE_UNEXPECTED'],
    ['DRAG_RAT', [], null],
  ])('%s %j → %s', (type, subQuestions, expected) => {
    expect(shapeProblem({ type, subQuestions })).toBe(expected)
  })
})
