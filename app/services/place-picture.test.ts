// A place's picture: composed from the tile server's tiles (msw stands in for it; never the internet), or the
// neutral picture when the tiles cannot be had.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { setupServer } from 'msw/node'
import { delay, http, HttpResponse } from 'msw'
import { asSessionUser, serviceContext, testDatabase, testEnv } from '../../tests/db'
import type { Database } from '~/db/connect.server'
import { campaigns, pois, users } from '~/db/schema'
import { ServiceError, type ServiceContext } from './core.server'
import { placePicture, resetTileCache, TILE_TIMEOUT_MS } from './place-picture.server'

const TILES = 'http://tiles.test/{z}/{x}/{y}.png'
// The smallest valid PNG (1×1, transparent); the picture only carries it, it never decodes it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const server = setupServer()
const asked: { path: string; userAgent: string | null }[] = []
let database: Database
let withTiles: ServiceContext
let noTiles: ServiceContext
let other: ServiceContext
let homeId: number

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' })
  database = await testDatabase()
  const [c] = await database.db
    .insert(campaigns)
    .values({ name: 'C', startAt: new Date('2026-01-01'), endAt: new Date('2026-12-31') })
    .returning()
  const [u] = await database.db
    .insert(users)
    .values({ email: 'pp@example.org', passwordHash: 'x', pseudonym: 'p_pp', campaignId: c!.id })
    .returning()
  const [o] = await database.db
    .insert(users)
    .values({ email: 'po@example.org', passwordHash: 'x', pseudonym: 'p_po', campaignId: c!.id })
    .returning()
  const [home] = await database.db
    .insert(pois)
    .values([
      { userId: u!.id, name: 'Zuhause', lat: 52.54, lon: 13.42 },
      { userId: u!.id, name: 'Bäckerei', lat: 52.5412, lon: 13.42 },
    ])
    .returning()
  homeId = home!.id
  withTiles = serviceContext(database, { user: asSessionUser(u!), env: testEnv({ MAP_TILE_URL: TILES }) })
  noTiles = serviceContext(database, { user: asSessionUser(u!), locale: 'en_US' })
  other = serviceContext(database, { user: asSessionUser(o!), env: testEnv({ MAP_TILE_URL: TILES }) })
})
beforeEach(() => resetTileCache())
afterEach(() => {
  server.resetHandlers()
  asked.length = 0
})
afterAll(async () => {
  server.close()
  await database.close()
})

const serveTiles = (
  answer: () => Response | Promise<Response> = () =>
    new HttpResponse(PNG, { headers: { 'Content-Type': 'image/png' } }),
) =>
  server.use(
    http.get('http://tiles.test/*', ({ request }) => {
      asked.push({ path: new URL(request.url).pathname, userAgent: request.headers.get('User-Agent') })
      return answer()
    }),
  )

describe('with a tile server', () => {
  test('composes the tiles around the place, with the marker and the attribution, asking with an identifying User-Agent', async () => {
    serveTiles()
    const picture = await placePicture(withTiles, homeId)
    expect(picture.kind).toBe('tiles')
    const images = [...picture.svg.matchAll(/<image [^>]*href="(data:image\/png;base64,[^"]+)"/g)]
    expect(images.length).toBe(asked.length)
    expect(images.length).toBeGreaterThanOrEqual(1)
    expect(images.length).toBeLessThanOrEqual(4)
    expect(asked.every((a) => /^\/15\/\d+\/\d+\.png$/.test(a.path))).toBe(true)
    expect(asked.map((a) => a.path)).toContain('/15/17605/10743.png') // the tile the place itself lies on
    expect(asked.every((a) => a.userAgent?.startsWith('travel-diary/'))).toBe(true)
    expect(picture.svg).toContain('© OpenStreetMap contributors')
    // The picture over real tiles names no other place: the map shows what is there.
    expect(picture.svg).not.toContain('Bäckerei')
  })
  test('asks the tile server once per tile: the next picture of the same place comes from the cache', async () => {
    serveTiles()
    await placePicture(withTiles, homeId)
    const first = asked.length
    await placePicture(withTiles, homeId)
    expect(asked.length).toBe(first)
  })
  test.each([
    ['answers 404', () => new HttpResponse('no', { status: 404 })],
    [
      'answers HTML instead of an image',
      () => new HttpResponse('<html>', { headers: { 'Content-Type': 'text/html' } }),
    ],
    ['cannot be reached', () => HttpResponse.error()],
    ['sends a giant tile', () => new HttpResponse(Buffer.alloc(300_000), { headers: { 'Content-Type': 'image/png' } })],
  ])('a tile server that %s gives the neutral picture, never half a map', async (_n, answer) => {
    serveTiles(answer)
    const picture = await placePicture(withTiles, homeId)
    expect(picture.kind).toBe('neutral')
    expect(picture.svg).not.toContain('<image')
    expect(picture.svg).toContain('Bäckerei · 133 m')
  })
  test('a tile server that is too slow gives the neutral picture within the timeout', async () => {
    serveTiles(async () => {
      await delay(TILE_TIMEOUT_MS + 2000)
      return new HttpResponse(PNG, { headers: { 'Content-Type': 'image/png' } })
    })
    const started = Date.now()
    expect((await placePicture(withTiles, homeId)).kind).toBe('neutral')
    expect(Date.now() - started).toBeLessThan(TILE_TIMEOUT_MS + 1500)
  })
})

