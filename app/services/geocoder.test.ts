// Place search: a Nominatim-compatible endpoint (msw stands in for it; never the internet) or, without
// GEOCODER_URL, the participant's own places.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { setupServer } from 'msw/node'
import { delay, http, HttpResponse } from 'msw'
import { asSessionUser, serviceContext, testDatabase, testEnv } from '../../tests/db'
import { constantOf } from '../../tests/service-error'
import type { Database } from '~/db/connect.server'
import { campaigns, pois, users } from '~/db/schema'
import { ServiceError, type ServiceContext } from './core.server'
import {
  MIN_INTERVAL_MS,
  resetGeocoderState,
  REVERSE_PAUSE_MS,
  reverseEndpoint,
  reverseGeocode,
  searchPlaces,
} from './geocoder.server'

const GEOCODER = 'http://geocoder.test/search'
const REVERSE_URL = 'http://geocoder.test/reverse'
const server = setupServer()
let database: Database
let own: ServiceContext
let geo: ServiceContext
let geoOther: ServiceContext
let unassigned: ServiceContext
const seen: { url: URL; userAgent: string | null }[] = []

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' })
  database = await testDatabase()
  const [c] = await database.db
    .insert(campaigns)
    .values({ name: 'C', startAt: new Date('2026-01-01'), endAt: new Date('2026-12-31') })
    .returning()
  const [u] = await database.db
    .insert(users)
    .values({ email: 'g@example.org', passwordHash: 'x', pseudonym: 'p_g', campaignId: c!.id })
    .returning()
  const [o] = await database.db
    .insert(users)
    .values({ email: 'o@example.org', passwordHash: 'x', pseudonym: 'p_o', campaignId: c!.id })
    .returning()
  const [n] = await database.db
    .insert(users)
    .values({ email: 'n@example.org', passwordHash: 'x', pseudonym: 'p_n' })
    .returning()
  await database.db.insert(pois).values([
    { userId: u!.id, name: 'Zuhause', lat: 52.54, lon: 13.42, desc: 'Kollwitzstraße' },
    { userId: u!.id, name: 'Arbeit', lat: 52.5, lon: 13.37 },
    { userId: u!.id, name: '100% Fitness_Club', lat: 52.51, lon: 13.45 },
    { userId: o!.id, name: 'Zuhause von Olaf', lat: 52.52, lon: 13.3 },
  ])
  own = serviceContext(database, { user: asSessionUser(u!) })
  geo = serviceContext(database, { user: asSessionUser(u!), env: testEnv({ GEOCODER_URL: GEOCODER }), locale: 'en_US' })
  geoOther = serviceContext(database, { user: asSessionUser(o!), env: testEnv({ GEOCODER_URL: GEOCODER }) })
  unassigned = serviceContext(database, { user: asSessionUser(n!), env: testEnv({ GEOCODER_URL: GEOCODER }) })
})
beforeEach(() => resetGeocoderState())
afterEach(() => {
  server.resetHandlers()
  seen.length = 0
})
afterAll(async () => {
  server.close()
  await database.close()
})

describe('with GEOCODER_URL (Nominatim jsonv2)', () => {
  test('asks with q, format=jsonv2, limit=5 and a User-Agent; maps the results', async () => {
    server.use(
      http.get(GEOCODER, ({ request }) => {
        seen.push({ url: new URL(request.url), userAgent: request.headers.get('user-agent') })
        return HttpResponse.json([
          {
            place_id: 1,
            lat: '52.5219184',
            lon: '13.4132147',
            name: 'Alexanderplatz',
            display_name: 'Alexanderplatz, Mitte, Berlin, 10178, Deutschland',
          },
          { place_id: 2, lat: '52.5', lon: '13.4', display_name: 'Somewhere, Berlin' },
          { place_id: 3, lat: 'bogus', lon: '13.4', display_name: 'Broken' },
          { place_id: 4, lat: '95', lon: '13.4', display_name: 'Out of range' },
          { nonsense: true },
        ])
      }),
    )
    const results = await searchPlaces(geo, '  Alexanderplatz ')
    expect(results).toEqual([
      {
        name: 'Alexanderplatz',
        label: 'Alexanderplatz, Mitte, Berlin, 10178, Deutschland',
        lat: 52.5219184,
        lon: 13.4132147,
      },
      { name: 'Somewhere', label: 'Somewhere, Berlin', lat: 52.5, lon: 13.4 },
    ])
    expect(seen).toHaveLength(1)
    const { url, userAgent } = seen[0]!
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'Alexanderplatz', format: 'jsonv2', limit: '5' })
    expect(userAgent).toMatch(/^travel-diary\//)
  })

  test('an empty query asks nobody', async () => {
    expect(await searchPlaces(geo, '   ')).toEqual([])
  })

  test.each([
    ['HTTP 500', () => new HttpResponse('boom', { status: 500 })],
    ['not JSON', () => new HttpResponse('<html>', { status: 200, headers: { 'Content-Type': 'text/html' } })],
    ['not a list', () => HttpResponse.json({ error: 'x' })],
    ['network error', () => HttpResponse.error()],
  ])('%s → GEOCODER_FAILED', async (_name, reply) => {
    server.use(http.get(GEOCODER, reply))
    expect(await constantOf(searchPlaces(geo, 'Berlin'))).toBe('GEOCODER_FAILED')
  })

  test('a slow geocoder times out → GEOCODER_FAILED', async () => {
    server.use(
      http.get(GEOCODER, async () => {
        await delay(2000)
        return HttpResponse.json([])
      }),
    )
    const started = Date.now()
    expect(await constantOf(searchPlaces(geo, 'Berlin', { timeoutMs: 100 }))).toBe('GEOCODER_FAILED')
    expect(Date.now() - started).toBeLessThan(1500)
  })

  test('needs authorization', async () => {
    expect(await constantOf(searchPlaces(unassigned, 'Berlin'))).toBe('NOT_AUTHORIZED')
  })
})

