// DURATION: hours and minutes posted, the whole number of minutes stored, between min (default 0) and max (default
// 1440); out of range clamped with a notice, unreadable input kept as typed and refused; shown back as hours and
// minutes.
import { describe, expect, test } from 'vitest'
import { questionProblem } from '../answerCheck'
import { parseQuestionForm, questionFormState } from '../answerInput'
import { isQuestionValid } from '../questionValidity'
import type { QuestionLike } from '../questionFlow'

const env = { today: '2026-03-10', timeZone: 'Europe/Berlin' }
const q = (extra: Partial<QuestionLike> = {}): QuestionLike => ({
  id: 1,
  type: 'DURATION',
  mandatory: false,
  subQuestions: [{ id: 10, answOpts: [{ id: 11 }] }],
  ...extra,
})
const a = (text: string) => ({ answOptId: 11, text })

describe('DURATION: posted hours and minutes → answer', () => {
  test.each<[string, QuestionLike, [string, string][], { answOptId: number; text: string }[], string | null]>([
    [
      'hours and minutes',
      q(),
      [
        ['o11-h', '1'],
        ['o11-m', '35'],
      ],
      [a('95')],
      null,
    ],
    [
      'minutes only',
      q(),
      [
        ['o11-h', ''],
        ['o11-m', '20'],
      ],
      [a('20')],
      null,
    ],
    [
      'hours only',
      q(),
      [
        ['o11-h', ' 2 '],
        ['o11-m', ''],
      ],
      [a('120')],
      null,
    ],
    [
      'minutes count on past 59',
      q(),
      [
        ['o11-h', '0'],
        ['o11-m', '90'],
      ],
      [a('90')],
      null,
    ],
    [
      'nothing given: no answer',
      q(),
      [
        ['o11-h', ''],
        ['o11-m', ''],
      ],
      [],
      null,
    ],
    [
      'above max: clamped',
      q({ max: 60 }),
      [
        ['o11-h', '2'],
        ['o11-m', '0'],
      ],
      [a('60')],
      'clamped',
    ],
    [
      'above the default max (a day): clamped',
      q(),
      [
        ['o11-h', '30'],
        ['o11-m', ''],
      ],
      [a('1440')],
      'clamped',
    ],
    [
      'below min: clamped',
      q({ min: 5 }),
      [
        ['o11-h', ''],
        ['o11-m', '2'],
      ],
      [a('5')],
      'clamped',
    ],
    [
      'letters: kept as typed',
      q(),
      [
        ['o11-h', 'eins'],
        ['o11-m', '5'],
      ],
      [a('eins:5')],
      null,
    ],
    [
      'a decimal: kept as typed',
      q(),
      [
        ['o11-h', '1,5'],
        ['o11-m', ''],
      ],
      [a('1,5:')],
      null,
    ],
  ])('%s', (_name, question, fields, answers, notice) => {
    expect(parseQuestionForm(question, new URLSearchParams(fields), [], env)).toEqual({ answers, notice })
  })
})

describe('DURATION: answer → fields, and back', () => {
  test.each<[string, { answOptId: number; text: string }[], Record<string, string>]>([
    ['95 minutes', [a('95')], { 'o11-h': '1', 'o11-m': '35' }],
    ['no answer', [], { 'o11-h': '', 'o11-m': '' }],
    ['as typed', [a('eins:5')], { 'o11-h': 'eins', 'o11-m': '5' }],
  ])('%s', (_name, answers, state) => {
    expect(questionFormState(q(), answers, env)).toEqual(state)
    const back = parseQuestionForm(q(), new URLSearchParams(state), answers, env)
    expect(back).toEqual({ answers, notice: null })
  })
})

describe('DURATION: the check of an answer', () => {
  test.each<[string, QuestionLike, { answOptId: number; text: string }[], string | null, Record<string, number>?]>([
    ['in range', q(), [a('95')], null],
    ['optional and unanswered', q(), [], null],
    ['mandatory and unanswered', q({ mandatory: true }), [], 'mandatory'],
    ['not whole minutes', q(), [a('1.5')], 'number'],
    ['as typed', q(), [a('eins:5')], 'number'],
    ['negative', q(), [a('-5')], 'number'],
    ['above max', q({ max: 60 }), [a('61')], 'range', { min: 0, max: 60 }],
    ['above the default max', q(), [a('1441')], 'range', { min: 0, max: 1440 }],
  ])('%s', (_name, question, answers, reason, params) => {
    const p = questionProblem(question, answers, env)
    expect(p?.reason ?? null).toBe(reason)
    if (params) expect(p?.params).toEqual(params)
  })

  test('valid when optional, else once answered', () => {
    expect(isQuestionValid(q(), [])).toBe(true)
    expect(isQuestionValid(q({ mandatory: true }), [])).toBe(false)
    expect(isQuestionValid(q({ mandatory: true }), [a('0')])).toBe(true)
  })
})
