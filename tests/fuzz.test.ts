// Property-based fuzzing of the service endpoint (POST /functions/invoke-service-method) with fast-check. At least 10,000
// generated calls go through dispatch() — the very function behind POST /functions/invoke-service-method — against a
// real database holding a small study (tests/study.ts). The calls are built from each registered method's own
// params schema (so the fuzzer grows with the registry) and then spoiled: wrong types, missing and extra fields,
// huge strings, unicode, NUL bytes, negative and huge numbers, malformed dates, scopes and geometries, other
// participants' ids, and valid, expired, unknown and missing sessions; plus broken envelopes and raw JSON.
// For every call: no HTTP 500, a well-formed answer, no unhandled rejection, and when the call was refused (errs in
// the answer) not one row of the database changed (a row trigger counts writes; every CHECKSUM_EVERY-th call also
// compares md5 checksums of every table). Failed logins may add throttle events: that table is the one exception.
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import type { Database, Db } from '~/db/connect.server'
import { sessions } from '~/db/schema'
import type { App } from '~/lib/app.server'
import { dispatch, type DispatchResult } from '~/services/dispatch.server'
import { services } from '~/services/registry.server'
import { createSession, hashToken } from '~/services/session.server'
import { memoryMailer, testDatabase, testEnv } from './db'
import { appTables, rowsOf, seedStudy, tableChecksums, type Participant, type Study } from './study'

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000)
const CHECKSUM_EVERY = Number(process.env.FUZZ_CHECKSUM_EVERY ?? 40)
/** Written by refused logins on purpose (ADR 007): failures are counted. */
const MAY_CHANGE_WHEN_REFUSED = ['throttle_events']

let database: Database
let db: Db
let app: App
let study: Study
let tables: string[]
const tokens: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' }
let expiredToken = ''

beforeAll(async () => {
  database = await testDatabase()
  db = database.db
  app = { env: testEnv(), database, mailer: memoryMailer() }
  study = await seedStudy(database)
  for (const k of ['a', 'b', 'c'] as const) tokens[k] = await freshSession(study[k].userId)
  expiredToken = 'expired-' + 'x'.repeat(40)
  await db.insert(sessions).values({
    tokenHash: hashToken(expiredToken),
    userId: study.a.userId,
    createdAt: new Date(Date.now() - 100 * 86_400_000),
    lastSeenAt: new Date(Date.now() - 20 * 86_400_000),
    expiresAt: new Date(Date.now() - 6 * 86_400_000),
    absoluteExpiresAt: new Date(Date.now() - 86_400_000),
  })
  tables = (await appTables(db)).filter((t) => !MAY_CHANGE_WHEN_REFUSED.includes(t))
  // A row trigger on every table counts the rows written (in the writing transaction: a rolled-back write counts 0).
  await db.execute(sql.raw(`create table fuzz_changes (n bigint not null)`))
  await db.execute(sql.raw(`insert into fuzz_changes values (0)`))
  await db.execute(
    sql.raw(
      `create function fuzz_count() returns trigger language plpgsql as $$ begin update fuzz_changes set n = n + 1; return null; end $$`,
    ),
  )
  for (const t of tables)
    await db.execute(
      sql.raw(
        `create trigger fuzz_${t} after insert or update or delete on "${t}" for each row execute function fuzz_count()`,
      ),
    )
}, 180_000)
afterAll(() => database?.close())

async function changeCount(): Promise<number> {
  return Number(rowsOf<{ n: string | number }>(await db.execute(sql.raw('select n from fuzz_changes')))[0]!.n)
}

// ---------------------------------------------------------------------------------------------------------------
// Values