describe('usage policy of the public geocoder', () => {
  test('the same question is asked once (cached); another waits its turn (≤ 1 request per second)', async () => {
    const at: number[] = []
    server.use(
      http.get(GEOCODER, ({ request }) => {
        at.push(Date.now())
        seen.push({ url: new URL(request.url), userAgent: request.headers.get('user-agent') })
        return HttpResponse.json([{ lat: '52.5', lon: '13.4', display_name: 'Torstraße, Berlin' }])
      }),
    )
    const first = await searchPlaces(geo, 'Torstraße')
    expect(await searchPlaces(geo, 'Torstraße')).toEqual(first)
    expect(seen).toHaveLength(1)
    await searchPlaces(geo, 'Alexanderplatz')
    expect(seen).toHaveLength(2)
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(MIN_INTERVAL_MS - 5)
    expect(seen.every((s) => /^travel-diary\/1\.0 \(\+http/.test(s.userAgent ?? ''))).toBe(true)
  })

  test("one participant's 30 parallel searches: the excess refused at once, another's search is asked among the next", async () => {
    const asked: string[] = []
    server.use(
      http.get(GEOCODER, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q')!)
        return HttpResponse.json([{ lat: '52.5', lon: '13.4', display_name: 'Somewhere, Berlin' }])
      }),
    )
    const burst = Array.from({ length: 30 }, (_, i) =>
      searchPlaces(geo, `Burst ${i}`).then(
        () => 'answered',
        (e: unknown) => (e instanceof ServiceError ? e.constant : 'other'),
      ),
    )
    const other = searchPlaces(geoOther, 'Other')
    const outcomes = await Promise.all(burst)
    expect(outcomes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(27)
    expect((await other).map((r) => r.name)).toEqual(['Somewhere'])
    // The other participant's search went second or third, not behind the burst; the refused ones were never asked.
    expect(asked.indexOf('Other')).toBeGreaterThan(0)
    expect(asked.indexOf('Other')).toBeLessThanOrEqual(2)
    expect(asked).toHaveLength(4)
  })

  test('street names of one participant use only part of the queue: the rest is left out (null), searches still fit', async () => {
    const asked: string[] = []
    server.use(
      http.get(REVERSE_URL, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('lat')!)
        return HttpResponse.json({ address: { road: 'Torstraße' } })
      }),
      http.get(GEOCODER, () => HttpResponse.json([{ lat: '52.5', lon: '13.4', display_name: 'Somewhere, Berlin' }])),
    )
    const names = Array.from({ length: 12 }, (_, i) => reverseGeocode(geo, 10 + i, 10))
    const search = searchPlaces(geo, 'Still searched')
    const got = await Promise.all(names)
    expect(got.filter((n) => n === 'Torstraße')).toHaveLength(6)
    expect(got.filter((n) => n === null)).toHaveLength(6)
    expect(await search).toHaveLength(1)
    expect(asked).toHaveLength(6)
  })

  test('own places come first, then the geocoder’s results', async () => {
    server.use(
      http.get(GEOCODER, () =>
        HttpResponse.json([{ lat: '52.6', lon: '13.5', name: 'Zuhausestraße', display_name: 'Zuhausestraße, Berlin' }]),
      ),
    )
    expect((await searchPlaces(geo, 'Zuhause')).map((r) => r.name)).toEqual(['Zuhause', 'Zuhausestraße'])
  })

  test('an unreachable geocoder still gives the own places when some match', async () => {
    server.use(http.get(GEOCODER, () => HttpResponse.error()))
    expect((await searchPlaces(geo, 'Arbeit')).map((r) => r.name)).toEqual(['Arbeit'])
    expect(await constantOf(searchPlaces(geo, 'Mond'))).toBe('GEOCODER_FAILED')
  })

  test('the default is a public Nominatim; tests never reach it (GEOCODER_URL="" in the test env)', () => {
    expect(own.env.GEOCODER_URL).toBeUndefined()
  })
})

