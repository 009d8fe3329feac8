// Cookie helpers: parse and serialise the plain cookies (the session token, locale, consent, stylesheet: values as
// they are), and the signed flash-toast cookie, a React Router cookie signed with SESSION_SECRET (a rotating list:
// the first signs, every one verifies).
import { createCookie, type Cookie } from 'react-router'

export function parseCookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {}
  if (!header) return out
  for (const part of header.split(';')) {
    const i = part.indexOf('=')
    if (i < 0) continue
    const k = part.slice(0, i).trim()
    if (!k || k in out) continue
    try {
      out[k] = decodeURIComponent(part.slice(i + 1).trim())
    } catch {
      /* malformed cookie value: ignore */
    }
  }
  return out
}

export interface CookieOpts {
  maxAge?: number
  httpOnly?: boolean
  secure?: boolean
  sameSite?: 'Lax' | 'Strict'
}

export function serializeCookie(name: string, value: string, opts: CookieOpts = {}): string {
  let c = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=${opts.sameSite ?? 'Lax'}`
  if (opts.maxAge !== undefined) c += `; Max-Age=${Math.max(0, Math.floor(opts.maxAge))}`
  if (opts.httpOnly) c += '; HttpOnly'
  if (opts.secure) c += '; Secure'
  return c
}

export const SESSION_COOKIE = 'td_session'
export const LOCALE_COOKIE = 'locale'
export const TOAST_COOKIE = 'td_toast'
export const CONSENT_COOKIE = 'privacy'
export const ONE_YEAR_S = 365 * 24 * 3600

const toastCookies = new Map<string, Cookie>()

/**
 * The flash-toast cookie: toasts that travel with a redirect to the next page, which shows them once. Signed (a
 * value someone changed, or signed with a secret no longer in the list, reads as null), HttpOnly, SameSite=Lax,
 * Secure over https, Path=/, one minute.
 */
export function toastCookie(secrets: string[], secure: boolean): Cookie {
  const key = `${secure}\n${secrets.join('\n')}`
  let c = toastCookies.get(key)
  if (!c) {
    c = createCookie(TOAST_COOKIE, { path: '/', sameSite: 'lax', httpOnly: true, secure, maxAge: 60, secrets })
    toastCookies.set(key, c)
  }
  return c
}