const everyone = (): Participant[] => [study.a, study.b, study.c]
const ids = () => {
  const p = everyone()
  return [
    ...p.flatMap((x) => [...Object.values(x.trips), ...Object.values(x.legs), ...x.pois, x.campaignId, x.userId]),
    ...p.flatMap((x) => Object.values(x.q).flat()),
  ]
}
const NASTY_IDS = [
  0,
  -1,
  1,
  2,
  1.5,
  2_147_483_647,
  2_147_483_648,
  2 ** 53 + 2,
  -(2 ** 31),
  1e308,
  '1',
  '01',
  ' 7',
  '1e3',
  '0x10',
  '-0',
  '',
  '١٢',
] as const
const DATES = [
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31',
  '2026-1-1',
  'today',
  '2026-05-05T25:61',
  '2026-05-05 07:00',
  '2026-05-05 24:00',
  '1970-01-01',
  '-001-01-01',
  '2026-05-05\u0000',
  '２０２６-０５-０５',
]
const SCOPES = [
  'campaign',
  'trip:',
  'trip:-1',
  'leg:0',
  'trip:99999999999',
  'leg:1e3',
  'campaign:1',
  'TRIP:1',
  ' campaign',
]
const GEOMS: unknown[] = [
  [{ lat: 91, lon: 0 }],
  [{ lat: '52.5', lon: '13.4' }],
  [{ lat: null, lon: undefined }],
  [[52.5, 13.4]],
  'LINESTRING(13.4 52.5, 13.5 52.6)',
  { type: 'Point', coordinates: [13.4, 52.5] },
  { lat: -90.0000001, lon: 180.0000001 },
  { lat: 1e308, lon: -1e308 },
  Array.from({ length: 3000 }, (_, i) => ({ lat: 52 + i / 1e4, lon: 13 })),
]
const MODES = [
  'WALK',
  'CAR',
  'PUBLIC_TRANSPORT_BUS',
  'walk',
  'UNKNOWN',
  'SPACESHIP',
  { constant: 'BICYCLE' },
  { constant: 42 },
]
const HUGE = ['x'.repeat(10_001), 'é'.repeat(100_000), '🚲'.repeat(20_000)]
const STRINGS = [
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'NaN',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFF',
  '\u202Eevil',
  '🚲🚌',
  'ÄÖÜß',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '../../etc/passwd',
  '%00',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'DESC',
  'asc',
  'de_DE',
  'en_US',
  'INITIAL',
  'TRIP_BASED',
  'WEB',
  'IMPRINT',
]

const nasty: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      -0.5,
      1e308,
      -1e308,
      2 ** 31,
      2 ** 53 + 2,
      [],
      {},
      [[]],
      [null],
      { a: { b: { c: {} } } },
      ...STRINGS,
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE) },
  { weight: 1, arbitrary: fc.constantFrom(...GEOMS, ...DATES, ...SCOPES, ...NASTY_IDS) },
)

/** Values that fit the param's name: ids of everybody, dates, scopes, geometries, modes, addresses. */
function byName(key: string): fc.Arbitrary<unknown> | null {
  const id = () => fc.oneof(fc.constantFrom(...ids()), fc.constantFrom(...NASTY_IDS))
  if (/^(ids|trpIds|seenQuestionIds|trpFdbkReasonIds|purposeIds|tripPurposes)$/.test(key))
    return fc.array(id(), { maxLength: 4 })
  if (/(^id$|Id$)/.test(key)) return id()
  if (key === 'scope')
    return fc.oneof(
      fc.constantFrom(...SCOPES),
      fc.constantFrom(...ids()).map((i) => `trip:${i}`),
      fc.constantFrom(...ids()).map((i) => `leg:${i}`),
    )
  if (/^(day|from|to|startTime|endTime|availFrom)$/.test(key))
    return fc.oneof(
      fc.constantFrom(...DATES),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    )
  if (/^(geom|point)$/.test(key)) return fc.constantFrom(...GEOMS)
  if (/^(lat|lon)$/.test(key))
    return fc.oneof(
      fc.double({ min: -200, max: 200 }),
      fc.constantFrom('52,5', '13.4°', '1e3', 'NaN', 'Infinity', '', '-0', ' 52.5 '),
    )
  if (/^(tfcModes|tfcMode)$/.test(key))
    return key.endsWith('s') ? fc.array(fc.constantFrom(...MODES), { maxLength: 3 }) : fc.constantFrom(...MODES)
  if (/^(idStr|emailAddr)$/.test(key))
    return fc.constantFrom(
      ...everyone().map((p) => p.email),
      'a@b',
      'x'.repeat(400) + '@example.org',
      'A-SECRET@example.org',
      ' @ ',
      'user@localhost',
    )
  return null
}

interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  minimum?: number
  maximum?: number
  maxItems?: number
  maxLength?: number
}

/** Mostly a value of the schema's shape, sometimes a value picked by the param's name, sometimes garbage. */
function fromSchema(s: JsonSchema, key: string, depth: number): fc.Arbitrary<unknown> {
  const named = byName(key)
  const fitting = fitted(s, key, depth)
  return fc.oneof(
    { weight: 6, arbitrary: fitting },
    { weight: named ? 4 : 0, arbitrary: named ?? fitting },
    { weight: 2, arbitrary: nasty },
  )
}

