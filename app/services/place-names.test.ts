// The names of a way's ends: saved place first, then the geocoder's street (msw stands in for it), within a budget.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { setupServer } from 'msw/node'
import { delay, http, HttpResponse } from 'msw'
import { asSessionUser, serviceContext, testDatabase, testEnv } from '../../tests/db'
import type { Database } from '~/db/connect.server'
import { campaigns, pois, users } from '~/db/schema'
import type { ServiceContext } from './core.server'
import { resetGeocoderState } from './geocoder.server'
import { wayEndNames, wayEndPoints } from './place-names.server'

const server = setupServer()
let database: Database
let geo: ServiceContext
let offline: ServiceContext
const home = { lat: 52.54, lon: 13.42 }
const street = { lat: 52.5, lon: 13.3 }

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' })
  database = await testDatabase()
  const [c] = await database.db
    .insert(campaigns)
    .values({ name: 'C', startAt: new Date('2026-01-01'), endAt: new Date('2026-12-31') })
    .returning()
  const [u] = await database.db
    .insert(users)
    .values({ email: 'pn@example.org', passwordHash: 'x', pseudonym: 'p_pn', campaignId: c!.id })
    .returning()
  await database.db.insert(pois).values({ userId: u!.id, name: 'Zuhause', ...home })
  geo = serviceContext(database, { user: asSessionUser(u!), env: testEnv({ GEOCODER_URL: 'http://geo.test/search' }) })
  offline = serviceContext(database, { user: asSessionUser(u!) })
})
beforeEach(() => resetGeocoderState())
afterEach(() => server.resetHandlers())
afterAll(async () => {
  server.close()
  await database.close()
})

const reverse = (answer: () => Promise<Response> | Response) => server.use(http.get('http://geo.test/reverse', answer))
// 60 m from home: still "at" it.
const nearHome = { lat: 52.54054, lon: 13.42 }

test.each([
  ['no legs', [], { start: null, end: null }],
  ['legs without points', [{ geom: [] }, { geom: [] }], { start: null, end: null }],
  [
    'first drawn leg starts, last drawn leg ends',
    [{ geom: [] }, { geom: [home, street] }, { geom: [street, nearHome] }, { geom: [] }],
    { start: home, end: nearHome },
  ],
])('wayEndPoints: %s', (_n, legs, ends) => expect(wayEndPoints(legs)).toEqual(ends))

describe('wayEndNames', () => {
  test('a saved place wins; the other end gets the street from the geocoder', async () => {
    reverse(() => HttpResponse.json({ address: { road: 'Heerstraße' } }))
    expect(await wayEndNames(geo, [{ geom: [nearHome, street] }], 3000)).toEqual({
      start: { name: 'Zuhause', source: 'place' },
      end: { name: 'Heerstraße', source: 'street' },
    })
  })
  test('a page does not wait: the first visit names no street, the lookup runs meanwhile and the next visit has it', async () => {
    reverse(async () => {
      await delay(200)
      return HttpResponse.json({ address: { road: 'Spätstraße' } })
    })
    const legs = [{ geom: [street, { lat: 52.48, lon: 13.28 }] }]
    expect((await wayEndNames(geo, legs)).start).toBeNull()
    await new Promise((r) => setTimeout(r, 1500))
    expect((await wayEndNames(geo, legs)).start).toEqual({ name: 'Spätstraße', source: 'street' })
  })

  test('without a geocoder only saved places are named', async () => {
    expect(await wayEndNames(offline, [{ geom: [street, nearHome] }])).toEqual({
      start: null,
      end: { name: 'Zuhause', source: 'place' },
    })
  })
  test('a geocoder that fails or is slow costs at most the budget, and names nothing', async () => {
    reverse(async () => {
      await delay(3000)
      return HttpResponse.json({ address: { road: 'Late' } })
    })
    const started = Date.now()
    expect(await wayEndNames(geo, [{ geom: [street, { lat: 52.49, lon: 13.29 }] }], 300)).toEqual({
      start: null,
      end: null,
    })
    expect(Date.now() - started).toBeLessThan(1000)
    reverse(() => HttpResponse.error())
    expect(await wayEndNames(geo, [{ geom: [street, nearHome] }], 300)).toEqual({
      start: null,
      end: { name: 'Zuhause', source: 'place' },
    })
  })
})
