// The service-method protocol (one JSON body in, { return } out, errs on failure) and the info service, against a real database.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testDatabase, testEnv, memoryMailer } from '../../tests/db'
import type { Database } from '~/db/connect.server'
import { dispatch } from './dispatch.server'
import type { App } from '~/services/core.server'
import { users } from '~/db/schema'
import { hashPassword } from './password.server'

let database: Database
let app: App

beforeAll(async () => {
  database = await testDatabase()
  app = { env: testEnv(), database, mailer: memoryMailer() }
  await database.db
    .insert(users)
    .values({ email: 'a@example.org', passwordHash: await hashPassword('secret'), verified: true, pseudonym: 'p_a' })
  await database.db
    .insert(users)
    .values({ email: 'nv@example.org', passwordHash: await hashPassword('secret'), verified: false, pseudonym: 'p_nv' })
})
afterAll(() => database.close())

const call = (serviceName: string, methodName: string, params: Record<string, unknown> = {}) =>
  dispatch(app, JSON.stringify({ serviceName, methodName, environment: 'production', params }), {
    clientIp: '127.0.0.1',
  })

describe('invoke-service-method', () => {
  test('malformed JSON answers 400 with an errs body', async () => {
    const r = await dispatch(app, '{not json', { clientIp: '1' })
    expect(r.status).toBe(400)
    expect(r.body.return).toMatchObject({ errs: [{ constant: 'MALFORMED_REQUEST' }] })
  })
  test('an unknown service or method answers 400', async () => {
    expect((await call('nope', 'x')).status).toBe(400)
    expect((await call('info', 'toString')).status).toBe(400)
    expect((await call('info', '__proto__')).status).toBe(400)
  })
  test('a method that needs a session answers SESSION_NOT_SET without one, SESSION_INVALID_OR_EXPIRED with a bad one', async () => {
    expect((await call('info', 'getTripPurposes')).body.return).toMatchObject({
      errs: [{ constant: 'SESSION_NOT_SET' }],
    })
    expect((await call('info', 'getTripPurposes', { session: 'bogus' })).body.return).toMatchObject({
      errs: [{ constant: 'SESSION_INVALID_OR_EXPIRED' }],
    })
  })
  test('login returns a session that later calls use; logout ends it', async () => {
    const login = await call('user', 'login', { idStr: 'A@example.org', password: 'secret', platformConstant: 'WEB' })
    expect(login.status).toBe(200)
    const session = (login.body.return as { session: string }).session
    expect(session.length).toBeGreaterThanOrEqual(43) // 256 bits base64url
    const modes = await call('info', 'getTrafficModes', { session, locale: 'en_US' })
    const tfc = (modes.body.return as { tfcModes: { constant: string; name: string; color: string }[] }).tfcModes
    expect(tfc).toHaveLength(12)
    expect(tfc.find((m) => m.constant === 'BICYCLE')).toMatchObject({ name: 'Bicycle', color: '#3ba8e3' })
    expect(tfc.find((m) => m.constant === 'CAR')?.color).toBe('#7084b1')
    expect(tfc.find((m) => m.constant === 'WALK')?.color).toBe('#ad5b7f')
    await call('user', 'logout', { session })
    expect((await call('info', 'getTrafficModes', { session })).body.return).toMatchObject({
      errs: [{ constant: 'SESSION_INVALID_OR_EXPIRED' }],
    })
  })
  test('wrong password and unverified profile answer their constants, in the caller language', async () => {
    expect(
      (await call('user', 'login', { idStr: 'a@example.org', password: 'nope', locale: 'en_US' })).body.return,
    ).toEqual({
      errs: [{ constant: 'INVALID_CREDENTIALS', desc: 'Your Id / Email and password do not match.' }],
    })
    expect((await call('user', 'login', { idStr: 'nv@example.org', password: 'secret' })).body.return).toMatchObject({
      errs: [{ constant: 'PROF_NOT_VERIFIED' }],
    })
  })
  test('bad params answer INVALID_PARAMS with the path of the field', async () => {
    const r = await call('user', 'login', { idStr: 42 })
    expect(r.status).toBe(200)
    expect(r.body.return).toMatchObject({ errs: [{ constant: 'INVALID_PARAMS', path: 'idStr' }] })
  })
  test('info: error descriptions, locales, empty catalogues', async () => {
    const errDescs = (await call('info', 'getErrorDescriptions', { locale: 'en_US' })).body.return as {
      errDescs: { constant: string; desc: string }[]
    }
    expect(errDescs.errDescs).toContainEqual({
      constant: 'SESSION_INVALID_OR_EXPIRED',
      desc: 'Your session has expired. Please log in again.',
    })
    expect((await call('info', 'getLocales')).body.return).toEqual({ locales: ['de_DE', 'en_US'] })
    for (const m of ['getCompanies', 'getObjects', 'getObjectTypes', 'getStatistic', 'getNextMaintenancePeriod']) {
      const r = await call('info', m)
      expect(r.status).toBe(200)
      expect(r.body.return).not.toHaveProperty('errs')
    }
    expect((await call('info', 'getTextModule', { txtModuleConstant: 'IMPRINT' })).body.return).toEqual({
      txtModule: { txtModuleConstant: 'IMPRINT', text: '' },
    })
  })
})

