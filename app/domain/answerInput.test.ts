// The question engine's input handling, per question type, with these rules:
// "Number input: int or float. The value is clamped to min (default 0) and max (default 1000). Floats allow 2 decimals."
// "Multiple choice: picking an exclusive option clears the others …"
// "Constant-sum: the total of all sliders may not exceed maximum_sum (default the max). The last moved slider is
//  reduced by the excess."
// "Row text: max characters default 100. … over-limit text is cut, and the single-row type strips a line break."
// "Time input: hour 0 to 24, minute 0 to 59." "Date picker: … Default answer when empty is today at 12:00."
// The text may be a date as a unix-seconds string, a number, free text, or a point or feature-collection
//  geometry serialised as JSON. Time HH:mm:ss.
import { describe, expect, test } from 'vitest'
import { field, parseQuestionForm, questionFormState } from './answerInput'
import type { QuestionLike } from './questionFlow'
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
const form = (entries: [string, string][]) => new URLSearchParams(entries)
const unix = (d: string, h = 12, m = 0) => dateToAnswerText(d, h, m, TZ)!

type Row = [
  string,
  QuestionLike,
  [string, string][],
  { answOptId: number; text: string }[],
  { answOptId: number; text: string }[],
  string | null,
]

describe('parseQuestionForm: submitted fields → answers', () => {
  const choices = [{ id: 11 }, { id: 12 }, { id: 13, exclOpt: true }]
  const matrix = (type: string): QuestionLike => ({
    id: 1,
    type,
    mandatory: false,
    subQuestions: [
      { id: 10, answOpts: [{ id: 101 }, { id: 102 }, { id: 103, exclOpt: true }] },
      { id: 20, answOpts: [{ id: 201 }, { id: 202 }] },
    ],
  })
  const sum = q('CONSTANT_SUM_INPUT', [{ id: 11 }, { id: 12 }, { id: 13 }], {
    min: 0,
    max: 100,
    metaDataRecs: [{ key: 'maximum_sum', val: '100' }],
  })
  test.each<Row>([
    // name, question, fields, previous answers, answers, notice
    ['single choice', q('SINGLE_CHOICE', choices), [['q1', '12']], [], [a(12)], null],
    ['single choice, unknown id dropped', q('SINGLE_CHOICE', choices), [['q1', '99']], [], [], null],
    [
      'multiple choice',
      q('MULTIPLE_CHOICE', choices),
      [
        ['q1', '11'],
        ['q1', '12'],
      ],
      [],
      [a(11), a(12)],
      null,
    ],
    [
      'multiple choice: exclusive posted with others stays alone',
      q('MULTIPLE_CHOICE', choices),
      [
        ['q1', '11'],
        ['q1', '13'],
      ],
      [],
      [a(13)],
      'exclusiveOnly',
    ],
    [
      'multiple choice: duplicates dropped',
      q('MULTIPLE_CHOICE', choices),
      [
        ['q1', '11'],
        ['q1', '11'],
      ],
      [],
      [a(11)],
      null,
    ],
    [
      'single matrix, one per row',
      matrix('SINGLE_CHOICE_MATRIX'),
      [
        ['r10', '102'],
        ['r20', '201'],
      ],
      [],
      [a(102), a(201)],
      null,
    ],
    [
      'multiple matrix, exclusive alone in its row',
      matrix('MULTIPLE_CHOICE_MATRIX'),
      [
        ['r10', '101'],
        ['r10', '103'],
        ['r20', '201'],
        ['r20', '202'],
      ],
      [],
      [a(103), a(201), a(202)],
      'exclusiveOnly',
    ],
    ['int', one('INT_NO_INPUT'), [['o11', ' 12 ']], [], [a(11, '12')], null],
    ['int clamped to default max 1000', one('INT_NO_INPUT'), [['o11', '5000']], [], [a(11, '1000')], 'clamped'],
    ['int clamped to own min', one('INT_NO_INPUT', { min: 1, max: 15 }), [['o11', '0']], [], [a(11, '1')], 'clamped'],
    ['int truncates a fraction', one('INT_NO_INPUT'), [['o11', '3.7']], [], [a(11, '3')], 'clamped'],
    [
      'int letters kept as typed (refused by the check)',
      one('INT_NO_INPUT'),
      [['o11', 'zwölf']],
      [],
      [a(11, 'zwölf')],
      null,
    ],
    ['int empty → no answer', one('INT_NO_INPUT'), [['o11', '']], [a(11, '5')], [], null],
    ['float with comma, 2 decimals', one('FLOATING_NO_INPUT'), [['o11', '0,456']], [], [a(11, '0.46')], 'clamped'],
    ['float exact', one('FLOATING_NO_INPUT'), [['o11', '0,4']], [], [a(11, '0.4')], null],
    [
      'slider range value',
      one('SINGLE_NUM_SLIDER', { max: 10 }),
      [
        ['o11', '7'],
        ['o11-n', '0'],
      ],
      [a(11, '0')],
      [a(11, '7')],
      null,
    ],
    [
      'slider number box changed wins (no JS)',
      one('SINGLE_NUM_SLIDER', { max: 10 }),
      [
        ['o11', '0'],
        ['o11-n', '4'],
      ],
      [a(11, '0')],
      [a(11, '4')],
      null,
    ],
    [
      'slider number box clamped to max',
      one('SINGLE_NUM_SLIDER'),
      [
        ['o11', '0'],
        ['o11-n', '500'],
      ],
      [],
      [a(11, '140')],
      'clamped',
    ],
    [
      'multiple sliders',
      q('MULTIPLE_NUM_SLIDER', [{ id: 11 }, { id: 12 }], { max: 100 }),
      [
        ['o11', '10'],
        ['o12', '90'],
      ],
      [],
      [a(11, '10'), a(12, '90')],
      null,
    ],
    [
      'constant sum within maximum',
      sum,
      [
        ['o11', '20'],
        ['o12', '30'],
        ['o13', '50'],
      ],
      [],
      [a(11, '20'), a(12, '30'), a(13, '50')],
      null,
    ],
    [
      'constant sum: the last moved field is reduced by the excess',
      sum,
      [
        ['o11', '50'],
        ['o12', '80'],
        ['o13', '0'],
      ],
      [a(11, '50'), a(12, '20'), a(13, '0')],
      [a(11, '50'), a(12, '50'), a(13, '0')],
      'sumReduced',
    ],
    [
      'constant sum: without a previous value the last changed field is reduced',
      sum,
      [
        ['o11', '70'],
        ['o12', '60'],
        ['o13', '0'],
      ],
      [],
      [a(11, '70'), a(12, '30'), a(13, '0')],
      'sumReduced',
    ],
    ['single row text strips line breaks', one('SINGLE_ROW_TEXT'), [['o11', 'a\r\nb']], [], [a(11, 'ab')], null],
    [
      'single row text cut to 100',
      one('SINGLE_ROW_TEXT'),
      [['o11', 'x'.repeat(120)]],
      [],
      [a(11, 'x'.repeat(100))],
      'textCut',
    ],
    [
      'TEXT keeps line breaks, own max',
      one('TEXT', { max: 5 }),
      [['o11', 'ab\r\ncdef']],
      [],
      [a(11, 'ab\ncd')],
      'textCut',
    ],
    [
      'multiple row text, blank field no answer',
      q('MULTIPLE_ROW_TEXT', [{ id: 11 }, { id: 12 }]),
      [
        ['o11', 'Lehrerin'],
        ['o12', '  '],
      ],
      [],
      [a(11, 'Lehrerin')],
      null,
    ],
    ['date → unix seconds at 12:00', one('DATE'), [['o11', '2026-03-01']], [], [a(11, unix('2026-03-01'))], null],
    ['date empty → no answer', one('DATE'), [['o11', '']], [], [], null],
    [
      'date-time',
      one('DATE_TIME'),
      [
        ['o11', '2026-03-01'],
        ['o11-h', '8'],
        ['o11-m', '5'],
      ],
      [],
      [a(11, unix('2026-03-01', 8, 5))],
      null,
    ],
    [
      'date-time, hour clamped to 24',
      one('DATE_TIME'),
      [
        ['o11', '2026-03-01'],
        ['o11-h', '30'],
        ['o11-m', '0'],
      ],
      [],
      [a(11, unix('2026-03-01', 24, 0))],
      'timeAdjusted',
    ],
    [
      'date-time, blank time → 12:00',
      one('DATE_TIME'),
      [
        ['o11', '2026-03-01'],
        ['o11-h', ''],
        ['o11-m', ''],
      ],
      [],
      [a(11, unix('2026-03-01'))],
      null,
    ],
    [
      'time',
      one('TIME'),
      [
        ['o11-h', '7'],
        ['o11-m', '30'],
      ],
      [],
      [a(11, '07:30:00')],
      null,
    ],
    [
      'time, minute clamped to 59',
      one('TIME'),
      [
        ['o11-h', '7'],
        ['o11-m', '75'],
      ],
      [],
      [a(11, '07:59:00')],
      'timeAdjusted',
    ],
    [
      'time, letters fall back to the previous value',
      one('TIME'),
      [
        ['o11-h', 'x'],
        ['o11-m', '00'],
      ],
      [a(11, '09:15:00')],
      [a(11, '09:00:00')],
      'timeAdjusted',
    ],
    [
      'time, both blank → no answer',
      one('TIME'),
      [
        ['o11-h', ''],
        ['o11-m', ''],
      ],
      [],
      [],
      null,
    ],
    [
      'locator "lat, lon" → GeoJSON point',
      one('SINGLE_LOCATOR'),
      [['o11', '52.52, 13.405']],
      [],
      [a(11, '{"type":"Point","coordinates":[13.405,52.52]}')],
      null,
    ],
    ['locator empty → no answer', one('SINGLE_LOCATOR'), [['o11', '']], [], [], null],
  ])('%s', (_name, question, fields, previous, answers, notice) => {
    const result = parseQuestionForm(question, form(fields), previous, env)
    expect(result.answers).toEqual(answers)
    expect(result.notice).toBe(notice)
  })
})