function fitted(s: JsonSchema, key: string, depth: number): fc.Arbitrary<unknown> {
  if (depth > 4) return nasty
  if (s.const !== undefined) return fc.constant(s.const)
  if (s.enum) return fc.constantFrom(...s.enum)
  if (s.anyOf?.length) return fc.oneof(...s.anyOf.map((x) => fitted(x, key, depth + 1)))
  const type = Array.isArray(s.type) ? s.type[0] : s.type
  switch (type) {
    case 'object': {
      const props = Object.entries(s.properties ?? {})
      const rec = Object.fromEntries(props.map(([k, v]) => [k, fromSchema(v, k, depth + 1)]))
      const required = (s.required ?? []).filter((k) => k in rec)
      const base = fc.record(rec, { requiredKeys: required })
      // Extra fields now and then.
      return fc
        .tuple(
          base,
          fc.option(
            fc.dictionary(fc.constantFrom('extra', '__proto__', 'constructor', 'userId', 'admin', 'id'), nasty, {
              maxKeys: 2,
            }),
            { freq: 5 },
          ),
        )
        .map(([r, extra]) => ({ ...extra, ...r }))
    }
    case 'array':
      return fc.array(s.items ? fromSchema(s.items, key, depth + 1) : nasty, {
        maxLength: Math.min(s.maxItems ?? 5, 5),
      })
    case 'integer':
      return fc.oneof(
        fc.integer({ min: Math.max(s.minimum ?? -5, -1e6), max: Math.min(s.maximum ?? 1e6, 1e9) }),
        fc.constantFrom(...ids()),
      )
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'string':
      return fc.oneof(fc.string({ maxLength: Math.min(s.maxLength ?? 30, 30) }), fc.constantFrom(...STRINGS))
    default:
      return nasty
  }
}

const registered = Object.entries(services).flatMap(([serviceName, svc]) =>
  Object.entries(svc).map(([methodName, method]) => {
    let schema: JsonSchema = {}
    try {
      schema = z.toJSONSchema(method.params as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema
    } catch {
      /* a schema JSON Schema cannot express: fuzz with garbage params only */
    }
    return { serviceName, methodName, schema }
  }),
)
/** Methods that take a quarter second on purpose (register and the resets, ADR 007) or hash a password: fewer calls. */
const SLOW = new Set(['user.register', 'user.resetRegistration', 'user.resetPassword'])
const HASHING = new Set(['user.login', 'user.updatePassword', 'user.deleteProfile', 'user.setPassword'])

type SessionKind = 'a' | 'b' | 'c' | 'none' | 'expired' | 'garbage' | 'wrongType'
interface Call {
  kind: 'call'
  serviceName: unknown
  methodName: unknown
  params: Record<string, unknown> | unknown
  session: SessionKind
  garbageSession: unknown
  locale: unknown
  extraEnvelope: Record<string, unknown>
}
interface Raw {
  kind: 'raw'
  body: string
}

const callArb: fc.Arbitrary<Call> = fc
  .tuple(
    fc.oneof(
      ...registered.map((r) => {
        const name = `${r.serviceName}.${r.methodName}`
        return { weight: SLOW.has(name) ? 1 : HASHING.has(name) ? 4 : 20, arbitrary: fc.constant(r) }
      }),
    ),
    fc.constantFrom<SessionKind>('a', 'a', 'a', 'b', 'b', 'b', 'c', 'none', 'expired', 'garbage', 'wrongType'),
    fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom('', 'x'.repeat(201), '\u0000', 'null')),
    fc.oneof({ weight: 8, arbitrary: fc.constantFrom('de_DE', 'en_US') }, { weight: 1, arbitrary: nasty }),
    fc.noBias(fc.nat({ max: 59 })),
  )
  .chain(([r, session, garbageSession, locale, twist]) =>
    fc
      .oneof({ weight: 30, arbitrary: fitted(r.schema, '(params)', 0) }, { weight: 1, arbitrary: nasty })
      .map((params) => {
        // Now and then the envelope itself is wrong: unknown or prototype names, wrong types, params not an object.
        const serviceName = twist === 0 ? '__proto__' : twist === 1 ? 42 : r.serviceName
        const methodName =
          twist === 2 ? 'constructor' : twist === 3 ? 'toString' : twist === 4 ? 'x'.repeat(101) : r.methodName
        const p = twist === 5 ? [params] : twist === 6 ? null : twist === 7 ? 'params' : params
        const extraEnvelope: Record<string, unknown> =
          twist === 8
            ? { environment: { x: 1 }, extra: true }
            : twist === 9
              ? { environment: 'x'.repeat(101) }
              : { environment: 'production' }
        return {
          kind: 'call' as const,
          serviceName,
          methodName,
          params: p,
          session,
          garbageSession,
          locale,
          extraEnvelope,
        }
      }),
  )