describe('hardening', () => {
  test('an id out of the int4 range in a questionnaire scope answers INVALID_PARAMS, not a failed query', async () => {
    const login = await call('user', 'login', { idStr: 'a@example.org', password: 'secret' })
    const session = (login.body.return as { session: string }).session
    for (const scope of ['trip:9999999999', 'leg:2147483648']) {
      const get = await call('questionnaire', 'getDraft', { session, id: 1, scope })
      expect(get.status).toBe(200)
      expect(get.body.return).toMatchObject({ errs: [{ constant: 'INVALID_PARAMS', path: 'scope' }] })
      const save = await call('questionnaire', 'saveDraft', { session, id: 1, scope, resps: [] })
      expect(save.status).toBe(200)
      expect(save.body.return).toMatchObject({ errs: [{ constant: 'INVALID_PARAMS' }] })
    }
    const big = await call('user', 'getPoi', { session, id: 9999999999 })
    expect(big.status).not.toBe(500)
  })

  test('a participant who must change the password can only change it or log out, through the API too', async () => {
    await database.db.insert(users).values({
      email: 'flag@example.org',
      passwordHash: await hashPassword('secret'),
      verified: true,
      pseudonym: 'p_flag',
      passwordUpdateRequired: true,
    })
    const login = await call('user', 'login', { idStr: 'flag@example.org', password: 'secret' })
    expect(login.body.return).toMatchObject({ passwordUpdateRequired: true })
    const session = (login.body.return as { session: string }).session
    for (const [service, name, params] of [
      ['trip', 'getTrips', {}],
      ['user', 'getOwnData', {}],
      ['user', 'addPoi', { poi: { name: 'Home', lat: 50, lon: 8 } }],
      ['user', 'getPois', {}],
      ['campaign', 'getCurrentCampaign', {}],
      ['info', 'getTrafficModes', {}],
    ] as const) {
      const r = await call(service, name, { session, ...params })
      expect(r.body.return, `${service}.${name}`).toMatchObject({ errs: [{ constant: 'PASSWORD_UPDATE_REQUIRED' }] })
    }
    const changed = await call('user', 'updatePassword', {
      session,
      currentPassword: 'secret',
      newPassword: 'a-new-one-42',
    })
    const fresh = (changed.body.return as { session: string }).session
    expect(fresh).toBeTruthy()
    expect((await call('trip', 'getTrips', { session })).body.return).toMatchObject({
      errs: [{ constant: 'SESSION_INVALID_OR_EXPIRED' }],
    })
    expect((await call('trip', 'getTrips', { session: fresh })).body.return).not.toHaveProperty('errs')
  })
})
