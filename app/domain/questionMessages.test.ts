// A questionnaire refusal is a catalogue key under the question's field; the numbers its message needs come from the
// question's bounds (the range is the one its type names: see questionTypes/registry.test.ts).
import { describe, expect, test } from 'vitest'
import { flowMessage, messageParams, questionField, type MessageBounds } from './questionMessages'

const q: MessageBounds = { range: { min: 1, max: 9 }, max: 3, textMax: 200, slider: { maxSum: 150 } }

describe('questionnaire messages', () => {
  test('key and field', () => {
    expect(flowMessage('mandatory')).toBe('questionnaire:errors.mandatory')
    expect(questionField(42)).toBe('q42')
  })
  test.each([
    ['range', { min: 1, max: 9 }],
    ['tooMany', { max: 3 }],
    ['textLength', { max: 200 }],
    ['sum', { max: 150 }],
    ['mandatory', {}],
  ] as const)('%s', (reason, params) => {
    expect(messageParams(q, flowMessage(reason))).toEqual(params)
  })
  test('no question: no numbers', () => expect(messageParams(null, flowMessage('range'))).toEqual({}))
})
