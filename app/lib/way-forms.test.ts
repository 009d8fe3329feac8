// The add/edit way form's schema: posted text → values (clamped, falling back to what the form showed), and the
// manual way's rules as field errors whose messages are catalogue keys, unchanged from the rule to the reply.
import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { defaultWayForm } from '~/domain/manualWayForm'
import { wayFormSchema } from './way-forms'

const form = (entries: [string, string][]) => {
  const fd = new FormData()
  for (const [k, v] of entries) fd.append(k, v)
  return fd
}
const previous = defaultWayForm('2026-11-02')
const rules = { timeZone: 'Europe/Berlin', now: new Date('2026-11-03T12:00:00Z') }
const complete: [string, string][] = [
  ['purposes', '3'],
  ['tfcModes', 'WALK'],
  ['startDate', '2026-11-02'],
  ['startHour', '08'],
  ['startMinute', '00'],
  ['endDate', '2026-11-02'],
  ['endHour', '09'],
  ['endMinute', '15'],
]
const errorsOf = (entries: [string, string][]) => {
  const s = parseWithZod(form(entries), { schema: wayFormSchema(previous, rules) })
  return s.status === 'success' ? null : s.reply().error
}

describe('wayFormSchema', () => {
  test('a complete way: values, one purpose and mode as lists', () => {
    const s = parseWithZod(form(complete), { schema: wayFormSchema(previous, rules) })
    expect(s.status === 'success' && s.value).toMatchObject({
      purposes: [3],
      tfcModes: ['WALK'],
      startHour: 8,
      endHour: 9,
      endMinute: 15,
    })
  })

  test('hours and minutes clamped; invalid input falls back to the previous value', () => {
    const s = parseWithZod(
      form([
        ['startHour', '30'],
        ['startMinute', 'x'],
      ]),
      { schema: wayFormSchema(previous) },
    )
    expect(s.status === 'success' && [s.value.startHour, s.value.startMinute]).toEqual([24, previous.startMinute])
  })

  test.each([
    [
      'nothing chosen: every missing field',
      [],
      {
        purposes: 'ways:addWay.fillAll',
        tfcModes: 'ways:addWay.fillAll',
        startDate: 'ways:addWay.fillAll',
        endDate: 'ways:addWay.fillAll',
      },
    ],
    [
      'end before start: both times',
      [['endHour', '07']],
      { startDate: 'ways:addWay.endBeforeStart', endDate: 'ways:addWay.endBeforeStart' },
    ],
    [
      'in the future',
      [
        ['startDate', '2026-11-04'],
        ['endDate', '2026-11-04'],
      ],
      { startDate: 'ways:noFuture.start', endDate: 'ways:noFuture.end' },
    ],
    [
      'only the arrival in the future: the arrival alone',
      [['endDate', '2026-11-04']],
      { endDate: 'ways:noFuture.end' },
    ],
    [
      'a start date two weeks off: more than a day is asked about',
      [['startDate', '2026-10-19']],
      { startDate: 'ways:addWay.tooLong', endDate: 'ways:addWay.tooLong' },
    ],
  ] as [string, [string, string][], Record<string, string>][])('%s', (_label, change, expected) => {
    const entries = change.length ? [...complete.filter(([k]) => !change.some(([c]) => c === k)), ...change] : []
    const errors = errorsOf(entries)
    for (const [field, message] of Object.entries(expected)) expect(errors?.[field]).toEqual([message])
    for (const field of ['purposes', 'tfcModes', 'startDate', 'endDate'].filter((f) => !(f in expected)))
      expect(errors?.[field], field).toBeUndefined()
  })

  test('a way of more than a day, confirmed, is saved as entered', () => {
    const entries = [
      ...complete.filter(([k]) => k !== 'startDate'),
      ['startDate', '2026-10-19'],
      ['confirmLong', 'yes'],
    ]
    const s = parseWithZod(form(entries as [string, string][]), { schema: wayFormSchema(previous, rules) })
    expect(s.status === 'success' && [s.value.startDate, s.value.confirmLong]).toEqual(['2026-10-19', true])
  })
})
