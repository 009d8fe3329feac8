// Places of interest against a real database (PGlite; PostgreSQL with TEST_DB_KIND=postgres).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { asSessionUser, serviceContext, testDatabase, testEnv, memoryMailer } from '../../tests/db'
import { constantOf } from '../../tests/service-error'
import type { Database } from '~/db/connect.server'
import { campaigns, pois, users } from '~/db/schema'
import type { App } from '~/services/core.server'
import { type ServiceError, type ServiceContext } from './core.server'
import { listOwnPois, ownPoi, poiImageUrl, poiService } from './poi.server'
import { dispatch } from './dispatch.server'
import { createSession } from './session.server'

let database: Database
let alice: ServiceContext
let bob: ServiceContext
let carol: ServiceContext // not assigned to a campaign: not authorized (ADR 006)
let aliceId: number

async function user(email: string, campaignId: number | null) {
  const [row] = await database.db
    .insert(users)
    .values({ email, passwordHash: 'x', verified: true, pseudonym: `p_${email}`, campaignId })
    .returning()
  return row!
}

beforeAll(async () => {
  database = await testDatabase()
  const [c] = await database.db
    .insert(campaigns)
    .values({ name: 'C', startAt: new Date('2026-01-01'), endAt: new Date('2026-12-31') })
    .returning()
  const a = await user('alice@example.org', c!.id)
  aliceId = a.id
  alice = serviceContext(database, { user: asSessionUser(a), now: new Date('2026-03-01T10:00:00Z') })
  bob = serviceContext(database, { user: asSessionUser(await user('bob@example.org', c!.id)) })
  carol = serviceContext(database, { user: asSessionUser(await user('carol@example.org', null)) })
})
afterAll(() => database.close())

describe('addPoi / getPois', () => {
  test('adds a place with a trimmed name and returns it; getPois lists it', async () => {
    const { poi } = await poiService.addPoi(alice, {
      poi: { name: '  Zuhause  ', lat: 52.52, lon: '13,405', desc: ' Kollwitzstraße ' },
    })
    expect(poi).toMatchObject({
      name: 'Zuhause',
      lat: 52.52,
      lon: 13.405,
      desc: 'Kollwitzstraße',
      creationType: 'CREATED_MANUALLY',
      verificationStatus: true,
      creationDate: '2026-03-01 11:00', // study time zone, the default date format
    })
    const { pois: list } = await poiService.getPois(alice, {})
    expect(list.map((p) => p.name)).toContain('Zuhause')
  })

  test('keeps the verification status the caller sends (development-mode checkbox: true or null)', async () => {
    const a = await poiService.addPoi(alice, {
      poi: { name: 'Ohne Status', lat: 52.5, lon: 13.4, verificationStatus: null },
    })
    expect(a.poi.verificationStatus).toBeNull()
    const b = await poiService.addPoi(alice, {
      poi: { name: 'Kopie', lat: 52.5, lon: 13.4, verificationStatus: false, creationType: 'COPIED_MANUALLY' },
    })
    expect(b.poi).toMatchObject({ verificationStatus: false, creationType: 'COPIED_MANUALLY' })
  })

  test.each([
    [{ name: '', lat: 52.5, lon: 13.4 }, 'POI_NAME_REQUIRED'],
    [{ name: '   ', lat: 52.5, lon: 13.4 }, 'POI_NAME_REQUIRED'],
    [{ lat: 52.5, lon: 13.4 }, 'POI_NAME_REQUIRED'],
    [{ name: 'X' }, 'POI_POSITION_REQUIRED'],
    [{ name: 'X', lat: '', lon: '' }, 'POI_POSITION_REQUIRED'],
    [{ name: 'X', lat: 90.5, lon: 13.4 }, 'POI_INVALID_COORDINATES'],
    [{ name: 'X', lat: -91, lon: 13.4 }, 'POI_INVALID_COORDINATES'],
    [{ name: 'X', lat: 52.5, lon: 180.1 }, 'POI_INVALID_COORDINATES'],
    [{ name: 'X', lat: 52.5, lon: -181 }, 'POI_INVALID_COORDINATES'],
    [{ name: 'X', lat: 'north', lon: 13.4 }, 'POI_INVALID_COORDINATES'],
    [{ name: 'X', lat: 52.5 }, 'POI_INVALID_COORDINATES'],
    [{ name: 'X'.repeat(201), lat: 52.5, lon: 13.4 }, 'INVALID_PARAMS'],
  ])('refuses %j with %s and saves nothing', async (poi, constant) => {
    const before = (await poiService.getPois(alice, {})).pois.length
    expect(await constantOf(poiService.addPoi(alice, { poi }))).toBe(constant)
    expect((await poiService.getPois(alice, {})).pois.length).toBe(before)
  })

  test('the boundaries ±90 / ±180 are valid', async () => {
    const { poi } = await poiService.addPoi(alice, { poi: { name: 'Edge', lat: -90, lon: 180 } })
    expect(poi).toMatchObject({ lat: -90, lon: 180 })
    await poiService.deletePoi(alice, { id: poi.id })
  })

  test('reports every problem at once in the error details', async () => {
    try {
      await poiService.addPoi(alice, { poi: { name: ' ', lat: 100, lon: 0 } })
      expect.unreachable()
    } catch (e) {
      expect((e as ServiceError).details?.problems).toEqual([
        { field: 'name', constant: 'POI_NAME_REQUIRED' },
        { field: 'position', constant: 'POI_INVALID_COORDINATES' },
      ])
    }
  })
})

