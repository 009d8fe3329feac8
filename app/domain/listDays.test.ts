// The list is grouped by day. A day without trips shows a card that can be clicked to open the
// no-trip-day dialog. A day with no trips can be confirmed as no-trip; the card then changes to a
// confirmed-no-trips state. The first page fetches limit trips; later pages fetch one extra trip overlapping the
// previous page. Sort order is descending by start.
// The rule which days count: docs/decisions/008-no-trip-days.md.
import { describe, expect, test } from 'vitest'
import {
  coveredRange,
  listedDays,
  pageDays,
  reviewDayCount,
  reviewDays,
  zeroTripDayBlock,
  type Period,
} from './listDays'

const review = { first: '2026-03-01', last: '2026-03-10' }

describe('reviewDays: the real study days, from the later of start and joining up to yesterday', () => {
  const march = { startDay: '2026-03-01', endDay: '2026-03-31' }
  test.each([
    [null, null, '2026-03-10', null],
    [march, null, '2026-03-10', { first: '2026-03-01', last: '2026-03-09' }],
    [march, '2026-02-20', '2026-03-10', { first: '2026-03-01', last: '2026-03-09' }],
    // A late joiner: no day before the account existed.
    [march, '2026-03-07', '2026-03-10', { first: '2026-03-07', last: '2026-03-09' }],
    // Joined today: no study day has passed yet.
    [march, '2026-03-10', '2026-03-10', null],
    [{ startDay: '2026-03-01', endDay: '2026-03-05' }, null, '2026-03-10', { first: '2026-03-01', last: '2026-03-05' }],
    [{ startDay: '2026-03-11', endDay: '2026-03-31' }, null, '2026-03-10', null],
    // The first day of the study is not over yet.
    [{ startDay: '2026-03-10', endDay: '2026-03-31' }, null, '2026-03-10', null],
    [{ startDay: '2026-03-09', endDay: '2026-03-31' }, null, '2026-03-10', { first: '2026-03-09', last: '2026-03-09' }],
  ])('reviewDays(%j, joined %s, today %s) = %j', (campaign, joined, today, expected) => {
    expect(reviewDays(campaign, joined, today)).toEqual(expected)
  })

  test.each([
    [null, 0],
    [{ first: '2026-03-01', last: '2026-03-01' }, 1],
    [{ first: '2026-03-07', last: '2026-03-09' }, 3],
    [{ first: '2026-02-27', last: '2026-03-02' }, 4],
  ])('reviewDayCount(%j) = %i', (r, n) => {
    expect(reviewDayCount(r)).toBe(n)
  })
})

describe('coveredRange', () => {
  test.each([
    // [tripDays, order, startsList, endsList, review, expected]
    [['2026-03-08', '2026-03-06'], 'DESC', false, false, review, { from: '2026-03-06', to: '2026-03-08' }],
    [['2026-03-08', '2026-03-06'], 'DESC', true, false, review, { from: '2026-03-06', to: '2026-03-10' }],
    [['2026-03-08', '2026-03-06'], 'DESC', false, true, review, { from: '2026-03-01', to: '2026-03-08' }],
    [['2026-03-08', '2026-03-06'], 'DESC', true, true, review, { from: '2026-03-01', to: '2026-03-10' }],
    [['2026-03-06', '2026-03-08'], 'ASC', true, false, review, { from: '2026-03-01', to: '2026-03-08' }],
    [['2026-03-06', '2026-03-08'], 'ASC', false, true, review, { from: '2026-03-06', to: '2026-03-10' }],
    [['2026-03-08'], 'DESC', true, true, null, { from: '2026-03-08', to: '2026-03-08' }],
    [[], 'DESC', true, true, review, review && { from: review.first, to: review.last }],
    [[], 'DESC', false, true, review, null],
    [[], 'DESC', true, true, null, null],
    // Ways outside the campaign never shrink the range.
    [['2026-03-12', '2026-02-20'], 'DESC', true, true, review, { from: '2026-02-20', to: '2026-03-12' }],
  ] as const)('%j %s starts=%s ends=%s → %j', (tripDays, order, startsList, endsList, r, expected) => {
    expect(coveredRange({ tripDays, order, startsList, endsList, review: r })).toEqual(expected)
  })
})

