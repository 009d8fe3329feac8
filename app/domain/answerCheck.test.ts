// Optional and unanswered is valid. Date and time types: a non-empty answer is needed if
// mandatory. Number inputs: non-empty if mandatory. Single choice: exactly one answer. Multiple choice: at least one
// and at most max if set. Row text: length at most max if set.
// Number input: int or float. The value is clamped to min (default 0) and max (default 1000). Floats allow
// 2 decimals. Slider: min default 0, max default 140. Constant-sum: the total of all sliders may not exceed
// maximum_sum. Row text: max characters default 100 … the single-row type strips a line break. Time input: hour
// 0 to 24, minute 0 to 59. Date picker: no future dates (max today).
// Refusals: unknown option → ANSWER_UNKNOWN_OPTION, out of range → ANSWER_OUT_OF_RANGE, missing mandatory →
// ANSWER_MANDATORY_MISSING.
import { describe, expect, test } from 'vitest'
import { checkAnswers, questionProblem } from './answerCheck'
import type { QuestionLike, SectionLike } from './questionFlow'
import { dateToAnswerText } from './questionText'

const TZ = 'Europe/Berlin'
const env = { today: '2026-03-10', timeZone: TZ }
const a = (answOptId: number, text = '') => ({ answOptId, text })
const q = (
  type: string,
  opts: { id: number; exclOpt?: boolean }[],
  extra: Partial<QuestionLike> = {},
): QuestionLike => ({
  id: 1,
  type,
  mandatory: false,
  subQuestions: [{ id: 10, answOpts: opts }],
  ...extra,
})
const one = (type: string, extra: Partial<QuestionLike> = {}) => q(type, [{ id: 11 }], extra)
const point = JSON.stringify({ type: 'Point', coordinates: [13.4, 52.5] })
const fc = JSON.stringify({
  type: 'FeatureCollection',
  features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [13.4, 52.5] } }],
})
const day = (d: string, h = 12) => dateToAnswerText(d, h, 0, TZ)!

type Row = [string, QuestionLike, { answOptId: number; text: string }[], string | null, string | null]

