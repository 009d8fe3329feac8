// Every way a password is set applies one minimum: 3 characters (UTF-16 units, as the forms count).
import { expect, test } from 'vitest'
import { PASSWORD_MIN_LENGTH, passwordLongEnough } from './password'

test.each([
  ['', false],
  ['a', false],
  ['ab', false],
  ['abc', true],
  ['äöü', true],
  ['😀', false],
  ['😀😀', true],
  ['secret123', true],
])('%j → %s', (p, ok) => expect(passwordLongEnough(p)).toBe(ok))

test('the minimum is 3', () => expect(PASSWORD_MIN_LENGTH).toBe(3))
