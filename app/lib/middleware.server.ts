// The root middleware: resolves the app, session, flash toasts and CSRF for every request, and persists a ?locale= choice.
import crypto from 'node:crypto'
import type { MiddlewareFunction } from 'react-router'
import { DEFAULT_LOCALE, parseLocale } from '~/domain/locale'
import { resolveSession } from '~/services/session.server'
import { rememberLocale } from '~/services/user.server'
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
  toastCookie,
} from './cookies.server'
import { checkOrigin, isOwnNavigation } from './csrf.server'
import { getLang, isServiceApi, localeOf } from './i18n.server'

export const rootMiddleware: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  const app = await getApp()
  const server = context.get(serverInfoContext)
  const cookies = parseCookies(request.headers.get('Cookie'))
  const setCookies: string[] = []
  const secure = server.secure

  // CSRF: every state-changing request from a browser must come from our own origin (ADR 004). The JSON endpoint and
  // the CLI hand-off authenticate with a token in the body or header, never with cookies, so they are exempt.
  const api = isServiceApi(url.pathname)
  const tokenAuthenticated = api || url.pathname === '/admin/cli'
  if (request.method !== 'GET' && request.method !== 'HEAD' && !tokenAuthenticated) {
    if (!checkOrigin(request, app.env.publicUrl)) {
      return new Response('Forbidden: cross-site request', { status: 403, headers: { 'Content-Type': 'text/plain' } })
    }
  }

  // The language was picked by i18nextMiddleware, which runs before this one (root's middleware list); the API names
  // its own in its params.
  const locale = api ? DEFAULT_LOCALE : localeOf(getLang(context))
  const queryLocale = parseLocale(url.searchParams.get('locale'))
  if (queryLocale) setCookies.push(serializeCookie(LOCALE_COOKIE, queryLocale, { maxAge: ONE_YEAR_S, secure }))

  const token = cookies[SESSION_COOKIE]
  const session = await resolveSession(app.database.db, token, new Date())
  const toasts: Toast[] = []
  // The toasts a redirect sent along: shown once (the cookie is cleared below); one changed or not signed by us is
  // ignored (null), as is a signed value that is not a list.
  const flashCookie = toastCookie(app.env.sessionSecrets, secure)
  const flash: unknown = cookies[TOAST_COOKIE] ? await flashCookie.parse(request.headers.get('Cookie')) : null
  if (Array.isArray(flash)) toasts.push(...(flash as Toast[]).slice(0, 5))
  if (session.state === 'invalid') {
    setCookies.push(serializeCookie(SESSION_COOKIE, '', { maxAge: 0, httpOnly: true, secure }))
    toasts.push({ type: 'error', key: 'errors:SESSION_INVALID_OR_EXPIRED' })
  }
  const user = session.state === 'valid' ? session.user : null
  // The stored language changes only by the participant's own choice: a link on our pages (or a typed address),
  // never by a link on a foreign page. (A post got here only from our own origin.)
  const ownChoice =
    request.method !== 'GET' && request.method !== 'HEAD' ? true : isOwnNavigation(request, app.env.publicUrl)
  if (user && queryLocale && user.locale !== queryLocale && ownChoice) {
    await rememberLocale(app.database.db, user.id, queryLocale)
  }

  context.set(requestContext, {
    app,
    locale,
    nonce: crypto.randomBytes(16).toString('base64'),
    session,
    sessionToken: session.state === 'valid' ? token : undefined,
    user,
    toasts,
    flash: [],
    consent: cookies[CONSENT_COOKIE] === 'accepted',
    setCookies,
    server,
    readsOnly: request.method === 'GET' || request.method === 'HEAD',
  })
  const response = await next()
  // Toasts for the next page go in the signed cookie; otherwise a toast cookie this request carried is cleared.
  const outgoing = context.get(requestContext).flash
  if (outgoing.length > 0) setCookies.push(await flashCookie.serialize(outgoing.slice(0, 5)))
  else if (cookies[TOAST_COOKIE] !== undefined) setCookies.push(await flashCookie.serialize('', { maxAge: 0 }))
  const already = response.headers.getSetCookie().map((c) => c.split('=')[0])
  for (const c of setCookies) if (!already.includes(c.split('=')[0])) response.headers.append('Set-Cookie', c)
  return response
}
