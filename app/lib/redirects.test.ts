// Redirect targets and links built from request values (a form value, a query parameter, the Referer, the current
// path) all pass safeRedirect: same-site, header-safe, never an exception.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { headerSafeUrl, safeRedirect } from './safe-redirect'

describe('safeRedirect: same-site paths only', () => {
  test.each([
    ['/ways/list/all/page/1', '/ways/list/all/page/1'],
    ['/ways?dialog=x#y', '/ways?dialog=x#y'],
    ['//evil.example', '/evil.example'],
    ['//evil.example/login', '/evil.example/login'],
    ['/\\evil.example', '/evil.example'],
    ['\\\\evil.example', '/evil.example'],
    ['/\t/evil.example', '/evil.example'],
    ['/\n/evil.example', '/evil.example'],
    ['/ /evil.example', '/%20/evil.example'],
    ['/a\\b', '/a%5Cb'],
    ['/a\u0000b', '/a%00b'],
    ['/。x', '/%E3%80%82x'],
    ['/é', '/%C3%A9'],
    ['/x#\uD800', '/x#%EF%BF%BD'],
    ['https://evil.example/', '/fallback'],
    ['javascript:alert(1)', '/fallback'],
    ['/../x', '/fallback'],
    ['', '/fallback'],
    [null, '/fallback'],
  ])('%j → %s', (to, expected) => expect(safeRedirect(to, '/fallback')).toBe(expected))

  test('fuzzed: every answer is a path on this site that fits a Location header', () => {
    const base = 'http://diary.example'
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '/',
        '//',
        '\\',
        '/\\',
        '\t',
        '\n',
        '%2F',
        '。',
        'é',
        '\uD800',
        ':',
        'evil.example',
        '..',
        '@',
        '?',
        '#',
      ),
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (parts) => {
        const out = safeRedirect(parts.join(''), '/fallback')
        expect(out.startsWith('/')).toBe(true)
        expect(out.startsWith('//')).toBe(false)
        expect(/^[\x21-\x7e]*$/.test(out)).toBe(true)
        expect(out).not.toContain('\\')
        expect(new URL(out, base).origin).toBe(base)
        expect(() => new Headers({ Location: out })).not.toThrow()
      }),
      { numRuns: 2000 },
    )
  })
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