const RAW_BODIES = [
  '',
  'null',
  '[]',
  '"x"',
  '{',
  '{"serviceName":"trip"}',
  '{"serviceName":"trip","methodName":"getTrip","params":{"id":1e400}}',
  '{"serviceName":"trip","methodName":"getTrip","params":{"id":-0}}',
  '{"serviceName":"trip","methodName":"getTrip","params":{"__proto__":{"id":1}}}',
  '{"serviceName":"user","methodName":"hasOwnProperty","params":{}}',
  '{"serviceName":"trip","methodName":"getTrips","params":{"fetchNext":1e400,"offset":-1e400}}',
  '{"serviceName":"trip","methodName":"getTrips","params":{"session":"a","session":"b"}}',
  '['.repeat(20_000) + ']'.repeat(20_000),
  '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000),
  '\uFEFF{"serviceName":"info","methodName":"getLocales"}',
  '{"serviceName":"info","methodName":"getLocales","params":{}} trailing',
]
const rawArb: fc.Arbitrary<Raw> = fc
  .oneof(
    fc.constantFrom(...RAW_BODIES),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  )
  .map((body) => ({ kind: 'raw' as const, body }))

const anyCall: fc.Arbitrary<Call | Raw> = fc.oneof({ weight: 30, arbitrary: callArb }, { weight: 1, arbitrary: rawArb })

function bodyOf(c: Call | Raw): string {
  if (c.kind === 'raw') return c.body
  const params =
    c.params && typeof c.params === 'object' && !Array.isArray(c.params)
      ? {
          ...(c.params as Record<string, unknown>),
          locale: c.locale,
          ...(c.session === 'a' || c.session === 'b' || c.session === 'c'
            ? { session: tokens[c.session] }
            : c.session === 'expired'
              ? { session: expiredToken }
              : c.session === 'garbage'
                ? { session: c.garbageSession }
                : c.session === 'wrongType'
                  ? { session: { token: tokens.a } }
                  : {}),
        }
      : c.params
  return JSON.stringify({ ...c.extraEnvelope, serviceName: c.serviceName, methodName: c.methodName, params })
}

// ---------------------------------------------------------------------------------------------------------------

const unhandled: unknown[] = []
const onUnhandled = (e: unknown) => void unhandled.push(e)

