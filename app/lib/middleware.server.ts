// The root middleware: resolves the app, locale, session, flash toasts and CSRF for every request.
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { MiddlewareFunction } from 'react-router'
import { DEFAULT_LOCALE, parseLocale } from '~/domain/locale'
import { users } from '~/db/schema'
import { resolveSession } from '~/services/session.server'
import { getApp } from './app.server'
import { requestContext, serverInfoContext, type Toast } from './context.server'
import {
  CONSENT_COOKIE,
  LOCALE_COOKIE,
  ONE_YEAR_S,
  SESSION_COOKIE,
  TOAST_COOKIE,
  parseCookies,
  serializeCookie,
  unsign,
} from './cookies.server'
import { checkOrigin } from './csrf.server'

export const rootMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const app = await getApp()
  const server = context.get(serverInfoContext)
  const url = new URL(request.url)
  const cookies = parseCookies(request.headers.get('Cookie'))
  const setCookies: string[] = []
  const secure = server.secure

  // CSRF: every state-changing request from a browser must come from our own origin (ADR 004). The JSON endpoint and
  // the CLI hand-off authenticate with a token in the body or header, never with cookies, so they are exempt.
  const tokenAuthenticated = url.pathname.startsWith('/functions/') || url.pathname === '/admin/cli'
  if (request.method !== 'GET' && request.method !== 'HEAD' && !tokenAuthenticated) {
    if (!checkOrigin(request, app.env.publicUrl)) {
      return new Response('Forbidden: cross-site request', { status: 403, headers: { 'Content-Type': 'text/plain' } })
    }
  }

  const queryLocale = parseLocale(url.searchParams.get('locale') ?? '')
  const locale = queryLocale ?? parseLocale(cookies[LOCALE_COOKIE] ?? '') ?? DEFAULT_LOCALE
  if (queryLocale) setCookies.push(serializeCookie(LOCALE_COOKIE, queryLocale, { maxAge: ONE_YEAR_S, secure }))

  const token = cookies[SESSION_COOKIE]
  const session = await resolveSession(app.database.db, token, new Date())
  const toasts: Toast[] = []
  const flash = unsign(cookies[TOAST_COOKIE], app.env.sessionSecrets)
  if (cookies[TOAST_COOKIE] !== undefined) setCookies.push(serializeCookie(TOAST_COOKIE, '', { maxAge: 0, httpOnly: true, secure }))
  if (flash) {
    try {
      const parsed = JSON.parse(flash) as Toast[]
      if (Array.isArray(parsed)) toasts.push(...parsed.slice(0, 5))
    } catch {
      /* ignore a broken flash cookie */
    }
  }
  if (session.state === 'invalid') {
    setCookies.push(serializeCookie(SESSION_COOKIE, '', { maxAge: 0, httpOnly: true, secure }))
    toasts.push({ type: 'error', key: 'errors:SESSION_INVALID_OR_EXPIRED' })
  }
  const user = session.state === 'valid' ? session.user : null
  if (user && queryLocale && user.locale !== queryLocale) {
    await app.database.db.update(users).set({ locale: queryLocale }).where(eq(users.id, user.id))
  }

  context.set(requestContext, {
    app,
    locale,
    nonce: crypto.randomBytes(16).toString('base64'),
    session,
    sessionToken: session.state === 'valid' ? token : undefined,
    user,
    toasts,
    consent: cookies[CONSENT_COOKIE] === 'accepted',
    setCookies,
    server,
  })
  const response = await next()
  const already = response.headers.getSetCookie().map((c) => c.split('=')[0])
  for (const c of setCookies) if (!already.includes(c.split('=')[0])) response.headers.append('Set-Cookie', c)
  return response
}
