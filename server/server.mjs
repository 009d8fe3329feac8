// The HTTP server: Express in front of the React Router request handler.
// Static assets, compression, baseline security headers, request ids, graceful shutdown.
import '../scripts/require-node.mjs'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import express from 'express'
import compression from 'compression'
import { createRequestHandler } from '@react-router/express'
import { buildDirectory } from '../scripts/build-directory.mjs'

// Everything the server creates (the database's files and write-ahead log, mails in the outbox, the hand-off file) is
// its owner's alone: files 0600, directories 0700. Set before the app is loaded, so no file is made without it.
process.umask(0o077)

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const buildDir = buildDirectory(process.env.BUILD_DIR, root)
const build = await import(path.join(buildDir, 'server/index.js'))
const entry = build.entry.module

/**
 * Defaults for every response that did not set the header itself. The CSP here is for non-HTML answers (JSON,
 * redirects, text, images, scripts): they load nothing and may not be framed. Dynamic answers are not cached.
 */
const BASELINE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
}

/** The largest body any request may send (a page form, the JSON API, anything else). */
export const BODY_LIMIT = 1024 * 1024

/**
 * A handed-off admin command carries a researcher's file (a trips file can be tens of MB): larger, but only from this
 * machine and with a valid proof of the hand-off token in its head, checked before the body is read.
 */
const ADMIN_BODY_LIMIT = 64 * 1024 * 1024

/** The path React Router will route: the URL as its adapter builds it, dot segments (also encoded ones) resolved. */
function routedPath(req) {
  try {
    return new URL(`http://localhost${req.originalUrl}`).pathname
  } catch {
    return null
  }
}

function bodyLimitOf(req, dataDir) {
  const admin =
    routedPath(req) === '/admin/cli' &&
    entry.isLoopbackAddress(req.socket.remoteAddress) &&
    entry.provenChallenge(dataDir, req.get('Authorization'), false)
  return admin ? ADMIN_BODY_LIMIT : BODY_LIMIT
}

/**
 * Reads every request's body before any routing, whatever its method or path: refused with 413 by its Content-Length,
 * or as soon as more than the limit arrived (a chunked body), before any parsing; so a huge post costs neither memory
 * nor time. The body read (at most the limit) is handed on as the request's stream.
 */
function limitBody(dataDir) {
  return (req, res, next) => {
    const limit = bodyLimitOf(req, dataDir)
    const tooLarge = () => {
      // The JSON API answers in its own protocol; everything else in plain text.
      if (/^application\/json\b/i.test(req.get('Content-Type') ?? ''))
        res.status(413).type('application/json').send(JSON.stringify(entry.payloadTooLargeBody()))
      else
        res
          .status(413)
          .type('text/plain')
          .send(`Payload too large (${Math.round(limit / 1048576)} MB at most)`)
      // The connection closes after the answer (Connection: close is set before the head). What the client still
      // sends is read and dropped for a while, so it can read the answer before the close (closing on unread data
      // resets the connection); past BODY_LIMIT more it is cut off. Nothing of it is kept.
      let dropped = 0
      req.on('data', (chunk) => {
        dropped += chunk.length
        if (dropped > BODY_LIMIT) req.socket.destroy()
      })
      req.resume()
    }
    const declared = Number(req.get('Content-Length') ?? 0)
    if (!(declared <= limit)) return tooLarge()
    const chunks = []
    let size = 0
    let refused = false
    req.on('data', (chunk) => {
      if (refused) return
      size += chunk.length
      if (size > limit) {
        refused = true
        chunks.length = 0
        return tooLarge()
      }
      chunks.push(chunk)
    })
    req.once('error', (err) => {
      if (!refused) next(err)
      refused = true
    })
    req.once('end', () => {
      if (refused) return
      // React Router's adapter reads the body from the request object's stream methods: point those at the bytes read.
      const replay = Readable.from([Buffer.concat(chunks)])
      const streamMethods = new Set([
        'on',
        'once',
        'off',
        'removeListener',
        'addListener',
        'pause',
        'resume',
        'destroy',
        'readableHighWaterMark',
      ])
      const proxy = new Proxy(req, {
        get(target, prop) {
          if (typeof prop !== 'string' || !streamMethods.has(prop)) return Reflect.get(target, prop, target)
          const value = Reflect.get(replay, prop, replay)
          return typeof value === 'function' ? Function.prototype.bind.call(value, replay) : value
        },
      })
      res.locals.bufferedRequest = proxy
      next()
    })
  }
}

/** A client's X-Request-Id when it is a plain token (so it cannot forge log lines), else a fresh one. */
function requestIdOf(given) {
  return given && /^[A-Za-z0-9._:-]{1,64}$/.test(given) ? given : crypto.randomUUID()
}

/** Every file below dir, as URL paths ('/favicon.svg'). */
function listFiles(dir, prefix = '') {
  const out = []
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) out.push(...listFiles(path.join(dir, e.name), `${prefix}/${e.name}`))
    else out.push(`${prefix}/${e.name}`)
  }
  return out
}

/** Calls fn once, right before the response head is written (explicitly or by the first write). */
function beforeHead(res, fn) {
  const writeHead = res.writeHead
  let done = false
  res.writeHead = function (...args) {
    if (!done) {
      done = true
      fn()
    }
    return writeHead.apply(this, args)
  }
}