describe('listedDays: days with ways plus review days of the range', () => {
  test.each([
    [
      { from: '2026-03-08', to: '2026-03-10' },
      ['2026-03-08'],
      review,
      'DESC',
      ['2026-03-10', '2026-03-09', '2026-03-08'],
    ],
    [
      { from: '2026-03-08', to: '2026-03-10' },
      ['2026-03-08'],
      review,
      'ASC',
      ['2026-03-08', '2026-03-09', '2026-03-10'],
    ],
    // Outside the campaign only days with ways are listed.
    [
      { from: '2026-01-01', to: '2026-03-02' },
      ['2026-01-01', '2026-02-10'],
      review,
      'DESC',
      ['2026-03-02', '2026-03-01', '2026-02-10', '2026-01-01'],
    ],
    [{ from: '2026-01-01', to: '2026-12-31' }, ['2026-05-01', '2026-05-01'], null, 'DESC', ['2026-05-01']],
    [null, ['2026-05-01'], review, 'DESC', []],
  ] as const)('%j %j → %j', (range, tripDays, r, order, expected) => {
    expect(listedDays(range, tripDays, r, order)).toEqual(expected)
  })
})

describe('zeroTripDayBlock: only a campaign day up to today without ways', () => {
  test.each([
    ['2026-03-05', review, true, false, null],
    ['2026-03-01', review, true, false, null],
    ['2026-03-10', review, true, false, null],
    ['2026-03-11', review, true, false, 'DAY_OUT_OF_RANGE'],
    ['2026-02-28', review, true, false, 'DAY_OUT_OF_RANGE'],
    ['2026-03-05', review, true, true, 'DAY_HAS_TRIPS'],
    ['2026-03-05', null, false, false, 'NO_CAMPAIGN'],
    ['2026-03-05', null, true, false, 'DAY_OUT_OF_RANGE'],
  ] as const)('%s (review %j, campaign %s, ways %s) → %s', (day, r, hasCampaign, hasWays, expected) => {
    expect(zeroTripDayBlock(day, r, hasCampaign, hasWays)).toBe(expected)
  })
})

describe('pageDays: the overlap row decides whether the first day continues', () => {
  const p = (day: string, tripIds: number[], extra: Partial<Period> = {}): Period => ({
    day,
    tripIds,
    noTrips: false,
    inCampaign: true,
    ...extra,
  })

  test('page 1: every period, empty review days as open or confirmed no-trip days', () => {
    const periods = [
      p('2026-03-10', []),
      p('2026-03-09', [5, 4]),
      p('2026-03-08', [], { noTrips: true }),
      p('2026-03-07', [3]),
    ]
    expect(pageDays(periods, null, true)).toEqual([
      { day: '2026-03-10', tripIds: [], continued: false, empty: 'open' },
      { day: '2026-03-09', tripIds: [5, 4], continued: false, empty: 'none' },
      { day: '2026-03-08', tripIds: [], continued: false, empty: 'confirmed' },
      { day: '2026-03-07', tripIds: [3], continued: false, empty: 'none' },
    ])
  })
  test('filtered lists show no empty days; days outside the campaign never get a card', () => {
    const periods = [p('2026-03-10', []), p('2026-03-09', [5]), p('2026-02-01', [], { inCampaign: false })]
    expect(pageDays(periods, null, false)).toEqual([
      { day: '2026-03-09', tripIds: [5], continued: false, empty: 'none' },
    ])
    expect(pageDays(periods, null, true).map((d) => d.day)).toEqual(['2026-03-10', '2026-03-09'])
  })
  test('later page: the overlap way is dropped; its day continues when ways of it are left', () => {
    const periods = [p('2026-03-09', [9, 8]), p('2026-03-08', []), p('2026-03-07', [7])]
    expect(pageDays(periods, { id: 9, day: '2026-03-09' }, true)).toEqual([
      { day: '2026-03-09', tripIds: [8], continued: true, empty: 'none' },
      { day: '2026-03-08', tripIds: [], continued: false, empty: 'open' },
      { day: '2026-03-07', tripIds: [7], continued: false, empty: 'none' },
    ])
  })
  test('later page: a day that only holds the overlap way belongs to the previous page', () => {
    const periods = [p('2026-03-09', [9]), p('2026-03-08', []), p('2026-03-07', [7])]
    expect(pageDays(periods, { id: 9, day: '2026-03-09' }, true).map((d) => [d.day, d.continued])).toEqual([
      ['2026-03-08', false],
      ['2026-03-07', false],
    ])
  })
})
