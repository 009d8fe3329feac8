// A questionnaire refusal is a catalogue key under the question's field; the numbers its message needs come from the
// question's bounds.
import { describe, expect, test } from 'vitest'
import { flowMessage, messageParams, questionField, type MessageBounds } from './questionMessages'

const q = (type: string): MessageBounds => ({
  type,
  number: { min: 1, max: 9 },
  slider: { min: 0, max: 100, maxSum: 150 },
  max: 3,
  textMax: 200,
})

describe('questionnaire messages', () => {
  test('key and field', () => {
    expect(flowMessage('mandatory')).toBe('questionnaire:errors.mandatory')
    expect(questionField(42)).toBe('q42')
  })
  test.each([
    ['range', 'INTEGER_NO_INPUT', { min: 1, max: 9 }],
    ['range', 'SINGLE_NUM_SLIDER', { min: 0, max: 100 }],
    ['tooMany', 'MULTIPLE_CHOICE', { max: 3 }],
    ['textLength', 'TEXT_INPUT', { max: 200 }],
    ['sum', 'CONSTANT_SUM_INPUT', { max: 150 }],
    ['mandatory', 'TEXT_INPUT', {}],
  ] as const)('%s (%s)', (reason, type, params) => {
    expect(messageParams(q(type), flowMessage(reason))).toEqual(params)
  })
  test('no question: no numbers', () => expect(messageParams(null, flowMessage('range'))).toEqual({}))
})
