import { expect, test } from 'vitest'
import { isUniqueViolation } from './errors'

test.each([
  [{ code: '23505' }, true],
  [{ cause: { code: '23505' } }, true],
  [{ code: '23503' }, false],
  [{ cause: { code: '40001' } }, false],
  [new Error('boom'), false],
  [null, false],
  [undefined, false],
])('isUniqueViolation(%o) is %s', (err, expected) => {
  expect(isUniqueViolation(err)).toBe(expected)
})
