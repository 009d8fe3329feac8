// Cookie helpers: parse, serialise, and HMAC-signed values (SESSION_SECRET, rotating list: first signs, all verify).
import crypto from 'node:crypto'

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

export function sign(value: string, secrets: string[]): string {
  const mac = crypto.createHmac('sha256', secrets[0]!).update(value).digest('base64url')
  return `${Buffer.from(value).toString('base64url')}.${mac}`
}

export function unsign(signed: string | undefined, secrets: string[]): string | null {
  if (!signed) return null
  const [b64, mac] = signed.split('.')
  if (!b64 || !mac) return null
  const value = Buffer.from(b64, 'base64url').toString()
  for (const secret of secrets) {
    const expected = crypto.createHmac('sha256', secret).update(value).digest('base64url')
    if (expected.length === mac.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(mac))) return value
  }
  return null
}

export const SESSION_COOKIE = 'td_session'
export const LOCALE_COOKIE = 'locale'
export const TOAST_COOKIE = 'td_toast'
export const CONSENT_COOKIE = 'privacy'
export const ONE_YEAR_S = 365 * 24 * 3600
