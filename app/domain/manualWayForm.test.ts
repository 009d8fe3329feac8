// With add/{date}, the start defaults to 12:00 and the end to 13:00 on that date. On edit the trip is loaded
// by id. The UI uses only the first leg of a manual trip. Hour input clamped to 0-24, minute to 0-59, shown
// as two digits; invalid input falls back to the previous value. Legs 'YYYY-MM-DD HH:mm'; display DD.MM.YYYY, HH:mm.
import { describe, expect, test } from 'vitest'
import {
  defaultWayForm,
  displayDateTime,
  legTime,
  readWayForm,
  wayFormFromLeg,
  wayFormLeg,
  type WayFormValues,
} from './manualWayForm'

const form = (entries: [string, string][]) => {
  const fd = new FormData()
  for (const [k, v] of entries) fd.append(k, v)
  return fd
}
const previous: WayFormValues = defaultWayForm('2026-11-02')

describe('defaultWayForm', () => {
  test('12:00 to 13:00 on the chosen date, nothing chosen', () => {
    expect(defaultWayForm('2026-11-02')).toEqual({
      purposes: [],
      tfcModes: [],
      startDate: '2026-11-02',
      startHour: 12,
      startMinute: 0,
      endDate: '2026-11-02',
      endHour: 13,
      endMinute: 0,
    })
  })

  const pick = (v: WayFormValues) => [v.startHour, v.startMinute, v.endHour, v.endMinute]
  test.each([
    ['another day', '2026-11-01', { day: '2026-11-02', hour: 2, minute: 58 }, [12, 0, 13, 0]],
    ['today after 13:00', '2026-11-02', { day: '2026-11-02', hour: 15, minute: 10 }, [12, 0, 13, 0]],
    ['today at 13:00', '2026-11-02', { day: '2026-11-02', hour: 13, minute: 0 }, [12, 0, 13, 0]],
    ['today at 12:30', '2026-11-02', { day: '2026-11-02', hour: 12, minute: 30 }, [11, 30, 12, 30]],
    ['today at 02:58', '2026-11-02', { day: '2026-11-02', hour: 2, minute: 58 }, [1, 58, 2, 58]],
    ['today at 00:20: starts at midnight', '2026-11-02', { day: '2026-11-02', hour: 0, minute: 20 }, [0, 0, 0, 20]],
  ])('never in the future: %s', (_label, day, now, expected) => {
    expect(pick(defaultWayForm(day, now))).toEqual(expected)
  })
})

describe('readWayForm', () => {
  test('reads every field of the add/edit way form', () => {
    const v = readWayForm(
      form([
        ['purposes', '3'],
        ['purposes', '1'],
        ['purposes', '3'],
        ['tfcModes', 'WALK'],
        ['tfcModes', 'PUBLIC_TRANSPORT_BUS'],
        ['startDate', '2026-11-01'],
        ['startHour', '08'],
        ['startMinute', '5'],
        ['endDate', '2026-11-01'],
        ['endHour', '9'],
        ['endMinute', '45'],
      ]),
      previous,
    )
    expect(v).toEqual({
      purposes: [3, 1],
      tfcModes: ['WALK', 'PUBLIC_TRANSPORT_BUS'],
      startDate: '2026-11-01',
      startHour: 8,
      startMinute: 5,
      endDate: '2026-11-01',
      endHour: 9,
      endMinute: 45,
    })
  })

  test.each([
    // field, submitted, expected (previous: start 12:00, end 13:00)
    ['startHour', '25', 24],
    ['startHour', '-3', 0],
    ['startHour', 'abc', 12],
    ['startHour', '', 12],
    ['startMinute', '60', 59],
    ['startMinute', 'x', 0],
    ['endHour', '7.5', 13],
    ['endMinute', '99', 59],
  ] as const)('%s %j → %s (clamped, or the previous value)', (field, submitted, expected) => {
    expect(readWayForm(form([[field, submitted]]), previous)[field]).toBe(expected)
  })

  test('missing hour and minute fields keep the previous values', () => {
    const edit = { ...previous, startHour: 7, startMinute: 15 }
    expect(readWayForm(form([]), edit)).toMatchObject({ startHour: 7, startMinute: 15, endHour: 13, endMinute: 0 })
  })

  test.each([['2026-02-30'], ['02.11.2026'], [''], ['2026-11-2']])('date %j is not a day → not given', (d) => {
    expect(readWayForm(form([['startDate', d]]), previous).startDate).toBe('')
  })

  test('purpose values that are not ids are dropped; modes are kept for the service to check', () => {
    const v = readWayForm(
      form([
        ['purposes', 'x'],
        ['purposes', '0'],
        ['purposes', '-1'],
        ['tfcModes', 'TELEPORT'],
        ['tfcModes', ' '],
      ]),
      previous,
    )
    expect(v.purposes).toEqual([])
    expect(v.tfcModes).toEqual(['TELEPORT'])
  })
})

describe('legs', () => {
  test('the form as the leg of addTrip/updateTrip, applyGeom false', () => {
    const v = { ...previous, purposes: [1], tfcModes: ['CAR'], startHour: 7, startMinute: 5, endHour: 24, endMinute: 0 }
    expect(wayFormLeg(v)).toEqual({
      startTime: '2026-11-02 07:05',
      endTime: '2026-11-02 24:00',
      tfcModes: ['CAR'],
      tripPurposes: [1],
      applyGeom: false,
    })
    expect(wayFormLeg(v, 42)).toMatchObject({ id: 42 })
    expect(legTime('', 12, 0)).toBeNull()
  })

  test('the first leg of a stored way as the form', () => {
    expect(
      wayFormFromLeg({
        startTime: '2026-10-31 23:40',
        endTime: '2026-11-01 00:20',
        tripPurposes: [{ id: 7 }],
        tfcModes: [{ constant: 'WALK' }],
      }),
    ).toEqual({
      purposes: [7],
      tfcModes: ['WALK'],
      startDate: '2026-10-31',
      startHour: 23,
      startMinute: 40,
      endDate: '2026-11-01',
      endHour: 0,
      endMinute: 20,
    })
  })

  test.each([
    ['2026-11-02', 9, 5, '02.11.2026 09:05'],
    ['2026-11-02', 24, 0, '02.11.2026 24:00'],
    ['', 12, 0, ''],
  ])('displayDateTime(%j, %s, %s) = %j', (d, h, m, shown) => {
    expect(displayDateTime(d, h, m)).toBe(shown)
  })
})
