import { describe, expect, test } from 'vitest'
import { MAX_ID, isScopeText, parseIdText } from './ids'
import { zId } from './idSchema'

describe('ids stay in the int4 range of the id columns', () => {
  test.each([
    ['1', 1],
    ['2147483647', MAX_ID],
    ['2147483648', null],
    ['9999999999', null],
    ['0', null],
    ['01', null],
    ['-1', null],
    ['1e3', null],
    ['', null],
    [undefined, null],
  ])('parseIdText(%j) → %j', (raw, expected) => expect(parseIdText(raw)).toBe(expected))

  test.each([
    ['campaign', true],
    ['trip:1', true],
    ['leg:2147483647', true],
    ['trip:9999999999', false],
    ['leg:2147483648', false],
    ['trip:0', false],
    ['trip:', false],
    ['poi:1', false],
  ])('isScopeText(%j) → %j', (s, expected) => expect(isScopeText(s)).toBe(expected))

  test.each([
    [1, true],
    ['42', true],
    [MAX_ID, true],
    [MAX_ID + 1, false],
    [9999999999, false],
    [0, false],
    [1.5, false],
  ])('zId accepts %j: %j', (v, ok) => expect(zId.safeParse(v).success).toBe(ok))
})
