// Several consecutive days without ways show as one card in the ways list; a single empty day keeps its own card.
import { describe, expect, test } from 'vitest'
import { groupNoTripRuns, parseDayRange } from './noTripRuns'
import { dayRangeParam, rangesOverlap } from './dayRange'

type E = 'none' | 'open' | 'confirmed'
/** Compact input: ['2026-03-10', 'o'] → { day, empty: 'open' } ('w' a day with ways, 'm' a marked day). */
const KIND: Record<string, E> = { w: 'none', o: 'open', m: 'confirmed' }
const days = (spec: string) =>
  spec
    .split(' ')
    .filter(Boolean)
    .map((s) => ({ day: `2026-03-${s.slice(0, 2)}`, empty: KIND[s[2]] }))
/** The result as text: single days by their date and kind, runs as from..to. */
const shape = (spec: string, minRun?: number) =>
  groupNoTripRuns(days(spec), minRun)
    .map((g) =>
      g.kind === 'run' ? `[${g.from.slice(8)}..${g.to.slice(8)}]` : `${g.day.day.slice(8)}${g.day.empty[0]}`,
    )
    .join(' ')

describe('groupNoTripRuns: which open days form a run', () => {
  test.each([
    // [days in list order, expected]
    ['', ''],
    ['10w 09o 08w', '10n 09o 08n'],
    // Two or more consecutive open days make one run (newest first and oldest first alike).
    ['10w 09o 08o 07w', '10n [08..09] 07n'],
    ['07w 08o 09o 10w', '07n [08..09] 10n'],
    ['10o 09o 08o 07o 06o', '[06..10]'],
    // Broken by a day with ways or by a marked day.
    ['10o 09o 08w 07o 06o', '[09..10] 08n [06..07]'],
    ['10o 09m 08o 07o', '10o 09c [07..08]'],
    ['10o 09m 08o', '10o 09c 08o'],
    // Broken by a gap in the calendar (a day the list does not show).
    ['10o 09o 07o 06o', '[09..10] [06..07]'],
    ['10o 08o', '10o 08o'],
    // Marked days never form runs of their own.
    ['10m 09m 08m', '10c 09c 08c'],
  ])('%j → %j', (spec, expected) => {
    expect(shape(spec)).toBe(expected)
  })

  test.each([
    ['10o 09o 08o 07w', 3, '[08..10] 07n'],
    ['10o 09o 07w', 3, '10o 09o 07n'],
    ['10o 09w', 1, '[10..10] 09n'],
  ])('minRun: %j with %i → %j', (spec, minRun, expected) => {
    expect(shape(spec, minRun)).toBe(expected)
  })

  test('a run keeps its days, in list order, with everything they carry', () => {
    const input = [
      { day: '2026-03-10', empty: 'open' as const, tripIds: [] as number[] },
      { day: '2026-03-09', empty: 'open' as const, tripIds: [] as number[] },
    ]
    expect(groupNoTripRuns(input)).toEqual([{ kind: 'run', from: '2026-03-09', to: '2026-03-10', days: input }])
  })

  test('across a month boundary', () => {
    const input = [
      { day: '2026-03-01', empty: 'open' as const },
      { day: '2026-02-28', empty: 'open' as const },
    ]
    expect(groupNoTripRuns(input)).toMatchObject([{ kind: 'run', from: '2026-02-28', to: '2026-03-01' }])
  })
})

describe('parseDayRange / dayRangeParam', () => {
  test.each([
    ['2026-03-10', { from: '2026-03-10', to: '2026-03-10' }],
    ['2026-03-08..2026-03-10', { from: '2026-03-08', to: '2026-03-10' }],
    ['2026-03-10..2026-03-08', null],
    ['2026-02-30', null],
    ['2026-03-08..2026-03-09..2026-03-10', null],
    ['10.03.2026', null],
    ['', null],
    [null, null],
  ])('%j → %j', (value, expected) => {
    expect(parseDayRange(value)).toEqual(expected)
  })
  test('round trip', () => {
    expect(dayRangeParam({ from: '2026-03-08', to: '2026-03-10' })).toBe('2026-03-08..2026-03-10')
    expect(dayRangeParam({ from: '2026-03-08', to: '2026-03-08' })).toBe('2026-03-08')
  })
})

describe('rangesOverlap', () => {
  test.each([
    [['01', '03'], ['03', '05'], true],
    [['01', '03'], ['04', '05'], false],
    [['04', '04'], ['01', '05'], true],
    [['06', '07'], ['01', '05'], false],
  ])('%j %j → %s', (a, b, expected) => {
    const r = ([from, to]: string[]) => ({ from: `2026-03-${from}`, to: `2026-03-${to}` })
    expect(rangesOverlap(r(a), r(b))).toBe(expected)
  })
})
