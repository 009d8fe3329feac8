import { describe, expect, test } from 'vitest'
import { daysInactive, isInactive, reminderDue } from './activity'

const now = new Date('2026-11-10T12:00:00Z')
const joined = new Date('2026-11-01T09:00:00Z')
const at = (iso: string) => new Date(iso)

describe('daysInactive / isInactive', () => {
  test.each([
    [at('2026-11-10T11:00:00Z'), 0, false],
    [at('2026-11-07T12:00:01Z'), 2, false],
    [at('2026-11-07T12:00:00Z'), 3, true],
    [at('2026-11-01T12:00:00Z'), 9, true],
    [null, 9, true], // never active: counted from joining
    [at('2026-11-11T12:00:00Z'), 0, false], // a clock ahead never gives negative days
  ] as [Date | null, number, boolean][])('last activity %s: %i days, inactive for 3: %s', (last, days, inactive) => {
    expect(daysInactive(last, joined, now)).toBe(days)
    expect(isInactive(last, joined, now, 3)).toBe(inactive)
  })
})

describe('reminderDue', () => {
  test.each([
    [{ inactive: true, waiting: 2, lastReminder: null }, true],
    [{ inactive: false, waiting: 2, lastReminder: null }, false],
    [{ inactive: true, waiting: 0, lastReminder: null }, false],
    [{ inactive: true, waiting: 2, lastReminder: at('2026-11-05T12:00:00Z') }, false], // 5 days ago, interval 7
    [{ inactive: true, waiting: 2, lastReminder: at('2026-11-03T12:00:00Z') }, true], // exactly 7 days ago
  ] as [{ inactive: boolean; waiting: number; lastReminder: Date | null }, boolean][])('%j → %s', (o, due) => {
    expect(reminderDue({ ...o, now, intervalDays: 7 })).toBe(due)
  })
})