export async function startServer({ port, host, quiet = false, extraRoutes } = {}) {
  const app = await entry.getApp()
  const env = app.env
  const server = express()
  let closing = false
  server.disable('x-powered-by')
  if (process.env.TRUST_PROXY) server.set('trust proxy', process.env.TRUST_PROXY)

  server.use((req, res, next) => {
    const started = performance.now()
    const pathname = req.path
    res.locals.requestId = requestIdOf(req.get('X-Request-Id'))
    res.set('X-Request-Id', res.locals.requestId)
    // Security headers for every response (HTML, redirects, resource routes, static assets, errors), added just
    // before the head is written unless the response set its own (HTML pages: their nonce CSP, app/lib/headers.server.ts).
    beforeHead(res, () => {
      for (const [name, value] of Object.entries(BASELINE_HEADERS)) if (!res.hasHeader(name)) res.setHeader(name, value)
      if (req.secure && !res.hasHeader('Strict-Transport-Security'))
        res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
      // Shutting down: finish this response, then close the connection instead of keeping it alive. The same after
      // a 413: the unread rest of the body makes the connection unusable, so a client must not send the next
      // request on it.
      if (closing || res.statusCode === 413) res.setHeader('Connection', 'close')
    })
    // One log line per request (no query string: it may carry an address or a token).
    res.on('close', () => {
      const line = {
        msg: 'request',
        requestId: res.locals.requestId,
        method: req.method,
        path: pathname,
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
      }
      if (!res.writableFinished) entry.log.info({ ...line, msg: 'request aborted' })
      else if (res.statusCode >= 500) entry.log.error(line)
      else entry.log.info(line)
    })
    next()
  })
  server.use(limitBody(env.DATA_DIR))
  server.use(compression())
  extraRoutes?.(server)
  server.use(
    '/assets',
    express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y', index: false }),
  )
  // The other public files (favicon, manual, …) are known at start: only their paths reach express.static, so a page
  // request costs no file-system lookup (docs/performance.md).
  const publicFiles = new Set(listFiles(path.join(buildDir, 'client')).filter((p) => !p.startsWith('/assets/')))
  const publicStatic = express.static(path.join(buildDir, 'client'), { maxAge: '1h', index: false })
  server.use((req, res, next) =>
    (req.method === 'GET' || req.method === 'HEAD') && publicFiles.has(req.path)
      ? publicStatic(req, res, next)
      : next(),
  )

  const handler = createRequestHandler({
    build,
    mode: 'production',
    getLoadContext: (req, res) =>
      entry.newServerContext({
        clientIp: req.ip ?? req.socket.remoteAddress ?? '0.0.0.0',
        requestId: res.locals.requestId,
        secure: req.secure,
        peerAddress: req.socket.remoteAddress,
      }),
  })
  server.all('*splat', (req, res, next) => {
    entry.withRequestId(res.locals.requestId, () => handler(res.locals.bufferedRequest ?? req, res, next))
  })
  server.use((err, req, res, _next) => {
    entry.log.error({ msg: 'request failed', requestId: res.locals.requestId, error: String(err?.stack ?? err) })
    if (!res.headersSent) res.status(500).type('text/plain').send('Internal server error')
  })

  const listenPort = port ?? env.PORT
  const listenHost = host ?? env.HOST
  const http = await new Promise((resolve) => {
    const s = server.listen(listenPort, listenHost, () => resolve(s))
  })
  const { port: actualPort, address: actualHost } = http.address()
  entry.writeServerInfo?.(env.DATA_DIR, { pid: process.pid, host: actualHost, port: actualPort })

  async function shutdown(signal) {
    if (closing) return
    closing = true
    entry.log.info({ msg: 'shutting down', signal })
    // Stop accepting connections, let the requests in flight finish (their connections close after the response),
    // then close the database (PGlite writes its last pages, PostgreSQL's pool ends) and exit.
    http.close(async () => {
      let code = 0
      try {
        await app.database.close()
        entry.log.info({ msg: 'database closed' })
      } catch (err) {
        code = 1
        entry.log.error({ msg: 'closing the database failed', error: String(err?.stack ?? err) })
      } finally {
        entry.removeServerInfo?.(env.DATA_DIR)
        process.exit(code)
      }
    })
    http.closeIdleConnections?.()
    setTimeout(() => process.exit(1), 10_000).unref()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))

  if (!quiet) {
    const url = `http://localhost:${actualPort}`
    console.log(`\nTravel diary is running at ${url}`)
    if (env.DEMO === '1' && entry.DEMO_LOGIN)
      console.log(`Demo login: ${entry.DEMO_LOGIN.email} / ${entry.DEMO_LOGIN.password}\n`)
    // The demo's login is public: reachable from other machines only when HOST asked for it, and then said loudly.
    if (env.DEMO === '1' && !/^(127\.|localhost$|::1$)/.test(listenHost)) {
      console.warn(
        `WARNING: the demo study (DEMO=1) with the login above is reachable on ${listenHost}, from other machines. Set DEMO=0 for a real study.`,
      )
    }
  }
  return { http, port: actualPort, app }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await startServer()
}
