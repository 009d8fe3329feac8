// Per-request context, set by the root middleware and read by loaders, actions and the service layer.
import { createContext, RouterContextProvider } from 'react-router'
import type { App } from './app.server'
import type { Locale } from '~/domain/locale'
import type { AuthedContext, ServiceContext, SessionUser } from '~/services/core.server'
import type { ResolvedSession } from '~/services/session.server'

export interface Toast {
  type: 'error' | 'success'
  /** i18n key, e.g. 'errors:SESSION_INVALID_OR_EXPIRED' or 'common:success.wayCreated' */
  key: string
  params?: Record<string, string | number>
}

/** What the HTTP server knows that the Request does not. */
export interface ServerInfo {
  clientIp: string
  requestId: string
  secure: boolean
  /** The address at the other end of the connection (the socket's, never a header's). */
  peerAddress?: string
}
export const serverInfoContext = createContext<ServerInfo>({ clientIp: '127.0.0.1', requestId: '-', secure: false })

export interface RequestInfo {
  app: App
  locale: Locale
  nonce: string
  session: ResolvedSession
  sessionToken: string | undefined
  user: SessionUser | null
  toasts: Toast[]
  /** Toasts for the next page (a redirect's): the root middleware sends them in the signed toast cookie. */
  flash: Toast[]
  consent: boolean
  /** Set-Cookie headers to add to the response. */
  setCookies: string[]
  server: ServerInfo
  /** A GET or HEAD request: it writes nothing of the participant's data. */
  readsOnly: boolean
}
export const requestContext = createContext<RequestInfo>()

export type Ctx = Readonly<RouterContextProvider>

export function req(context: Ctx): RequestInfo {
  return context.get(requestContext)
}

export function serviceCtx(context: Ctx): ServiceContext {
  const r = req(context)
  return {
    db: r.app.database.db,
    env: r.app.env,
    mailer: r.app.mailer,
    locale: r.locale,
    user: r.user,
    session: r.session.state,
    sessionToken: r.sessionToken,
    clientIp: r.server.clientIp,
    now: () => new Date(),
    catalogueVersion: r.session.state === 'valid' ? r.session.catalogueVersion : undefined,
    // A form post may write the participant's data before its page's loaders read it: only a GET reads kept values.
    dataVersion: r.session.state === 'valid' && r.readsOnly ? r.session.dataVersion : undefined,
  }
}

/**
 * The signed-in participant's service context. Only the login guard sets it (the middleware of the `_auth` layout,
 * and of the few start pages that need a login), after it has turned away anyone not logged in.
 */
export const authedContext = createContext<AuthedContext | null>(null)

/** The service context of the logged-in participant, for a route behind the login guard. */
export function authed(context: Ctx): AuthedContext {
  const ctx = context.get(authedContext)
  if (!ctx) throw new Error('authed(): this route is not behind the login guard (loginGuard middleware)')
  return ctx
}

export function newServerContext(info: ServerInfo): RouterContextProvider {
  const ctx = new RouterContextProvider()
  ctx.set(serverInfoContext, info)
  return ctx
}