describe('questionProblem per type', () => {
  const choices = [{ id: 11 }, { id: 12 }, { id: 13, exclOpt: true }]
  const matrix = (type: string) => ({
    id: 1,
    type,
    mandatory: false,
    subQuestions: [
      { id: 10, answOpts: [{ id: 101 }, { id: 102 }, { id: 103, exclOpt: true }] },
      { id: 20, answOpts: [{ id: 201 }, { id: 202 }] },
    ],
  })
  test.each<Row>([
    // name, question, answers, constant, reason
    ['optional unanswered', one('INT_NO_INPUT'), [], null, null],
    ['mandatory int missing', one('INT_NO_INPUT', { mandatory: true }), [], 'ANSWER_MANDATORY_MISSING', 'mandatory'],
    [
      'mandatory int blank',
      one('INT_NO_INPUT', { mandatory: true }),
      [a(11, ' ')],
      'ANSWER_MANDATORY_MISSING',
      'mandatory',
    ],
    ['int 0..1000 default', one('INT_NO_INPUT'), [a(11, '1000')], null, null],
    ['int above default max', one('INT_NO_INPUT'), [a(11, '1001')], 'ANSWER_OUT_OF_RANGE', 'range'],
    ['int below default min', one('INT_NO_INPUT'), [a(11, '-1')], 'ANSWER_OUT_OF_RANGE', 'range'],
    ['int with own bounds', one('INT_NO_INPUT', { min: 1, max: 15 }), [a(11, '0')], 'ANSWER_OUT_OF_RANGE', 'range'],
    ['int with a fraction', one('INT_NO_INPUT'), [a(11, '1.5')], 'ANSWER_INVALID', 'number'],
    ['int with letters', one('INT_NO_INPUT'), [a(11, 'abc')], 'ANSWER_INVALID', 'number'],
    ['float 2 decimals', one('FLOATING_NO_INPUT'), [a(11, '0.45')], null, null],
    ['float 3 decimals', one('FLOATING_NO_INPUT'), [a(11, '0.455')], 'ANSWER_INVALID', 'number'],
    ['float above max', one('FLOATING_NO_INPUT', { max: 20 }), [a(11, '20.01')], 'ANSWER_OUT_OF_RANGE', 'range'],
    ['slider default 0..140', one('SINGLE_NUM_SLIDER'), [a(11, '140')], null, null],
    ['slider above 140', one('SINGLE_NUM_SLIDER'), [a(11, '141')], 'ANSWER_OUT_OF_RANGE', 'range'],
    ['slider not a number', one('SINGLE_NUM_SLIDER'), [a(11, 'x')], 'ANSWER_INVALID', 'number'],
    [
      'mandatory slider unanswered is valid (always valid)',
      one('SINGLE_NUM_SLIDER', { mandatory: true }),
      [],
      null,
      null,
    ],
    [
      'multiple sliders in range',
      q('MULTIPLE_NUM_SLIDER', [{ id: 11 }, { id: 12 }], { max: 100 }),
      [a(11, '100'), a(12, '0')],
      null,
      null,
    ],
    [
      'constant sum at maximum_sum',
      q('CONSTANT_SUM_INPUT', [{ id: 11 }, { id: 12 }], {
        max: 100,
        metaDataRecs: [{ key: 'maximum_sum', val: '100' }],
      }),
      [a(11, '60'), a(12, '40')],
      null,
      null,
    ],
    [
      'constant sum above maximum_sum',
      q('CONSTANT_SUM_INPUT', [{ id: 11 }, { id: 12 }], {
        max: 100,
        metaDataRecs: [{ key: 'maximum_sum', val: '100' }],
      }),
      [a(11, '60'), a(12, '45')],
      'ANSWER_OUT_OF_RANGE',
      'sum',
    ],
    [
      'constant sum defaults to max',
      q('CONSTANT_SUM_INPUT', [{ id: 11 }, { id: 12 }], { max: 50 }),
      [a(11, '30'), a(12, '30')],
      'ANSWER_OUT_OF_RANGE',
      'sum',
    ],
    ['date today', one('DATE', { mandatory: true }), [a(11, day('2026-03-10'))], null, null],
    ['date in the future', one('DATE'), [a(11, day('2026-03-11'))], 'ANSWER_OUT_OF_RANGE', 'future'],
    ['date not unix seconds', one('DATE'), [a(11, '2026-03-01')], 'ANSWER_INVALID', 'date'],
    ['mandatory date missing', one('DATE', { mandatory: true }), [], 'ANSWER_MANDATORY_MISSING', 'mandatory'],
    ['date-time late today', one('DATE_TIME'), [a(11, day('2026-03-10', 23))], null, null],
    ['time', one('TIME'), [a(11, '24:59:00')], null, null],
    ['time hour 25', one('TIME'), [a(11, '25:00:00')], 'ANSWER_OUT_OF_RANGE', 'time'],
    ['time wrong form', one('TIME'), [a(11, '8:00')], 'ANSWER_INVALID', 'time'],
    ['mandatory time missing', one('TIME', { mandatory: true }), [], 'ANSWER_MANDATORY_MISSING', 'mandatory'],
    ['row text 100 characters', one('SINGLE_ROW_TEXT'), [a(11, 'x'.repeat(100))], null, null],
    ['row text 101 characters', one('SINGLE_ROW_TEXT'), [a(11, 'x'.repeat(101))], 'ANSWER_OUT_OF_RANGE', 'textLength'],
    ['row text own max', one('TEXT', { max: 5 }), [a(11, 'abcdef')], 'ANSWER_OUT_OF_RANGE', 'textLength'],
    ['single-row text with a line break', one('SINGLE_ROW_TEXT'), [a(11, 'a\nb')], 'ANSWER_INVALID', 'lineBreak'],
    ['TEXT keeps line breaks', one('TEXT'), [a(11, 'a\nb')], null, null],
    ['multiple row text', q('MULTIPLE_ROW_TEXT', [{ id: 11 }, { id: 12 }]), [a(11, 'a'), a(12, 'b')], null, null],
    [
      'mandatory row text empty (spec: row text only checks length)',
      one('SINGLE_ROW_TEXT', { mandatory: true }),
      [],
      null,
      null,
    ],
    ['locator point', one('SINGLE_LOCATOR'), [a(11, point)], null, null],
    [
      'locator feature collection',
      q('MULTIPLE_LOCATOR', [{ id: 11 }, { id: 12 }]),
      [a(11, fc), a(12, point)],
      null,
      null,
    ],
    ['locator not GeoJSON', one('SINGLE_LOCATOR'), [a(11, '52.5, 13.4')], 'ANSWER_INVALID', 'place'],
    ['single choice one', q('SINGLE_CHOICE', choices, { mandatory: true }), [a(12)], null, null],
    ['single choice two', q('SINGLE_CHOICE', choices), [a(11), a(12)], 'ANSWER_INVALID', 'oneAnswer'],
    [
      'mandatory single choice none',
      q('SINGLE_CHOICE', choices, { mandatory: true }),
      [],
      'ANSWER_MANDATORY_MISSING',
      'mandatory',
    ],
    ['multiple choice within max', q('MULTIPLE_CHOICE', choices, { max: 2 }), [a(11), a(12)], null, null],
    [
      'multiple choice above max',
      q('MULTIPLE_CHOICE', [...choices, { id: 14 }], { max: 2 }),
      [a(11), a(12), a(14)],
      'ANSWER_OUT_OF_RANGE',
      'tooMany',
    ],
    [
      'multiple choice exclusive with another',
      q('MULTIPLE_CHOICE', choices),
      [a(11), a(13)],
      'ANSWER_INVALID',
      'exclusive',
    ],
    [
      'mandatory multiple choice none',
      q('MULTIPLE_CHOICE', choices, { mandatory: true }),
      [],
      'ANSWER_MANDATORY_MISSING',
      'mandatory',
    ],
    ['same option twice', q('MULTIPLE_CHOICE', choices), [a(11), a(11)], 'ANSWER_INVALID', 'duplicate'],
    ['single matrix one per row', matrix('SINGLE_CHOICE_MATRIX'), [a(101), a(202)], null, null],
    ['single matrix two in a row', matrix('SINGLE_CHOICE_MATRIX'), [a(101), a(102)], 'ANSWER_INVALID', 'oneAnswer'],
    ['multiple matrix several in a row', matrix('MULTIPLE_CHOICE_MATRIX'), [a(101), a(102), a(201)], null, null],
    [
      'multiple matrix exclusive with another in its row',
      matrix('MULTIPLE_CHOICE_MATRIX'),
      [a(101), a(103)],
      'ANSWER_INVALID',
      'exclusive',
    ],
    ['unsupported type is never refused', one('DRAG_RAT', { mandatory: true }), [a(11, 'anything')], null, null],
  ])('%s', (_name, question, answers, constant, reason) => {
    const p = questionProblem(question, answers, env)
    expect(p?.constant ?? null).toBe(constant)
    expect(p?.reason ?? null).toBe(reason)
    if (p) expect(p.questionId).toBe(1)
  })
})

