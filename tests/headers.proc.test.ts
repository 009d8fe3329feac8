// Security headers on every kind of response of the running server (HTML pages, error pages, redirects,
// resource routes, the JSON endpoint, static assets, 404s, refused requests), cookies' flags, HSTS behind an https
// proxy, and one request log line per request with its request id and without the query string.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildDir, formLogin, startServer, tempDir, type ServerProcess } from './proc'

let server: ServerProcess
let base: string
let cookie: string
let dataDir: string

beforeAll(async () => {
  dataDir = tempDir('headers')
  // TRUST_PROXY=loopback: X-Forwarded-Proto from the test (a local "proxy") decides whether the request is secure.
  server = await startServer({ dataDir, demo: true, env: { TRUST_PROXY: 'loopback', LOG_LEVEL: 'info' } })
  base = server.url
  cookie = await formLogin(base, 'demo@example.org', 'demo1234')
})
afterAll(async () => {
  await server?.kill('SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** A body over 1 MB: the server answers 413 and drops the rest (the client may see the connection reset after). */
function tooLarge(): Promise<Response> {
  return new Promise((resolve, reject) => {
    const r = http.request(
      `${base}/functions/invoke-service-method`,
      { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': String(1024 * 1024 + 10) } },
      (res) => {
        const headers = new Headers()
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v)
        res.resume()
        resolve(new Response(null, { status: res.statusCode, headers }))
      },
    )
    r.on('error', (e) => reject(e))
    r.write('x'.repeat(1024 * 1024 + 10), () => {})
    r.end()
  })
}

const get = (p: string, init: RequestInit = {}) => fetch(base + p, { redirect: 'manual', ...init })
const authed = (p: string, init: RequestInit = {}) => get(p, { ...init, headers: { Cookie: cookie, ...init.headers } })

function baseline(res: Response, what: string) {
  const h = res.headers
  expect(h.get('x-content-type-options'), what).toBe('nosniff')
  expect(h.get('x-frame-options'), what).toBe('DENY')
  expect(h.get('referrer-policy'), what).toBe('same-origin')
  expect(h.get('x-request-id'), what).toMatch(/^[A-Za-z0-9._:-]{1,64}$/)
  expect(h.get('cross-origin-opener-policy'), what).toBe('same-origin')
  const csp = h.get('content-security-policy') ?? ''
  expect(csp, what).toContain("frame-ancestors 'none'")
  // One of each: a header sent twice would merge into "a, b".
  for (const name of ['x-content-type-options', 'x-frame-options', 'content-security-policy', 'referrer-policy'])
    expect(h.get(name), `${what} ${name}`).not.toContain(',')
  expect(h.get('strict-transport-security'), `${what}: no HSTS over plain http`).toBeNull()
  expect(h.get('x-powered-by'), what).toBeNull()
}

async function htmlChecks(res: Response, what: string) {
  baseline(res, what)
  expect(res.headers.get('content-type'), what).toMatch(/^text\/html/)
  const csp = res.headers.get('content-security-policy')!
  const directives = Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  )
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
  expect(nonce, what).toBeTruthy()
  expect(directives['script-src'], what).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'"])
  expect(directives['object-src'], what).toEqual(["'none'"])
  expect(directives['base-uri'], what).toEqual(["'none'"])
  expect(directives['frame-ancestors'], what).toEqual(["'none'"])
  expect(directives['default-src'], what).toEqual(["'self'"])
  expect(csp, what).not.toContain('unsafe-eval')
  expect(res.headers.get('cache-control'), what).toContain('no-store')
  const body = await res.text()
  // Every script element carries this response's nonce (inline hydration data and module scripts alike).
  const scripts = [...body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
  for (const s of scripts) expect(s, `${what}: ${s}`).toContain(`nonce="${nonce}"`)
  return { nonce, body, scripts }
}

describe('security headers on every response', () => {
  test('HTML pages: nonce CSP without unsafe-inline scripts, a fresh nonce per response, every script with it', async () => {
    const a = await htmlChecks(await get('/user/login'), 'login page')
    const b = await htmlChecks(await get('/user/login'), 'login page again')
    expect(a.nonce).not.toBe(b.nonce)
    const list = await htmlChecks(await authed('/ways/list/all/page/1'), 'ways list')
    expect(list.scripts.length).toBeGreaterThan(0)
  })

  test('HTML error pages (404 route, foreign or unknown way) carry the same headers', async () => {
    const notFound = await get('/no/such/page')
    expect(notFound.status).toBe(404)
    await htmlChecks(notFound, '404 page')
    const noTrip = await authed('/ways/tripDetails/2147483647')
    expect(noTrip.status).toBe(404)
    await htmlChecks(noTrip, 'unknown way')
    const missingAsset = await get('/assets/does-not-exist.js')
    expect(missingAsset.status).toBe(404)
    baseline(missingAsset, 'missing asset')
  })

  test('redirects, resource routes, the JSON endpoint and refused requests', async () => {
    const cases: [string, Response, number | number[] | null][] = [
      ['redirect to login', await get('/ways'), 302],
      ['logged-in redirect', await authed('/ways'), null],
      ['healthz', await get('/healthz'), 200],
      ['readyz', await get('/readyz'), 200],
      ['participate', await get('/participate/1'), 302],
      ['static map of someone else', await authed('/static-map/2147483647'), 404],
      ['single-fetch data', await authed('/ways/list/all/page/1.data'), 200],
      [
        'JSON endpoint',
        await get('/functions/invoke-service-method', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ serviceName: 'info', methodName: 'getLocales', params: {} }),
        }),
        200,
      ],
      ['JSON endpoint GET', await get('/functions/invoke-service-method'), 405],
      [
        'JSON endpoint malformed',
        await get('/functions/invoke-service-method', {
          method: 'POST',
          body: '{',
          headers: { 'Content-Type': 'application/json' },
        }),
        400,
      ],
      ['JSON endpoint too large', await tooLarge(), 413],
      [
        'cross-site form post',
        await get('/user/login', {
          method: 'POST',
          headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'idStr=a&password=b',
        }),
        [400, 403],
      ],
      [
        'form post without origin',
        await get('/user/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'idStr=a&password=b',
        }),
        403,
      ],
      [
        'logout redirect',
        await authed('/user/logout', { method: 'POST', headers: { Origin: base, Cookie: 'td_session=x' } }),
        null,
      ],
    ]
    for (const [what, res, status] of cases) {
      if (Array.isArray(status)) expect(status, what).toContain(res.status)
      else if (status != null) expect(res.status, what).toBe(status)
      expect(res.status, what).toBeLessThan(500)
      baseline(res, what)
      if (!/^text\/html/.test(res.headers.get('content-type') ?? '')) {
        // Not a page: it may load nothing at all.
        expect(res.headers.get('content-security-policy'), what).toMatch(/default-src 'none'/)
      }
      expect(res.headers.get('cache-control'), what).toMatch(/no-store|private/)
      await res.arrayBuffer()
    }
  })

  test('after a 413 the connection is closed, so a client does not send the next request on it', async () => {
    const res = await tooLarge()
    expect(res.status).toBe(413)
    expect(res.headers.get('connection')).toBe('close')
  })

  test('static assets: long-lived cache, nosniff, no framing', async () => {
    const assets = fs.readdirSync(path.join(buildDir(), 'client/assets'))
    const js = assets.find((f) => f.endsWith('.js'))!
    const css = assets.find((f) => f.endsWith('.css'))!
    for (const f of [js, css]) {
      const res = await get(`/assets/${f}`)
      expect(res.status, f).toBe(200)
      baseline(res, f)
      expect(res.headers.get('cache-control'), f).toContain('immutable')
      await res.arrayBuffer()
    }
    const publicFile = fs
      .readdirSync(path.join(buildDir(), 'client'))
      .find((f) => fs.statSync(path.join(buildDir(), 'client', f)).isFile())
    if (publicFile) {
      const res = await get(`/${publicFile}`)
      baseline(res, publicFile)
      await res.arrayBuffer()
    }
  })

  test('the translation catalogue: the URL a page names is JSON cached for a year; an older hash is not cached; any other name is 404', async () => {
    for (const [locale, lang, text] of [
      ['de_DE', 'de', 'Anmelden'],
      ['en_US', 'en', 'Log in'],
    ]) {
      const page = await (await get(`/user/login?locale=${locale}`)).text()
      const url = /<meta name="i18n-catalogue" content="([^"]+)"/.exec(page)?.[1]
      expect(url, locale).toMatch(new RegExp(`^/i18n/${lang}\\.[\\w-]+\\.json$`))
      const res = await get(url!)
      expect(res.status, url).toBe(200)
      baseline(res, url!)
      expect(res.headers.get('content-type')).toContain('application/json')
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(JSON.stringify(await res.json())).toContain(text)
      const old = await get(`/i18n/${lang}.an-older-hash.json`)
      expect(old.status).toBe(200)
      expect(old.headers.get('cache-control')).toBe('no-cache')
      await old.arrayBuffer()
    }
    for (const name of ['fr.abc.json', 'de.json', 'de.abc.txt', 'de.a%2Fb.json']) {
      const res = await get(`/i18n/${name}`)
      expect(res.status, name).toBe(404)
      await res.arrayBuffer()
    }
  })

  test('behind an https proxy: HSTS, and the session cookie is Secure, HttpOnly and SameSite=Lax', async () => {
    const https = { 'X-Forwarded-Proto': 'https' }
    for (const p of ['/user/login', '/healthz', '/ways', '/no/such/page']) {
      const res = await get(p, { headers: https })
      expect(res.headers.get('strict-transport-security'), p).toBe('max-age=31536000; includeSubDomains')
      await res.arrayBuffer()
    }
    const login = await fetch(`${base}/user/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        ...https,
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: base.replace('http:', 'https:'),
      },
      body: new URLSearchParams({ idStr: 'demo@example.org', password: 'demo1234' }),
    })
    const session = login.headers.getSetCookie().find((c) => c.startsWith('td_session='))!
    expect(session).toMatch(/;\s*HttpOnly/i)
    expect(session).toMatch(/;\s*SameSite=Lax/i)
    expect(session).toMatch(/;\s*Secure/i)
    expect(session).toMatch(/;\s*Path=\//i)
  })

  test('a request id is taken from the client only when it is a plain token', async () => {
    expect((await get('/healthz', { headers: { 'X-Request-Id': 'lb-1234.abc' } })).headers.get('x-request-id')).toBe(
      'lb-1234.abc',
    )
    const forged = (await get('/healthz', { headers: { 'X-Request-Id': 'x","level":"error' } })).headers.get(
      'x-request-id',
    )!
    expect(forged).not.toContain('"')
  })

  test('one log line per request: method, path without the query, status, ms, request id; no personal data', async () => {
    const id = `probe-${Date.now()}`
    await (
      await get('/user/verify-email?email=someone%40example.org&verstr=abcdefghijklmnopqrstuvwxyz0123456789', {
        headers: { 'X-Request-Id': id },
      })
    ).arrayBuffer()
    await new Promise((r) => setTimeout(r, 200))
    const lines = server
      .stdout()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
    const line = lines.find((l) => l.msg === 'request' && l.requestId === id)
    expect(line).toMatchObject({ level: 'info', method: 'GET', path: '/user/verify-email' })
    expect(typeof line!.status).toBe('number')
    expect(typeof line!.ms).toBe('number')
    // The log lines (the start banner with the demo login is not a log line).
    const all = (server.stdout() + server.stderr())
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .join('\n')
    expect(all).not.toContain('someone')
    expect(all).not.toContain('abcdefghijklmnopqrstuvwxyz0123456789')
    expect(all).not.toContain('demo@example.org')
  })
})