describe('updatePoi', () => {
  test('saving an edit sets the place verified and changes name and place', async () => {
    const { poi } = await poiService.addPoi(alice, {
      poi: { name: 'Gym', lat: 52.51, lon: 13.45, verificationStatus: null },
    })
    const updated = await poiService.updatePoi(alice, {
      poi: { id: poi.id, name: ' Fitnessstudio ', lat: '52,515', lon: '13.455' },
    })
    expect(updated.poi).toMatchObject({
      id: poi.id,
      name: 'Fitnessstudio',
      lat: 52.515,
      lon: 13.455,
      verificationStatus: true,
    })
  })

  test('without coordinates the place stays where it is', async () => {
    const { poi } = await poiService.addPoi(alice, {
      poi: { name: 'Bäcker', lat: 52.53, lon: 13.41, verificationStatus: false },
    })
    const updated = await poiService.updatePoi(alice, { poi: { id: poi.id, name: 'Bäckerei' } })
    expect(updated.poi).toMatchObject({ name: 'Bäckerei', lat: 52.53, lon: 13.41, verificationStatus: true })
  })

  test('needs a non-empty name and valid coordinates; nothing changes otherwise', async () => {
    const { poi } = await poiService.addPoi(alice, {
      poi: { name: 'Park', lat: 52.54, lon: 13.42, verificationStatus: null },
    })
    expect(await constantOf(poiService.updatePoi(alice, { poi: { id: poi.id, name: '  ' } }))).toBe('POI_NAME_REQUIRED')
    expect(await constantOf(poiService.updatePoi(alice, { poi: { id: poi.id, name: 'Park', lat: 95, lon: 13 } }))).toBe(
      'POI_INVALID_COORDINATES',
    )
    const [row] = await database.db.select().from(pois).where(eq(pois.id, poi.id))
    expect(row).toMatchObject({ name: 'Park', lat: 52.54, lon: 13.42, verificationStatus: null })
  })
})

describe('another participant', () => {
  test("can neither update, delete, read nor search alice's place; her data is unchanged", async () => {
    const { poi } = await poiService.addPoi(alice, {
      poi: { name: 'Geheim', lat: 52.55, lon: 13.43, verificationStatus: null },
    })
    expect(await constantOf(poiService.updatePoi(bob, { poi: { id: poi.id, name: 'Mine now', lat: 1, lon: 1 } }))).toBe(
      'POI_NOT_FOUND',
    )
    expect(await constantOf(poiService.deletePoi(bob, { id: poi.id }))).toBe('POI_NOT_FOUND')
    expect(await constantOf(ownPoi(bob, poi.id))).toBe('POI_NOT_FOUND')
    expect((await poiService.getPois(bob, {})).pois).toEqual([])
    expect(await listOwnPois(bob)).toEqual([])
    const [row] = await database.db.select().from(pois).where(eq(pois.id, poi.id))
    expect(row).toMatchObject({ userId: aliceId, name: 'Geheim', lat: 52.55, lon: 13.43, verificationStatus: null })
  })

  test('an unknown id is POI_NOT_FOUND', async () => {
    expect(await constantOf(poiService.deletePoi(alice, { id: 999999 }))).toBe('POI_NOT_FOUND')
  })
})