describe('checkAnswers (a whole submission)', () => {
  const section: SectionLike = {
    questions: [
      {
        id: 1,
        type: 'SINGLE_CHOICE',
        mandatory: true,
        subQuestions: [{ id: 10, answOpts: [{ id: 11 }, { id: 12 }] }],
        filter: {
          boolExpDefs: [{ codes: [11] }],
          section: {
            questions: [
              { id: 2, type: 'INT_NO_INPUT', mandatory: true, subQuestions: [{ id: 20, answOpts: [{ id: 21 }] }] },
            ],
          },
        },
      },
      { id: 3, type: 'TEXT', mandatory: false, sortingIdx: 1, subQuestions: [{ id: 30, answOpts: [{ id: 31 }] }] },
    ],
  }
  test.each([
    ['valid without the filter', [a(12)], null, undefined],
    ['valid with the filter answered', [a(11), a(21, '3')], null, undefined],
    ['unknown option', [a(12), a(99)], 'ANSWER_UNKNOWN_OPTION', undefined],
    ['missing mandatory top question', [a(31, 'x')], 'ANSWER_MANDATORY_MISSING', 1],
    ['filter open, its mandatory question missing', [a(11)], 'ANSWER_MANDATORY_MISSING', 2],
    ['answer to a question of a closed filter section', [a(12), a(21, '3')], 'ANSWER_INVALID', 2],
    ['value out of range', [a(11), a(21, '5000')], 'ANSWER_OUT_OF_RANGE', 2],
  ])('%s', (_name, resps, constant, questionId) => {
    const p = checkAnswers(section, resps, env)
    expect(p?.constant ?? null).toBe(constant)
    expect(p?.questionId).toBe(questionId)
  })
  test('an unknown option names the option', () =>
    expect(checkAnswers(section, [a(99)], env)).toMatchObject({ answOptId: 99 }))
})
