// Questionnaire summary: availFrom, availUntil (format YYYY-MM-DD HH:mm), available ('from', 'until' or none),
//        answered, mandatory. It is 'from' when now is before availFrom and 'until' when now is after availUntil.
// Each button carries a state text: available from a date, available until a date, locked, to be answered,
//        or answered. The final questionnaire button is locked when the initial one is mandatory and not yet answered.
import { describe, test, expect } from 'vitest'
import { buttonDate, buttonState, canAnswer, questionnaireSummary } from './availability'

const TZ = 'Europe/Berlin'
const from = new Date('2026-11-01T07:00:00Z') // 08:00 Berlin
const until = new Date('2026-11-30T22:59:00Z') // 23:59 Berlin

describe('questionnaireSummary', () => {
  test.each([
    ['before from', from, until, '2026-10-31T12:00:00Z', 'from'],
    ['at from', from, until, '2026-11-01T07:00:00Z', null],
    ['between', from, until, '2026-11-15T12:00:00Z', null],
    ['at until', from, until, '2026-11-30T22:59:00Z', null],
    ['after until', from, until, '2026-12-01T00:00:00Z', 'until'],
    ['no bounds', null, null, '2026-12-01T00:00:00Z', null],
    ['only from, after', from, null, '2027-01-01T00:00:00Z', null],
    ['only until, before', null, until, '2026-01-01T00:00:00Z', null],
  ] as const)('%s → available %s', (_label, availFrom, availUntil, now, available) => {
    const s = questionnaireSummary({ availFrom, availUntil, mandatory: true }, false, new Date(now), TZ)
    expect(s).toEqual({
      availFrom: availFrom ? '2026-11-01 08:00' : null,
      availUntil: availUntil ? '2026-11-30 23:59' : null,
      available,
      answered: false,
      mandatory: true,
    })
  })
})

describe('buttonState', () => {
  const open = { available: null, answered: false } as const
  test.each([
    ['answered wins', { available: 'until', answered: true }, false, null, 'answered'],
    ['answered even if not yet open', { available: 'from', answered: true }, false, null, 'answered'],
    ['not yet available', { available: 'from', answered: false }, false, null, 'availableFrom'],
    ['expired', { available: 'until', answered: false }, false, null, 'expired'],
    ['open', open, false, null, 'toAnswer'],
    ['final, initial mandatory unanswered', open, true, { mandatory: true, answered: false }, 'locked'],
    ['final, initial mandatory answered', open, true, { mandatory: true, answered: true }, 'toAnswer'],
    ['final, initial optional unanswered', open, true, { mandatory: false, answered: false }, 'toAnswer'],
    ['final, no initial', open, true, null, 'toAnswer'],
    ['non-final ignores initial', open, false, { mandatory: true, answered: false }, 'toAnswer'],
    [
      'final not yet available beats locked',
      { available: 'from', answered: false },
      true,
      { mandatory: true, answered: false },
      'availableFrom',
    ],
  ] as const)('%s → %s', (_label, summary, isFinal, initial, expected) => {
    expect(buttonState(summary, { isFinal, initial })).toBe(expected)
  })
})

describe('buttonDate / canAnswer', () => {
  const s = {
    availFrom: '2026-11-01 08:00',
    availUntil: '2026-11-30 23:59',
    available: null,
    answered: false,
    mandatory: true,
  }
  test.each([
    ['availableFrom', '2026-11-01 08:00', false],
    ['expired', '2026-11-30 23:59', false],
    ['locked', null, false],
    ['toAnswer', null, true],
    ['answered', null, false],
  ] as const)('%s → %j, canAnswer %s', (state, date, can) => {
    expect(buttonDate(s, state)).toBe(date)
    expect(canAnswer(state)).toBe(can)
  })
})
