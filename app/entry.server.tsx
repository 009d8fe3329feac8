import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router'
import { requestContext } from '~/lib/context.server'
import { I18nextProvider } from 'react-i18next'
import type { i18n } from 'i18next'
import { getI18n } from '~/lib/i18n.server'
import { i18nFor } from '~/infra/i18n.server'
import { STYLESHEET_CSS } from '~/lib/stylesheet.server'
import { InlineCssContext } from '~/components/layout/Stylesheet'
import { NonceContext } from '~/lib/nonce'
import { securityHeaders } from '~/lib/headers.server'
import { DEFAULT_LOCALE } from '~/domain/locale'
import { errsBody } from '~/services/dispatch.server'
import { log } from '~/infra/log.server'

export { getApp } from '~/lib/app.server'

export const streamTimeout = 10_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The root middleware sets the request context; for a request it never reached, use fresh defaults.
  let info: { nonce: string; locale: typeof DEFAULT_LOCALE; tileOrigin?: string; staticMapOrigin?: string } | undefined
  try {
    const r = loadContext.get(requestContext)
    info = {
      nonce: r.nonce,
      locale: r.locale,
      tileOrigin: r.app.env.MAP_TILE_URL,
      staticMapOrigin: r.app.env.STATIC_MAP_URL,
    }
  } catch {
    info = { nonce: crypto.randomUUID().replace(/-/g, ''), locale: DEFAULT_LOCALE }
  }
  const { nonce, locale } = info
  // remix-i18next's instance for this request; for a response its middleware never ran for, the locale's shared one.
  let i18n: i18n
  try {
    i18n = getI18n(loadContext)
  } catch {
    i18n = i18nFor(locale)
  }
  const readyEvent =
    isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <InlineCssContext.Provider value={STYLESHEET_CSS}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </InlineCssContext.Provider>
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          const body = new PassThrough()
          const stream = createReadableStreamFromReadable(body)
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          for (const [k, v] of Object.entries(securityHeaders(nonce, info?.tileOrigin, info?.staticMapOrigin)))
            responseHeaders.set(k, v)
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) log.error({ msg: 'render error', error: String(error) })
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  // React Router's own cross-site check (an Origin header that is not the request's host) answers 400: an attack
  // or a misconfigured proxy, not a server fault.
  if (error instanceof Error && /origin does not match `origin` header/.test(error.message)) {
    log.warn({ msg: 'cross-site request refused', path: new URL(request.url).pathname })
    return
  }
  log.error({
    msg: 'unhandled error',
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    path: new URL(request.url).pathname,
  })
}
export { newServerContext } from '~/lib/context.server'
export { log, withRequestId } from '~/infra/log.server'
export { writeServerInfo, removeServerInfo, provenChallenge } from '~/infra/handoff.server'
export { isLoopbackAddress } from '~/domain/peer'

/** The JSON API's answer to a body over the limit (the HTTP server gives it before any routing). */
export const payloadTooLargeBody = () => errsBody(DEFAULT_LOCALE, 'PAYLOAD_TOO_LARGE')
export { DEMO_LOGIN } from '~/services/seed-demo.server'