describe('fuzzing the service endpoint', () => {
  test(`${RUNS} generated calls: no 500, well-formed answers, refused calls change nothing`, async () => {
    process.on('unhandledRejection', onUnhandled)
    let lastCount = await changeCount()
    const stats = {
      calls: 0,
      accepted: 0,
      refused: 0,
      status400: 0,
      checksummed: 0,
      constants: new Map<string, number>(),
    }
    try {
      await fc.assert(
        fc.asyncProperty(anyCall, async (c) => {
          const body = bodyOf(c)
          const checksum = stats.calls % CHECKSUM_EVERY === 0
          const before = lastCount
          const sumsBefore = checksum ? await tableChecksums(db, tables) : null
          const r: DispatchResult = await dispatch(app, body, { clientIp: '203.0.113.7' })
          stats.calls++
          const where = `call ${stats.calls}: ${body.slice(0, 500)}`
          expect(r.status, where).not.toBe(500)
          expect([200, 400], where).toContain(r.status)
          const ret = r.body.return as { errs?: { constant: unknown; desc: unknown }[] } | null
          const errs = ret && typeof ret === 'object' ? ret.errs : undefined
          if (r.status === 400) stats.status400++
          if (errs) {
            stats.refused++
            expect(errs.length, where).toBeGreaterThan(0)
            for (const e of errs) {
              expect(typeof e.constant, where).toBe('string')
              expect(typeof e.desc, where).toBe('string')
              stats.constants.set(String(e.constant), (stats.constants.get(String(e.constant)) ?? 0) + 1)
            }
            lastCount = await changeCount()
            expect(lastCount, `${where}\nwas refused (${JSON.stringify(errs)}) but wrote rows`).toBe(before)
            if (sumsBefore) {
              stats.checksummed++
              expect(await tableChecksums(db, tables), `${where}\nwas refused but changed the database`).toEqual(
                sumsBefore,
              )
            }
          } else {
            expect(r.status, where).toBe(200)
            stats.accepted++
            if (/"methodName":"(logout|logoutEverywhere|deleteProfile|updatePassword|setPassword)"/.test(body))
              await renewSessions()
            lastCount = await changeCount()
          }
          expect(unhandled, where).toEqual([])
        }),
        {
          numRuns: RUNS,
          endOnFailure: true,
          ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
        },
      )
      await new Promise((r) => setTimeout(r, 50))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
      const top = [...stats.constants].sort((a, b) => b[1] - a[1]).slice(0, 12)
      console.log(
        `fuzz: ${stats.calls} calls, ${stats.accepted} accepted, ${stats.refused} refused (${stats.status400} with HTTP 400), ${stats.checksummed} refused calls checksummed; top errs: ${top.map(([k, n]) => `${k} ${n}`).join(', ')}`,
      )
    }
    expect(stats.calls).toBeGreaterThanOrEqual(RUNS)
    // The generator reaches past the params check: some calls succeed, many fail for domain reasons.
    expect(stats.accepted).toBeGreaterThan(RUNS / 50)
    expect(stats.constants.get('TRIP_NOT_FOUND') ?? 0).toBeGreaterThan(0)
  }, 600_000)

  test('regressions found by fuzzing: NUL characters in stored texts are refused, not a server error', async () => {
    const a = study.a
    const cases: [string, string, Record<string, unknown>][] = [
      ['user', 'addPoi', { poi: { name: 'a\u0000b', lat: 52.5, lon: 13.4 } }],
      ['user', 'addPoi', { poi: { name: 'ok', desc: 'x\u0000', lat: 52.5, lon: 13.4 } }],
      [
        'questionnaire',
        'saveDraft',
        { id: a.q.tripQ, scope: `trip:${a.trips.confirmed}`, resps: [{ answOptId: a.q.tripOpt, text: 'x\u0000y' }] },
      ],
      ['trip', 'setTripFeedback', { id: a.trips.open, remark: 'x\u0000y', trpFdbkReasonIds: [a.q.reasons[0]] }],
      ['trip', 'getTrips', { 'key\u0000': 1 }],
    ]
    for (const [serviceName, methodName, params] of cases) {
      const before = await tableChecksums(db, tables)
      const r = await dispatch(
        app,
        JSON.stringify({ serviceName, methodName, params: { ...params, session: tokens.a } }),
        { clientIp: '1' },
      )
      expect(r.status).toBe(200)
      expect(r.body.return).toMatchObject({ errs: [{ constant: 'INVALID_PARAMS' }] })
      expect(await tableChecksums(db, tables)).toEqual(before)
    }
  })

  test('afterwards the database is sound and the participants are served', async () => {
    expect(rowsOf(await db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }])
    const r = await dispatch(
      app,
      JSON.stringify({ serviceName: 'trip', methodName: 'getTrips', params: { session: tokens.b } }),
      { clientIp: '1' },
    )
    expect(r.status).toBe(200)
    expect(r.body.return).toHaveProperty('trps')
  })
})

/** A logout (or another session-ending call) that succeeded: give that participant a new session. */
async function renewSessions() {
  for (const k of ['a', 'b', 'c'] as const) {
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(sql`${sessions.tokenHash} = ${hashToken(tokens[k])}`)
    if (rows.length === 0) tokens[k] = await freshSession(study[k].userId)
  }
}

/**
 * A session that a call will not touch while the fuzzer runs: using a session pushes its idle expiry forward at most
 * every 10 minutes (a write even when the call is refused), so its last use is put into the future.
 */
async function freshSession(userId: number): Promise<string> {
  const { token } = await createSession(db, userId, new Date())
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() + 86_400_000) })
    .where(sql`${sessions.tokenHash} = ${hashToken(token)}`)
  return token
}
