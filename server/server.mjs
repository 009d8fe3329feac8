// The HTTP server: Express in front of the React Router request handler.
// Static assets, compression, baseline security headers, request ids, graceful shutdown.
import crypto from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import express from 'express'
import compression from 'compression'
import { createRequestHandler } from '@react-router/express'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build')
const build = await import(path.join(buildDir, 'server/index.js'))
const entry = build.entry.module

export async function startServer({ port, host, quiet = false, extraRoutes } = {}) {
  const app = await entry.getApp()
  const env = app.env
  const server = express()
  server.disable('x-powered-by')
  if (process.env.TRUST_PROXY) server.set('trust proxy', process.env.TRUST_PROXY)

  server.use((req, res, next) => {
    res.locals.requestId = req.get('X-Request-Id')?.slice(0, 64) || crypto.randomUUID()
    res.set('X-Request-Id', res.locals.requestId)
    res.set('X-Content-Type-Options', 'nosniff')
    res.set('Referrer-Policy', 'same-origin')
    if (req.secure) res.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    next()
  })
  server.use(compression())
  extraRoutes?.(server)
  server.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y', index: false }))
  server.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h', index: false }))

  const handler = createRequestHandler({
    build,
    mode: 'production',
    getLoadContext: (req, res) =>
      entry.newServerContext({ clientIp: req.ip ?? req.socket.remoteAddress ?? '0.0.0.0', requestId: res.locals.requestId, secure: req.secure }),
  })
  server.all('*splat', (req, res, next) => {
    const started = performance.now()
    res.on('finish', () => {
      if (env.LOG_LEVEL === 'debug' || res.statusCode >= 500)
        entry.log.info({ msg: 'request', requestId: res.locals.requestId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(performance.now() - started) })
    })
    handler(req, res, next)
  })
  server.use((err, req, res, _next) => {
    entry.log.error({ msg: 'request failed', requestId: res.locals.requestId, error: String(err?.stack ?? err) })
    if (!res.headersSent) res.status(500).type('text/plain').send('Internal server error')
  })

  const listenPort = port ?? env.PORT
  const http = await new Promise((resolve) => {
    const s = server.listen(listenPort, host ?? env.HOST, () => resolve(s))
  })
  const actualPort = http.address().port
  entry.writeServerInfo?.(env.DATA_DIR, { pid: process.pid, port: actualPort })

  let closing = false
  async function shutdown(signal) {
    if (closing) return
    closing = true
    entry.log.info({ msg: 'shutting down', signal })
    http.close(async () => {
      try {
        await app.database.close()
      } finally {
        entry.removeServerInfo?.(env.DATA_DIR)
        process.exit(0)
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
    if (env.DEMO === '1' && entry.DEMO_LOGIN) console.log(`Demo login: ${entry.DEMO_LOGIN.email} / ${entry.DEMO_LOGIN.password}\n`)
  }
  return { http, port: actualPort, app }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await startServer()
}
