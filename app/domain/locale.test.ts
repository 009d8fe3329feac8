// Locale helpers: the app supports German (default) and English.
import { describe, test, expect } from 'vitest'
import { DEFAULT_LOCALE, LOCALES, parseLocale, requestLocale, toBcp47 } from './locale'

describe('locale', () => {
  test('defaults and list', () => {
    expect(DEFAULT_LOCALE).toBe('de_DE')
    expect(LOCALES).toEqual(['de_DE', 'en_US'])
  })

  test.each([
    ['de_DE', 'de-DE'],
    ['en_US', 'en-US'],
  ] as const)('toBcp47(%s) = %s', (l, expected) => {
    expect(toBcp47(l)).toBe(expected)
  })

  test.each([
    ['de_DE', 'de_DE'],
    ['de-DE', 'de_DE'],
    ['de', 'de_DE'],
    ['DE', 'de_DE'],
    ['de-de', 'de_DE'],
    ['en_US', 'en_US'],
    ['en-US', 'en_US'],
    ['en', 'en_US'],
    ['EN_us', 'en_US'],
    [' en ', 'en_US'],
    ['fr', null],
    ['en_GB', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('parseLocale(%j) = %j', (input, expected) => {
    expect(parseLocale(input)).toBe(expected)
  })

  test.each([
    [null, null, 'de_DE'],
    ['en_US', null, 'en_US'],
    [null, 'en_US', 'en_US'],
    ['de_DE', 'en_US', 'de_DE'],
    ['en', 'de_DE', 'en_US'],
    ['fr', 'en_US', 'en_US'],
    ['fr', 'fr', 'de_DE'],
    ['', '', 'de_DE'],
    [undefined, 'EN-us', 'en_US'],
  ])('requestLocale(query %j, cookie %j) = %j', (query, cookie, expected) => {
    expect(requestLocale(query, cookie)).toBe(expected)
  })
})
