import { describe, expect, test } from 'vitest'
import { checkOrigin, isOwnNavigation } from './csrf.server'
import { parseCookies, serializeCookie, toastCookie } from './cookies.server'

const req = (headers: Record<string, string>) =>
  new Request('http://localhost:3000/user/login', { method: 'POST', headers })

describe('checkOrigin (ADR 004: strict Origin check on every state-changing request)', () => {
  test.each([
    [{ Origin: 'http://localhost:3000' }, true],
    [{ Origin: 'https://study.example.org' }, true], // PUBLIC_URL's origin
    [{ Origin: 'https://evil.example' }, false],
    [{ Origin: 'null' }, false],
    [{ Referer: 'http://localhost:3000/ways' }, true],
    [{ Referer: 'https://evil.example/x' }, false],
    [{ Referer: 'not a url' }, false],
    [{}, false],
  ])('%j → %s', (headers, ok) => expect(checkOrigin(req(headers), 'https://study.example.org')).toBe(ok))
})

describe('isOwnNavigation: only our own links (or the address bar) may change the stored language', () => {
  test.each([
    [{ 'Sec-Fetch-Site': 'same-origin' }, true],
    [{ 'Sec-Fetch-Site': 'none' }, true],
    [{ 'Sec-Fetch-Site': 'cross-site' }, false],
    [{ 'Sec-Fetch-Site': 'same-site' }, false],
    [{ 'Sec-Fetch-Site': 'cross-site', Referer: 'http://localhost:3000/ways' }, false],
    [{ Referer: 'http://localhost:3000/ways' }, true],
    [{ Referer: 'https://evil.example/x' }, false],
    [{ Referer: 'not a url' }, false],
    [{}, false],
  ])('%j → %s', (headers, ok) =>
    expect(
      isOwnNavigation(new Request('http://localhost:3000/ways?locale=en_US', { headers }), 'https://study.example.org'),
    ).toBe(ok),
  )
})

describe('cookies', () => {
  // A Set-Cookie header as the browser sends it back: the name=value part.
  const sent = (setCookie: string) => setCookie.split(';')[0]!
  test('signed values verify with any secret of the rotation list and fail when tampered', async () => {
    const signed = sent(await toastCookie(['new', 'old'], false).serialize({ a: 1 }))
    expect(await toastCookie(['new'], false).parse(signed)).toEqual({ a: 1 })
    expect(await toastCookie(['new', 'old'], false).parse(sent(await toastCookie(['old'], false).serialize('x')))).toBe(
      'x',
    )
    // Signed with a secret no longer in the list: ignored.
    expect(await toastCookie(['newer'], false).parse(signed)).toBeNull()
    // One character of the value or of the signature changed: ignored.
    const [name, value] = signed.split('=', 2) as [string, string]
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1)
    expect(
      await toastCookie(['new'], false).parse(
        `${name}=${flip(value, 0)}${signed.slice(name.length + 1 + value.length)}`,
      ),
    ).toBeNull()
    expect(
      await toastCookie(['new'], false).parse(
        `${name}=${decodeURIComponent(value).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`,
      ),
    ).toBeNull()
    expect(await toastCookie(['new'], false).parse('td_toast=garbage')).toBeNull()
  })
  test('the toast cookie keeps its name and attributes: HttpOnly, SameSite=Lax, Path=/, a minute, Secure over https', async () => {
    const plain = await toastCookie(['s'], false).serialize([{ type: 'success', key: 'k' }])
    expect(plain).toMatch(/^td_toast=[^;]+;/)
    expect(plain.split('; ').slice(1).sort()).toEqual(
      expect.arrayContaining(['HttpOnly', 'Max-Age=60', 'Path=/', 'SameSite=Lax']),
    )
    expect(plain).not.toContain('Secure')
    expect(await toastCookie(['s'], true).serialize([])).toContain('; Secure')
    expect(await toastCookie(['s'], false).serialize('', { maxAge: 0 })).toMatch(/^td_toast=; .*Max-Age=0/)
  })
  test('parse and serialise', () => {
    expect(parseCookies('a=1; b=x%20y; a=2; broken=%E0%A4%A')).toEqual({ a: '1', b: 'x y' })
    expect(serializeCookie('privacy', 'accepted', { maxAge: 31536000 })).toBe(
      'privacy=accepted; Path=/; SameSite=Lax; Max-Age=31536000',
    )
    expect(serializeCookie('s', 't', { httpOnly: true, secure: true })).toContain('HttpOnly; Secure')
  })
})