describe('reverseGeocode', () => {
  const REVERSE = 'http://geocoder.test/reverse'
  test.each([
    ['http://geocoder.test/search', 'http://geocoder.test/reverse'],
    ['https://n.example/nominatim/search.php', 'https://n.example/nominatim/reverse'],
    ['https://n.example/api', 'https://n.example/api/reverse'],
  ])('%s → %s', (search, reverse) => expect(reverseEndpoint(search)).toBe(reverse))

  test('names the street, with coordinates rounded to ~10 m; cached', async () => {
    server.use(
      http.get(REVERSE, ({ request }) => {
        seen.push({ url: new URL(request.url), userAgent: request.headers.get('user-agent') })
        return HttpResponse.json({
          display_name: '12, Torstraße, Mitte, Berlin',
          address: { house_number: '12', road: 'Torstraße', suburb: 'Mitte' },
        })
      }),
    )
    expect(await reverseGeocode(geo, 52.529412, 13.401234)).toBe('Torstraße')
    expect(await reverseGeocode(geo, 52.529409, 13.401236)).toBe('Torstraße')
    expect(seen).toHaveLength(1)
    expect(Object.fromEntries(seen[0]!.url.searchParams)).toEqual({
      lat: '52.5294',
      lon: '13.4012',
      format: 'jsonv2',
      zoom: '17',
    })
    expect(seen[0]!.userAgent).toMatch(/^travel-diary\//)
  })

  test('no road: the area; nothing: null', async () => {
    server.use(
      http.get(REVERSE, ({ request }) =>
        new URL(request.url).searchParams.get('lat') === '1.0000'
          ? HttpResponse.json({ error: 'Unable to geocode' })
          : HttpResponse.json({ address: { suburb: 'Prenzlauer Berg' } }),
      ),
    )
    expect(await reverseGeocode(geo, 52.54, 13.42)).toBe('Prenzlauer Berg')
    expect(await reverseGeocode(geo, 1, 1)).toBeNull()
  })

  test('after the geocoder failed, no street is asked of it for 30 s; then it is asked again', async () => {
    let asked = 0
    server.use(http.get(REVERSE, () => (asked++, HttpResponse.json({ error: 'busy' }, { status: 503 }))))
    expect(await reverseGeocode(geo, 52.5, 13.4)).toBeNull()
    expect(await reverseGeocode(geo, 52.6, 13.5)).toBeNull()
    expect(await reverseGeocode(geoOther, 52.7, 13.6)).toBeNull()
    expect(asked).toBe(1)
    server.use(http.get(REVERSE, () => (asked++, HttpResponse.json({ address: { road: 'Torstraße' } }))))
    const now = Date.now()
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + REVERSE_PAUSE_MS - 1000)
    try {
      expect(await reverseGeocode(geo, 52.6, 13.5)).toBeNull()
      expect(asked).toBe(1)
      clock.mockReturnValue(now + REVERSE_PAUSE_MS + 1000)
      expect(await reverseGeocode(geo, 52.6, 13.5)).toBe('Torstraße')
      expect(asked).toBe(2)
    } finally {
      clock.mockRestore()
    }
  })

  test('unreachable or switched off → null, never an error', async () => {
    server.use(http.get(REVERSE, () => HttpResponse.error()))
    expect(await reverseGeocode(geo, 52.5, 13.4)).toBeNull()
    expect(await reverseGeocode(own, 52.5, 13.4)).toBeNull()
    expect(await reverseGeocode(geo, 95, 13.4)).toBeNull()
  })
})

describe('without GEOCODER_URL: the own places by name', () => {
  test('finds own places case-insensitively, never another participant’s', async () => {
    const results = await searchPlaces(own, 'zuhause')
    expect(results).toEqual([{ name: 'Zuhause', label: 'Kollwitzstraße', lat: 52.54, lon: 13.42 }])
  })
  test('% and _ are literal characters', async () => {
    expect((await searchPlaces(own, '100%')).map((r) => r.name)).toEqual(['100% Fitness_Club'])
    expect(await searchPlaces(own, '%')).toHaveLength(1)
    expect(await searchPlaces(own, 'ne_s')).toEqual([]) // as a wildcard it would match "ness"
  })
  test('nothing found → empty list', async () => {
    expect(await searchPlaces(own, 'Mond')).toEqual([])
  })
})
