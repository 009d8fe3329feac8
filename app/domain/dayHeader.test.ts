// Headers are today, yesterday, day before yesterday, otherwise weekday and date.
import { describe, test, expect } from 'vitest'
import { dayLabel, dayLabelForDate, shortDayName, weekdayName } from './dayHeader'

describe('dayLabel', () => {
  test.each([
    ['2026-11-05', '2026-11-05', 'de_DE', 'today', 'Heute'],
    ['2026-11-04', '2026-11-05', 'de_DE', 'yesterday', 'Gestern'],
    ['2026-11-03', '2026-11-05', 'de_DE', 'dayBeforeYesterday', 'Vorgestern'],
    ['2026-11-02', '2026-11-05', 'de_DE', 'other', 'Montag, 02.11.2026'],
    ['2026-11-05', '2026-11-05', 'en_US', 'today', 'Today'],
    ['2026-11-04', '2026-11-05', 'en_US', 'yesterday', 'Yesterday'],
    ['2026-11-03', '2026-11-05', 'en_US', 'dayBeforeYesterday', 'Day before yesterday'],
    ['2026-11-02', '2026-11-05', 'en_US', 'other', 'Monday, 02.11.2026'],
    // across month / year / DST boundaries
    ['2026-02-28', '2026-03-01', 'en_US', 'yesterday', 'Yesterday'],
    ['2025-12-30', '2026-01-01', 'de_DE', 'dayBeforeYesterday', 'Vorgestern'],
    ['2026-03-28', '2026-03-30', 'de_DE', 'dayBeforeYesterday', 'Vorgestern'],
    // a future day is not "today"
    ['2026-11-06', '2026-11-05', 'de_DE', 'other', 'Freitag, 06.11.2026'],
    ['2026-11-08', '2026-11-05', 'en_US', 'other', 'Sunday, 08.11.2026'],
  ] as const)('%s (today %s, %s) → %s %j', (day, today, locale, kind, text) => {
    expect(dayLabel(day, today, locale)).toEqual({ kind, text })
  })
})

describe('weekdayName', () => {
  test.each([
    ['2026-11-07', 'de_DE', 'Samstag'],
    ['2026-11-07', 'en_US', 'Saturday'],
  ] as const)('%s %s → %s', (day, locale, expected) => {
    expect(weekdayName(day, locale)).toBe(expected)
  })
})

describe('dayLabelForDate (study time zone)', () => {
  test.each([
    // 23:30 UTC on 4 Nov is 00:30 on 5 Nov in Berlin → today
    ['2026-11-04T23:30:00Z', '2026-11-05T10:00:00Z', 'today'],
    ['2026-11-04T22:30:00Z', '2026-11-05T10:00:00Z', 'yesterday'],
    ['2026-11-03T22:30:00Z', '2026-11-05T10:00:00Z', 'dayBeforeYesterday'],
    ['2026-11-02T22:30:00Z', '2026-11-05T10:00:00Z', 'other'],
    // 23:30 UTC on 5 Nov is already 6 Nov in Berlin, so 5 Nov 10:00 UTC is yesterday
    ['2026-11-05T10:00:00Z', '2026-11-05T23:30:00Z', 'yesterday'],
  ] as const)('%s vs now %s → %s', (d, now, kind) => {
    expect(dayLabelForDate(new Date(d), new Date(now), 'Europe/Berlin', 'en_US').kind).toBe(kind)
  })
})

describe('shortDayName', () => {
  test.each([
    ['2026-11-16', 'de_DE', 'Mo 16.11.'],
    ['2026-11-18', 'en_US', 'Wed 18.11.'],
    ['2026-03-01', 'de_DE', 'So 01.03.'],
  ] as const)('%s %s → %s', (day, locale, text) => {
    expect(shortDayName(day, locale)).toBe(text)
  })
})