describe('deletePoi', () => {
  test('deletes the own place', async () => {
    const { poi } = await poiService.addPoi(alice, { poi: { name: 'Weg damit', lat: 52.5, lon: 13.4 } })
    expect(await poiService.deletePoi(alice, { id: poi.id })).toBeNull()
    expect((await poiService.getPois(alice, {})).pois.find((p) => p.id === poi.id)).toBeUndefined()
  })
})

describe('authorization (ADR 006)', () => {
  test('a participant without a campaign is refused by every method', async () => {
    const { poi } = await poiService.addPoi(alice, { poi: { name: 'Alice', lat: 52.5, lon: 13.4 } })
    expect(await constantOf(poiService.getPois(carol, {}))).toBe('NOT_AUTHORIZED')
    expect(await constantOf(poiService.addPoi(carol, { poi: { name: 'C', lat: 1, lon: 1 } }))).toBe('NOT_AUTHORIZED')
    expect(await constantOf(poiService.updatePoi(carol, { poi: { id: poi.id, name: 'C' } }))).toBe('NOT_AUTHORIZED')
    expect(await constantOf(poiService.deletePoi(carol, { id: poi.id }))).toBe('NOT_AUTHORIZED')
    expect(await constantOf(ownPoi(carol, poi.id))).toBe('NOT_AUTHORIZED')
  })

  test('no session: SESSION_NOT_SET', async () => {
    expect(await constantOf(poiService.getPois(serviceContext(database), {}))).toBe('SESSION_NOT_SET')
  })
})

describe('listOwnPois (for the locator questions)', () => {
  test("returns the caller's places, newest first", async () => {
    const later = { ...alice, now: () => new Date('2026-04-01T10:00:00Z') }
    await poiService.addPoi(later, { poi: { name: 'Neuester', lat: 52.5, lon: 13.4 } })
    const list = await listOwnPois(alice)
    expect(list[0]!.name).toBe('Neuester')
    expect(list.every((p) => typeof p.lat === 'number' && typeof p.lon === 'number')).toBe(true)
  })
})

describe('static map image URL', () => {
  test('the configured template with its key, else the own SVG route that changes with the position', () => {
    expect(
      poiImageUrl(
        {
          STATIC_MAP_URL: 'https://m.example/s?c={lat},{lon}&z={zoom}&s={width}x{height}&k={key}',
          STATIC_MAP_KEY: 'K',
        },
        { id: 3, lat: 52.5, lon: 13.4 },
      ),
    ).toBe('https://m.example/s?c=52.500000,13.400000&z=15&s=250x170&k=K')
    expect(poiImageUrl({ STATIC_MAP_URL: undefined, STATIC_MAP_KEY: undefined }, { id: 3, lat: 52.5, lon: 13.4 })).toBe(
      '/static-map/3?v=52.500000,13.400000',
    )
  })
})

describe('HTTP API: the poi methods are part of service "user"', () => {
  test('addPoi, getPois, updatePoi and deletePoi through invoke-service-method', async () => {
    const app: App = { env: testEnv(), database, mailer: memoryMailer() }
    const [row] = await database.db.select().from(users).where(eq(users.email, 'bob@example.org'))
    const { token } = await createSession(database.db, row!.id, new Date())
    const call = async (methodName: string, params: Record<string, unknown>) =>
      (
        await dispatch(
          app,
          JSON.stringify({
            serviceName: 'user',
            methodName,
            environment: 'production',
            params: { session: token, ...params },
          }),
          { clientIp: '1' },
        )
      ).body.return as Record<string, unknown>
    const added = (await call('addPoi', { poi: { name: 'Via API', lat: 48.1, lon: 11.5 } })) as {
      poi: { id: number; name: string }
    }
    expect(added.poi.name).toBe('Via API')
    expect(await call('updatePoi', { poi: { id: added.poi.id, name: 'Renamed' } })).toMatchObject({
      poi: { name: 'Renamed', verificationStatus: true },
    })
    expect(((await call('getPois', {})) as { pois: { name: string }[] }).pois.map((p) => p.name)).toEqual(['Renamed'])
    expect(await call('addPoi', { poi: { name: 'Bad', lat: 91, lon: 0 } })).toMatchObject({
      errs: [{ constant: 'POI_INVALID_COORDINATES' }],
    })
    expect(await call('deletePoi', { id: added.poi.id })).toBeNull()
    expect(await call('login', { idStr: 'nobody@example.org', password: 'x' })).toMatchObject({
      errs: [{ constant: 'INVALID_CREDENTIALS' }],
    })
  })
})
