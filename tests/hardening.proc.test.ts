// Hardening against the running server (loopback only): the page-post body limit (by Content-Length and while
// reading, before any parsing), 415 for a JSON API request that is not JSON, and the redirects and links built from
// request values (the 404 page's language link, "go back" from the Referer, consent's and login's redirectTo) that
// must stay on this site and never answer 500. No timing: a limit that waited for the whole body would never answer.
import fs from 'node:fs'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { formLogin, startServer, tempDir, type ServerProcess } from './proc'

let server: ServerProcess
let base: string
let dataDir: string
let cookie: string

beforeAll(async () => {
  dataDir = tempDir('hardening')
  server = await startServer({ dataDir, demo: true })
  base = server.url
  cookie = await formLogin(base, 'demo@example.org', 'demo1234')
})
afterAll(async () => {
  await server?.kill('SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const CHUNK = Buffer.alloc(64 * 1024, 'a')

/**
 * Posts a urlencoded body to /user/login from our own origin: with `declared` as Content-Length (only the head goes
 * out: the answer must come from the header alone), or chunked: `total` bytes, written with backpressure. Resolves
 * with the status, or with the connection error when the server cut the body off, and the bytes sent until then.
 */
function bigPost(opts: {
  declared?: number
  total?: number
  path?: string
}): Promise<{ status: number | null; error: string | null; sent: number }> {
  return new Promise((resolve) => {
    let sent = 0
    let done = false
    const finish = (status: number | null, error: string | null) => {
      if (done) return
      done = true
      resolve({ status, error, sent })
    }
    const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base }
    if (opts.declared != null) headers['Content-Length'] = String(opts.declared)
    const r = http.request(
      // The path goes out as written (a URL string would have its dot segments resolved by the client).
      { host: '127.0.0.1', port: server.port, path: opts.path ?? '/user/login', method: 'POST', headers },
      (res) => {
        res.resume()
        finish(res.statusCode ?? 0, null)
      },
    )
    r.on('error', (e: NodeJS.ErrnoException) => finish(null, e.code ?? e.message))
    if (opts.declared != null) return void r.flushHeaders()
    const pump = () => {
      while (!done && sent < (opts.total ?? 0)) {
        sent += CHUNK.length
        if (!r.write(CHUNK)) return void r.once('drain', pump)
      }
      if (!done) r.end()
    }
    pump()
  })
}

describe('page posts: 1 MB at most', () => {
  test('a declared 200 MB post is refused with 413 from its Content-Length, without waiting for the body', async () => {
    const r = await bigPost({ declared: 200 * 1024 * 1024 })
    expect(r).toEqual({ status: 413, error: null, sent: 0 })
  })

  test('a chunked post without Content-Length is refused with 413 once more than 1 MB arrived', async () => {
    // 1 MB and 64 KB: over the limit, and within what the server reads and drops after refusing (so the answer is read).
    const r = await bigPost({ total: 17 * CHUNK.length })
    expect(r).toEqual({ status: 413, error: null, sent: 17 * CHUNK.length })
  })

  test('a chunked 256 MB post is cut off: 413 or a closed connection long before the end', async () => {
    const r = await bigPost({ total: 256 * 1024 * 1024 })
    if (r.status != null) expect(r.status).toBe(413)
    else expect(['EPIPE', 'ECONNRESET']).toContain(r.error)
    expect(r.sent).toBeLessThan(64 * 1024 * 1024)
  })

  // The router resolves dot segments, also percent-encoded ones: these paths all reach a page or the API. The limit
  // holds for each, whatever the path says.
  const sideDoors = [
    '/functions/%2e%2e/user/login',
    '/functions/%2E%2E/user/login',
    '/functions/../user/login',
    '/admin/cli/%2e%2e/user/login',
    '/assets/%2e%2e/user/login',
    '/functions/invoke-service-method',
    '/admin/cli',
  ]
  test.each(sideDoors)('%s: a chunked post over 1 MB is refused with 413 before routing', async (path) => {
    const r = await bigPost({ path, total: 17 * CHUNK.length })
    expect(r).toEqual({ status: 413, error: null, sent: 17 * CHUNK.length })
  })

  test.each(sideDoors)('%s: a declared 200 MB post is refused from its Content-Length', async (path) => {
    expect(await bigPost({ path, declared: 200 * 1024 * 1024 })).toEqual({ status: 413, error: null, sent: 0 })
  })

  test('afterwards the server answers and a normal form post still works', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200)
    expect(await formLogin(base, 'demo@example.org', 'demo1234')).toMatch(/^td_session=/)
  })
})

describe('JSON API', () => {
  test('a request that is not application/json answers 415, so no foreign page can send it without a preflight', async () => {
    const body = JSON.stringify({
      serviceName: 'user',
      methodName: 'resetPassword',
      environment: 'production',
      params: { emailAddr: 'demo@example.org' },
    })
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await fetch(`${base}/functions/invoke-service-method`, {
        method: 'POST',
        headers: { 'Content-Type': type },
        body,
      })
      expect(res.status, type).toBe(415)
      expect(await res.json()).toMatchObject({ return: { errs: [{ constant: 'UNSUPPORTED_MEDIA_TYPE' }] } })
    }
    const ok = await fetch(`${base}/functions/invoke-service-method`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ serviceName: 'info', methodName: 'getLocales', environment: 'production', params: {} }),
    })
    expect(ok.status).toBe(200)
  })
})

describe('redirects and built links stay on this site', () => {
  test("the 404 page's language link for //evil.example/login is a path of this site", async () => {
    const res = await fetch(`${base}//evil.example/login`)
    const html = await res.text()
    expect(res.status).toBe(404)
    expect(html).not.toMatch(/href="\/\/evil/)
    expect(html).toContain('href="/evil.example/login?locale=en_US"')
  })

  test.each(['//evil.example/x', '/\\evil.example/x'])(
    '"go back" with a Referer of host%s stays here',
    async (tail) => {
      const res = await fetch(`${base}/ways/edit/2147483647`, {
        redirect: 'manual',
        headers: { Cookie: cookie, Referer: `${base}${tail}` },
      })
      expect(res.status).toBe(302)
      const location = res.headers.get('Location')!
      expect(location.startsWith('/')).toBe(true)
      expect(location.startsWith('//')).toBe(false)
      expect(new URL(location, base).origin).toBe(base)
    },
  )

  test('non-ASCII redirect targets: consent and login redirect (no 500), login sends its cookie', async () => {
    for (const target of ['/。x', '/é', '//evil.example']) {
      const consent = await fetch(`${base}/consent`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ redirectTo: target }),
      })
      expect(consent.status, target).toBe(302)
      expect(consent.headers.get('Location')).toMatch(/^\/[^/\\]/)
      expect(consent.headers.get('Location')).toMatch(/^[\x21-\x7e]+$/)
    }
    const login = await fetch(`${base}/user/login?redirectTo=%2F%E3%80%82`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ idStr: 'demo@example.org', password: 'demo1234', redirectTo: '/。' }),
    })
    expect(login.status).toBe(302)
    expect(login.headers.get('Location')).toBe('/%E3%80%82')
    expect(login.headers.getSetCookie().some((c) => c.startsWith('td_session='))).toBe(true)
  })

  test('ids out of range in a URL answer 404 or go back, never 500', async () => {
    expect((await fetch(`${base}/ways/tripDetails/9999999999`, { headers: { Cookie: cookie } })).status).toBe(404)
    expect(
      (await fetch(`${base}/ways/edit/9999999999`, { redirect: 'manual', headers: { Cookie: cookie } })).status,
    ).toBe(302)
  })
})
