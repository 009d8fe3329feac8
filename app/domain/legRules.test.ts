// Leg deletion: allowed only for the first or last leg, and only when more than one leg exists.
import { describe, test, expect } from 'vitest'
import { canDeleteLeg } from './legRules'

describe('canDeleteLeg', () => {
  test.each([
    [[10, 20, 30], 10, { ok: true }],
    [[10, 20, 30], 30, { ok: true }],
    [[10, 20, 30], 20, { ok: false, constant: 'LEG_NOT_FIRST_OR_LAST' }],
    [[10, 20], 10, { ok: true }],
    [[10, 20], 20, { ok: true }],
    [[10], 10, { ok: false, constant: 'LAST_REMAINING_LEG' }],
    [[10, 20, 30], 99, { ok: false, constant: 'LEG_NOT_FOUND' }],
    [[], 1, { ok: false, constant: 'LEG_NOT_FOUND' }],
  ])('%j delete %s → %j', (ids, id, expected) => {
    expect(canDeleteLeg(ids, id)).toEqual(expected)
  })
})