describe('questionFormState: answers → field values (and back)', () => {
  test.each<[string, QuestionLike, { answOptId: number; text: string }[], Record<string, string | string[]>]>([
    ['multiple choice', q('MULTIPLE_CHOICE', [{ id: 11 }, { id: 12 }]), [a(12)], { q1: ['12'] }],
    ['int', one('INT_NO_INPUT'), [a(11, '7')], { o11: '7' }],
    ['slider without answer shows its minimum', one('SINGLE_NUM_SLIDER', { min: 2 }), [], { o11: '2', 'o11-n': '2' }],
    ['date without answer defaults to today', one('DATE'), [], { o11: '2026-03-10' }],
    [
      'date-time without answer: today 12:00',
      one('DATE_TIME'),
      [],
      { o11: '2026-03-10', 'o11-h': '12', 'o11-m': '00' },
    ],
    [
      'date-time answer',
      one('DATE_TIME'),
      [a(11, unix('2026-03-01', 8, 5))],
      { o11: '2026-03-01', 'o11-h': '08', 'o11-m': '05' },
    ],
    ['time', one('TIME'), [a(11, '07:30:00')], { 'o11-h': '07', 'o11-m': '30' }],
    ['time without answer', one('TIME'), [], { 'o11-h': '', 'o11-m': '' }],
    [
      'locator',
      one('SINGLE_LOCATOR'),
      [a(11, '{"type":"Point","coordinates":[13.405,52.52]}')],
      { o11: '52.52, 13.405' },
    ],
    ['text', one('TEXT'), [a(11, 'a\nb')], { o11: 'a\nb' }],
  ])('%s', (_name, question, answers, state) => {
    expect(questionFormState(question, answers, env)).toEqual(state)
  })
  test('a date question the participant left empty stays empty', () => {
    expect(questionFormState(one('DATE'), [], env, { seen: true })).toEqual({ o11: '' })
    expect(questionFormState(one('DATE_TIME'), [], env, { seen: true })).toEqual({
      o11: '',
      'o11-h': '12',
      'o11-m': '00',
    })
  })

  const roundTrip: [string, QuestionLike, { answOptId: number; text: string }[]][] = [
    ['single choice', q('SINGLE_CHOICE', [{ id: 11 }, { id: 12 }]), [a(12)]],
    ['float', one('FLOATING_NO_INPUT'), [a(11, '3.25')]],
    ['date', one('DATE'), [a(11, unix('2025-12-24'))]],
    ['date-time', one('DATE_TIME'), [a(11, unix('2025-12-24', 18, 30))]],
    ['time', one('TIME'), [a(11, '23:05:00')]],
    ['constant sum', q('CONSTANT_SUM_INPUT', [{ id: 11 }, { id: 12 }], { max: 100 }), [a(11, '25'), a(12, '75')]],
    [
      'multiple locator',
      q('MULTIPLE_LOCATOR', [{ id: 11 }, { id: 12 }]),
      [a(11, '{"type":"Point","coordinates":[13.4,52.5]}'), a(12, '{"type":"Point","coordinates":[13.3,52.4]}')],
    ],
    ['multiple row text', q('MULTIPLE_ROW_TEXT', [{ id: 11 }, { id: 12 }]), [a(11, 'x'), a(12, 'y')]],
  ]
  test.each(roundTrip)('round trip: %s', (_name, question, answers) => {
    const state = questionFormState(question, answers, env)
    const entries: [string, string][] = Object.entries(state).flatMap(([k, v]) =>
      Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, v] as [string, string]],
    )
    expect(parseQuestionForm(question, form(entries), answers, env)).toEqual({ answers, notice: null })
  })
})

test('field names', () => {
  expect([
    field.choice(1),
    field.row(2),
    field.value(3),
    field.number(3),
    field.hour(3),
    field.minute(3),
    field.poi(3),
    field.where(3),
  ]).toEqual(['q1', 'r2', 'o3', 'o3-n', 'o3-h', 'o3-m', 'o3-poi', 'o3-where'])
})