describe("the tile server's usage policy", () => {
  /** Serves tiles slowly enough that requests overlap; records the most under way at once. */
  const overlapping = () => {
    let now = 0
    let most = 0
    serveTiles(async () => {
      most = Math.max(most, ++now)
      await delay(30)
      now--
      return new HttpResponse(PNG, { headers: { 'Content-Type': 'image/png' } })
    })
    return () => most
  }

  test('twenty pictures of one place at once: each tile is asked once', async () => {
    const most = overlapping()
    const pictures = await Promise.all(Array.from({ length: 20 }, () => placePicture(withTiles, homeId)))
    expect(pictures.every((p) => p.kind === 'tiles')).toBe(true)
    expect(new Set(asked.map((a) => a.path)).size).toBe(asked.length)
    expect(most()).toBeLessThanOrEqual(2)
  })

  test('pictures of 60 places at once: at most two tiles under way, a bounded number asked, the rest neutral', async () => {
    const most = overlapping()
    const [u] = await database.db
      .insert(users)
      .values({
        email: 'many@example.org',
        passwordHash: 'x',
        pseudonym: 'p_many',
        campaignId: withTiles.user!.campaignId,
      })
      .returning()
    // Places about 3 km apart: no two pictures share a tile.
    const places = await database.db
      .insert(pois)
      .values(Array.from({ length: 60 }, (_, i) => ({ userId: u!.id, name: `P${i}`, lat: 48 + i * 0.03, lon: 11 })))
      .returning()
    const many = serviceContext(database, { user: asSessionUser(u!), env: testEnv({ MAP_TILE_URL: TILES }) })
    const pictures = await Promise.all(places.map((p) => placePicture(many, p.id)))
    expect(most()).toBeLessThanOrEqual(2)
    // Two under way and a participant's share waiting: the tile server was asked for a few pictures' tiles, not 60.
    expect(asked.length).toBeLessThanOrEqual(10)
    expect(pictures.filter((p) => p.kind === 'tiles').length).toBeGreaterThanOrEqual(1)
    expect(pictures.filter((p) => p.kind === 'neutral').length).toBeGreaterThan(40)
    // Another participant's picture is not shut out by that burst once it is over.
    asked.length = 0
    expect((await placePicture(withTiles, homeId)).kind).toBe('tiles')
  })
})

test('without a tile server: the neutral picture in the participant language, and nobody is asked', async () => {
  const picture = await placePicture(noTiles, homeId)
  expect(picture.kind).toBe('neutral')
  expect(picture.svg).toContain('52.54000, 13.42000')
  expect(picture.svg).toContain('Bäckerei · 133 m')
  expect(asked).toHaveLength(0)
})

test("someone else's place is not found, and no tile is fetched for it", async () => {
  serveTiles()
  await expect(placePicture(other, homeId)).rejects.toBeInstanceOf(ServiceError)
  expect(asked).toHaveLength(0)
})
