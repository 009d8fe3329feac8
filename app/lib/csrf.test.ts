import { describe, expect, test } from 'vitest'
import { checkOrigin } from './csrf.server'
import { parseCookies, serializeCookie, sign, unsign } from './cookies.server'

const req = (headers: Record<string, string>) => new Request('http://localhost:3000/user/login', { method: 'POST', headers })

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

describe('cookies', () => {
  test('signed values verify with any secret of the rotation list and fail when tampered', () => {
    const signed = sign('{"a":1}', ['new', 'old'])
    expect(unsign(signed, ['new'])).toBe('{"a":1}')
    expect(unsign(sign('x', ['old']), ['new', 'old'])).toBe('x')
    expect(unsign(signed.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), ['new'])).toBeNull()
    expect(unsign('garbage', ['new'])).toBeNull()
  })
  test('parse and serialise', () => {
    expect(parseCookies('a=1; b=x%20y; a=2; broken=%E0%A4%A')).toEqual({ a: '1', b: 'x y' })
    expect(serializeCookie('privacy', 'accepted', { maxAge: 31536000 })).toBe('privacy=accepted; Path=/; SameSite=Lax; Max-Age=31536000')
    expect(serializeCookie('s', 't', { httpOnly: true, secure: true })).toContain('HttpOnly; Secure')
  })
})
