// What React Router hands our code, against the running server (no TRUST_PROXY):
// - the data requests of client-side navigations (`<page>.data`, with `_routes` and `index` in the query): loaders,
//   actions and middleware read the page's own address, never the data request's, so a redirect they build from it
//   (the login guard's "back to this page after login") leads to the page, not to raw data;
// - a form post whose Origin differs from the address the app sees, if only in the scheme (an https proxy without
//   TRUST_PROXY), is refused before any of our code runs: nothing is done, nobody is logged in.
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startServer, tempDir, type ServerProcess } from './proc'

let server: ServerProcess
let dataDir: string

beforeAll(async () => {
  dataDir = tempDir('router-requests')
  server = await startServer({ dataDir, demo: true })
})
afterAll(async () => {
  await server?.kill('SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('a client navigation while logged out', () => {
  test.each([
    ['/ways/list/all/page/1.data?_routes=routes%2Fways.list%2Froute', '/ways/list/all/page/1'],
    [
      '/ways/list/unconfirmed/page/2.data?dialog=noTripsRun&_routes=WaysList',
      '/ways/list/unconfirmed/page/2?dialog=noTripsRun',
    ],
    ['/ways/tripDetails/7.data?list=all', '/ways/tripDetails/7?list=all'],
  ])('%s: the login redirect keeps the page %s', async (path, page) => {
    const res = await fetch(server.url + path, { redirect: 'manual' })
    const body = await res.text()
    // A data request answers a redirect as data (202) that names where to go.
    expect(res.status).toBe(202)
    const target = /"(\/user\/login\?[^"]*)"/.exec(body)?.[1]
    expect(target, body).toBeDefined()
    expect(new URL(target!, server.url).searchParams.get('redirectTo')).toBe(page)
  })
})

describe('a form post through an https proxy the app does not trust', () => {
  test('is refused (400) and logs nobody in; the same post over http goes through', async () => {
    const post = (origin: string) =>
      fetch(`${server.url}/user/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          Origin: origin,
          'X-Forwarded-Proto': 'https',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ idStr: 'demo@example.org', password: 'demo1234' }),
      })
    const refused = await post(server.url.replace('http:', 'https:'))
    expect(refused.status).toBe(400)
    expect(refused.headers.getSetCookie().filter((c) => c.startsWith('td_session='))).toEqual([])
    const plain = await post(server.url)
    expect(plain.status).toBe(302)
    expect(plain.headers.getSetCookie().some((c) => c.startsWith('td_session='))).toBe(true)
  })
})
