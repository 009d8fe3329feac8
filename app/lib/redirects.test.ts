// Issue 11 (found by tests/forms-fuzz.proc.test.ts): redirect targets built from form values.
import { describe, expect, test } from 'vitest'
import { safeRedirect } from './guards.server'
import { headerSafeUrl } from './http.server'

describe('safeRedirect: same-site paths only', () => {
  test.each([
    ['/ways/list/all/page/1', '/ways/list/all/page/1'],
    ['/ways?dialog=x#y', '/ways?dialog=x#y'],
    ['//evil.example', '/fallback'],
    ['/\\evil.example', '/fallback'],
    ['/\t/evil.example', '/fallback'],
    ['/\n/evil.example', '/fallback'],
    ['/ /evil.example', '/fallback'],
    ['/a\\b', '/fallback'],
    ['/a\u0000b', '/fallback'],
    ['https://evil.example/', '/fallback'],
    ['javascript:alert(1)', '/fallback'],
    ['', '/fallback'],
  ])('%j → %s', (to, expected) => expect(safeRedirect(to, '/fallback')).toBe(expected))
})

describe('headerSafeUrl: a Location header never fails', () => {
  test.each([
    ['/ways/list/all/page/1#day-2026-05-01', '/ways/list/all/page/1#day-2026-05-01'],
    ['/x#day-a\u0000b', '/x#day-a%00b'],
    ['/x?q=ä b', '/x?q=%C3%A4%20b'],
    ['/x#\uD800', '/x#%EF%BF%BD'],
    ['/x#🚲', '/x#%F0%9F%9A%B2'],
  ])('%j → %s', (url, expected) => {
    expect(headerSafeUrl(url)).toBe(expected)
    expect(() => new Headers({ Location: headerSafeUrl(url) })).not.toThrow()
  })
})
