// A day is shown as 'DD.MM.YYYY', and only a real calendar date is shown at all.
import { describe, expect, test } from 'vitest'
import { dayTimeToDisplayDate, dayToDisplay } from './displayDate'

describe('dayToDisplay', () => {
  test.each([
    ['2026-11-02', '02.11.2026'],
    ['2026-01-09', '09.01.2026'],
    ['2024-02-29', '29.02.2024'],
    ['2026-12-31', '31.12.2026'],
    ['0001-01-01', '01.01.0001'],
  ])('%s → %s', (day, shown) => {
    expect(dayToDisplay(day)).toBe(shown)
  })

  test.each(['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '2026-1-9', '02.11.2026', ''])(
    '%j is no day',
    (day) => {
      expect(() => dayToDisplay(day)).toThrow(RangeError)
    },
  )

  test('a wall clock shows its day', () => {
    expect(dayTimeToDisplayDate('2026-03-29 02:30')).toBe('29.03.2026')
  })
})
