// The data requests of client-side navigations (`<page>.data`, with `_routes` and `index` in the query) against the
// running server: loaders, actions and middleware read the page's own address, never the data request's, so a
// redirect they build from it (the login guard's "back to this page after login") leads to the page, not to raw data.
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startServer, tempDir, type ServerProcess } from './proc'

let server: ServerProcess
let dataDir: string

beforeAll(async () => {
  dataDir = tempDir('data-requests')
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
      '/ways/list/unconfirmed/page/2.data?dialog=noTripsRun&_routes=TripList',
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
