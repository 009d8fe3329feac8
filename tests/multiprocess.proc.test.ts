// Several app processes on one PostgreSQL. Two server processes start at the same moment on a fresh
// database (one migrates, the other waits; DEMO=1 on the first only), 200 virtual participants log in and work for
// MP_DURATION_MS (default 30 s; the bench's soak runs for minutes), every request of a participant going to the other process than the one before:
// lists, pages, confirming ways, answering questionnaires, places, drafts, with double submits and two-tab races.
// Afterwards: no server error, and the database holds exactly what was acknowledged (nothing lost, nothing twice).
// Sessions and the login throttle are shared: a login on one process works on the other, a logout on one ends it on
// both, and failed logins spread over both processes trip the one limit.
import { and, eq, inArray, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connect, type Database } from '~/db/connect.server'
import {
  answers,
  legs,
  pois,
  questionnaireCompletions,
  questionnaireDrafts,
  trips,
  users,
  zeroTripDays,
} from '~/db/schema'
import { addDays, dayInZone } from '~/domain/time'
import { importCampaign, importTrips, newPseudonym } from '~/services/import.server'
import { hashPassword } from '~/services/password.server'
import { createSession } from '~/services/session.server'
import {
  freshPostgresDatabase,
  NO_POSTGRES_REASON,
  postgresUrl,
  sleep,
  startServer,
  tempDir,
  type ServerProcess,
} from './proc'
import { campaignFile, campaignIds, PASSWORD, rowsOf, TZ } from './study'

const PG = postgresUrl()
const PARTICIPANTS = Number(process.env.MP_PARTICIPANTS ?? 200)
const DURATION_MS = Number(process.env.MP_DURATION_MS ?? 30_000)
/** Participants who log in through the JSON endpoint (the others bring a session: see participant()). */
const HTTP_LOGINS = 20
if (!PG) console.log(`multiprocess.proc.test.ts skipped: ${NO_POSTGRES_REASON}`)

let servers: ServerProcess[] = []
let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>
let database: Database
const dirs: string[] = []
const BASE = 6_000_000
const q = campaignIds(BASE)

/** Every answer the processes gave, by status class. */
const seen = { requests: 0, errors5xx: [] as string[], network: [] as string[] }

async function call(
  server: number,
  serviceName: string,
  methodName: string,
  params: Record<string, unknown>,
  from?: string,
): Promise<Record<string, unknown> & { errs?: { constant: string }[] }> {
  const url = servers[server % servers.length]!.url
  seen.requests++
  let res: Response
  try {
    res = await fetch(`${url}/functions/invoke-service-method`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(from ? { 'X-Forwarded-For': from } : {}) },
      body: JSON.stringify({ serviceName, methodName, environment: 'production', params }),
    })
  } catch (e) {
    seen.network.push(`${serviceName}.${methodName}: ${String(e)}`)
    throw e
  }
  if (res.status >= 500) seen.errors5xx.push(`${res.status} ${serviceName}.${methodName}`)
  return ((await res.json()) as { return: Record<string, unknown> }).return ?? {}
}

async function page(server: number, path: string, cookie: string, form?: Record<string, string>): Promise<Response> {
  const url = servers[server % servers.length]!.url
  seen.requests++
  const res = await fetch(url + path, {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: { Cookie: cookie, ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url } : {}) },
    body: form ? new URLSearchParams(form) : undefined,
  })
  if (res.status >= 500) seen.errors5xx.push(`${res.status} ${form ? 'POST' : 'GET'} ${path}`)
  await res.arrayBuffer()
  return res
}

interface Vp {
  n: number
  email: string
  userId: number
  session: string
  trips: { open: number; modes: number; confirmed: number }
  openLegs: number[]
  /** What the processes acknowledged. */
  acked: {
    pois: string[]
    raceWinner: number[] | null
    confirmOk: boolean
    answerOks: number
    addTripIds: Set<number>
    zeroDay: string
    lastDraft: number | null
  }
}
const vps: Vp[] = []
let today = ''

describe.skipIf(!PG)(`several app processes on one PostgreSQL${PG ? '' : ` (skipped: ${NO_POSTGRES_REASON})`}`, () => {
  beforeAll(async () => {
    fresh = await freshPostgresDatabase(PG!)
    // Both at once: the migration lock lets one migrate while the other waits.
    const [a, b] = [tempDir('mp-a'), tempDir('mp-b')]
    dirs.push(a, b)
    servers = await Promise.all([
      startServer({ dataDir: a, databaseUrl: fresh.url, demo: true, env: { TRUST_PROXY: 'loopback' } }),
      startServer({ dataDir: b, databaseUrl: fresh.url, demo: false, env: { TRUST_PROXY: 'loopback' } }),
    ])
    database = await connect({ databaseUrl: fresh.url, poolSize: 4 })
    const db = database.db
    today = dayInZone(new Date(), TZ)
    const campaignId = await importCampaign(db, campaignFile(BASE, today), { timeZone: TZ })
    const passwordHash = await hashPassword(PASSWORD)
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: PARTICIPANTS }, (_, n) => ({
          email: `vp${n}@example.org`,
          passwordHash,
          verified: true,
          campaignId,
          pseudonym: newPseudonym(),
          // Joined when the study began: the no-trip days they mark are among their study days.
          createdAt: new Date(Date.now() - 40 * 86_400_000),
        })),
      )
      .returning({ id: users.id, email: users.email })
    const day = (d: number, hm: string) => `${addDays(today, -d)} ${hm}`
    const leg = (d: number, from: string, to: string, extra: Record<string, unknown> = {}) => ({
      startTime: day(d, from),
      endTime: day(d, to),
      tfcModes: ['WALK'],
      geom: [
        { lat: 52.5, lon: 13.4 },
        { lat: 52.51, lon: 13.41 },
      ],
      ...extra,
    })
    const done = { validationStatus: true, qtnsAnswered: false, tripPurposes: [q.purposes[0]] }
    await Promise.all(
      rows.map(async (u, n) => {
        const { tripIds } = await importTrips(
          db,
          {
            email: u.email,
            trips: [
              { legs: [leg(3, '08:00', '08:10'), leg(3, '08:11', '08:20')] },
              {
                legs: [
                  leg(4, '09:00', '09:20', { tripPurposes: [q.purposes[1]] }),
                  leg(4, '09:21', '09:30', { tripPurposes: [q.purposes[1]] }),
                ],
              },
              {
                validationStatus: true,
                confirmationStatus: true,
                qtnAnswered: false,
                allQuestionsAnswered: false,
                legs: [leg(5, '10:00', '10:20', done)],
              },
            ],
          },
          { timeZone: TZ },
        )
        const [open, modes, confirmed] = tripIds as [number, number, number]
        const openLegs = (
          await db.select({ id: legs.id }).from(legs).where(eq(legs.tripId, open)).orderBy(legs.idx)
        ).map((l) => l.id)
        vps[n] = {
          n,
          email: u.email,
          userId: u.id,
          session: '',
          trips: { open, modes, confirmed },
          openLegs,
          acked: {
            pois: [],
            raceWinner: null,
            confirmOk: false,
            answerOks: 0,
            addTripIds: new Set(),
            zeroDay: addDays(today, -10 - (n % 20)),
            lastDraft: null,
          },
        }
      }),
    )
  }, 240_000)

  afterAll(async () => {
    const exits = await Promise.all(servers.map((s) => s.kill('SIGTERM')))
    await database?.close()
    await fresh?.drop()
    for (const d of dirs) (await import('node:fs')).rmSync(d, { recursive: true, force: true })
    expect(exits.map((e) => e.code)).toEqual(servers.map(() => 0))
  }, 60_000)

  test('sessions are shared: log in on one process, use and end the session on the other', async () => {
    const login = await call(0, 'user', 'login', { idStr: 'demo@example.org', password: 'demo1234' })
    const session = login.session as string
    expect(session).toBeTruthy()
    expect((await call(1, 'trip', 'getTrips', { session })).errs).toBeUndefined()
    // The page session is the same token in a cookie.
    const list = await page(1, '/ways/list/all/page/1', `td_session=${session}`)
    expect(list.status).toBe(200)
    await call(1, 'user', 'logout', { session })
    expect((await call(0, 'trip', 'getTrips', { session })).errs?.[0]?.constant).toBe('SESSION_INVALID_OR_EXPIRED')
    expect((await page(0, '/ways/list/all/page/1', `td_session=${session}`)).status).toBe(302)
  })

  test('the honeypot: a login form from one process is accepted by the other (same SESSION_SECRET), a filled one is not', async () => {
    const [a, b] = [servers[0]!.url, servers[1 % servers.length]!.url]
    const html = await (await fetch(`${a}/user/login`)).text()
    const validFrom = /name="from__confirm"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="from__confirm"/.exec(html)
    expect(validFrom, 'the login page carries the encrypted valid-from time').not.toBeNull()
    const post = (website: string) =>
      fetch(`${b}/user/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: b },
        body: new URLSearchParams({
          idStr: 'demo@example.org',
          password: 'demo1234',
          website,
          from__confirm: (validFrom![1] ?? validFrom![2])!
            .replaceAll('&#x2F;', '/')
            .replaceAll('&#x2B;', '+')
            .replaceAll('&#x3D;', '='),
        }),
      })
    const person = await post('')
    expect(person.status).toBe(302)
    expect(
      person.headers.getSetCookie().some((c) => /^td_session=[^;]+/.test(c) && !c.startsWith('td_session=;')),
    ).toBe(true)
    const bot = await post('https://spam.example')
    expect(bot.status).toBe(302)
    expect(bot.headers.getSetCookie().some((c) => c.startsWith('td_session='))).toBe(false)
  })

  test('the login throttle counts the failures of both processes together', async () => {
    const idStr = `throttle-${Date.now()}@example.org`
    // From a client address of its own: the failures stay counted against the client for 15 minutes, and the load
    // test's 20 logins at once from 127.0.0.1 would otherwise find the client's limit of 20 nearly full.
    const from = '198.51.100.7'
    const answers: string[] = []
    for (let i = 0; i < 5; i++)
      answers.push((await call(i, 'user', 'login', { idStr, password: 'wrong' }, from)).errs![0]!.constant)
    expect(answers).toEqual(Array(5).fill('INVALID_CREDENTIALS'))
    // Three failures went to process 0 and two to process 1: only together do they reach the limit of 5.
    const sixth = await call(0, 'user', 'login', { idStr, password: 'wrong' }, from)
    expect(sixth.errs![0]!.constant).toBe('TOO_MANY_REQUESTS')
    const seventh = await call(1, 'user', 'login', { idStr, password: 'wrong' }, from)
    expect(seventh.errs![0]!.constant).toBe('TOO_MANY_REQUESTS')
  })

  test(
    `${PARTICIPANTS} participants for ${DURATION_MS / 1000} s: no server error, nothing lost, nothing twice`,
    async () => {
      const until = Date.now() + DURATION_MS
      const started = Date.now()
      let lastRequests = -1
      const progress = setInterval(async () => {
        // Progress, and what the database is doing when nothing moved (a stall would show as lock waits).
        const stalled = seen.requests === lastRequests
        lastRequests = seen.requests
        const activity = stalled
          ? JSON.stringify(
              rowsOf(
                await database.db.execute(
                  sql`select state, wait_event_type, left(query, 80) as q, count(*)::int as n from pg_stat_activity where datname = current_database() group by 1, 2, 3 order by n desc limit 6`,
                ),
              ),
            )
          : ''
        console.log(
          `multiprocess: ${Math.round((Date.now() - started) / 1000)} s, ${seen.requests} requests, stages ${JSON.stringify(stages)} ${activity}`,
        )
      }, 10_000)
      try {
        await Promise.all(vps.map((vp) => participant(vp, until)))
      } finally {
        clearInterval(progress)
      }
      expect(seen.errors5xx, 'server errors').toEqual([])
      expect(seen.network, 'network errors').toEqual([])
      for (const s of servers) expect(s.stderr(), 'error log lines').not.toMatch(/"level":"error"/)
      console.log(
        `multiprocess: ${seen.requests} requests in ${Math.round((Date.now() - started) / 1000)} s by ${PARTICIPANTS} participants over ${servers.length} processes`,
      )

      const db = database.db
      const ids = vps.map((v) => v.userId)
      // Places: every acknowledged one exactly once, none that was not acknowledged.
      const poiRows = await db
        .select({ userId: pois.userId, name: pois.name })
        .from(pois)
        .where(and(inArray(pois.userId, ids), like(pois.name, 'vp%')))
      for (const vp of vps) {
        const names = poiRows
          .filter((r) => r.userId === vp.userId)
          .map((r) => r.name)
          .sort()
        expect(names, `places of vp${vp.n}`).toEqual([...vp.acked.pois].sort())
      }
      const tripRows = await db.select().from(trips).where(inArray(trips.userId, ids))
      const legRows = await db
        .select()
        .from(legs)
        .where(
          inArray(
            legs.tripId,
            tripRows.map((t) => t.id),
          ),
        )
      const answerRows = await db.select().from(answers).where(inArray(answers.userId, ids))
      const completionRows = await db
        .select()
        .from(questionnaireCompletions)
        .where(inArray(questionnaireCompletions.userId, ids))
      const zeroRows = await db.select().from(zeroTripDays).where(inArray(zeroTripDays.userId, ids))
      const draftRows = await db.select().from(questionnaireDrafts).where(inArray(questionnaireDrafts.userId, ids))
      for (const vp of vps) {
        const who = `vp${vp.n}`
        // Two tabs set different purposes with the same version: one won, and its list is what the legs hold.
        const openLegs = legRows.filter((l) => l.tripId === vp.trips.open)
        expect(vp.acked.raceWinner, `${who}: one tab won`).not.toBeNull()
        for (const l of openLegs) expect(l.purposeIds, `${who}: purposes of the winner`).toEqual(vp.acked.raceWinner)
        expect(tripRows.find((t) => t.id === vp.trips.open)!.version, `${who}: one write`).toBe(2)
        // Double submit of confirm: confirmed once, every leg validated.
        const modes = tripRows.find((t) => t.id === vp.trips.modes)!
        expect(vp.acked.confirmOk, `${who}: confirm acknowledged`).toBe(true)
        expect(modes.confirmationStatus && modes.validationStatus, `${who}: confirmed`).toBe(true)
        expect(modes.version, `${who}: confirmed by one write`).toBe(2)
        // Double submit of the trip questionnaire: accepted once, stored once.
        expect(vp.acked.answerOks, `${who}: one of the two answers accepted`).toBe(1)
        expect(
          answerRows.filter((a) => a.userId === vp.userId && a.tripId === vp.trips.confirmed),
          `${who}: answers stored once`,
        ).toHaveLength(1)
        expect(
          completionRows.filter((c) => c.userId === vp.userId && c.scope === `trip:${vp.trips.confirmed}`),
        ).toHaveLength(1)
        // Double submit of a manual way with one objId: one way.
        expect(vp.acked.addTripIds.size, `${who}: both submits answered the same way`).toBe(1)
        expect(
          tripRows.filter((t) => t.userId === vp.userId && t.objId === `vp${vp.n}-way`),
          `${who}: one manual way`,
        ).toHaveLength(1)
        expect(
          zeroRows.filter((z) => z.userId === vp.userId && z.day === vp.acked.zeroDay),
          `${who}: no-trip day once`,
        ).toHaveLength(1)
        const draft = draftRows.find((d) => d.userId === vp.userId && d.scope === `trip:${vp.trips.confirmed}`)
        if (vp.acked.lastDraft != null) expect(draft?.position, `${who}: the last saved draft`).toBe(vp.acked.lastDraft)
      }
    },
    DURATION_MS + 300_000,
  )
})

const stages: Record<string, number> = {}
const stage = (name: string) => void (stages[name] = (stages[name] ?? 0) + 1)
const think = () => sleep(50 + Math.random() * 250)
const ok = (r: { errs?: unknown }) => r.errs === undefined

/** One participant: log in, the race scenarios once, then everyday work until the time is up. */
async function participant(vp: Vp, until: number) {
  let hop = vp.n // alternates the process on every request
  const next = () => hop++
  // Spread the logins over the first seconds.
  await sleep(Math.random() * Math.min(5_000, DURATION_MS / 4))
  if (vp.n < HTTP_LOGINS) {
    const login = await call(next(), 'user', 'login', { idStr: vp.email, password: PASSWORD })
    vp.session = login.session as string
    if (!vp.session) throw new Error(`vp${vp.n} login failed: ${JSON.stringify(login.errs)}`)
  } else {
    // Already logged in (on their phone, say): argon2 for 200 logins would eat the CPU the test is about.
    vp.session = (await createSession(database.db, vp.userId, new Date())).token
  }
  stage('login')
  const session = vp.session
  const cookie = `td_session=${session}`

  // Two tabs, two processes, the same version: each sets its own purposes.
  const [p1, p2] = [[q.purposes[0]], [q.purposes[1]]]
  const race = await Promise.all(
    [p1, p2].map((purposeIds) =>
      call(next(), 'trip', 'setTripPurposes', { session, id: vp.trips.open, purposeIds, version: 1 }),
    ),
  )
  const winners = race.map((r, i) => (ok(r) ? [p1, p2][i]! : null)).filter(Boolean)
  if (winners.length !== 1) throw new Error(`vp${vp.n}: ${winners.length} winners of the race: ${JSON.stringify(race)}`)
  for (const r of race) if (!ok(r)) expect(['TRIP_CHANGED', 'WRONG_STEP']).toContain(r.errs![0]!.constant)
  vp.acked.raceWinner = winners[0] as number[]
  stage('race')
  await think()

  // Confirm the way by its page form, sent twice at once to both processes (a double click).
  const confirm = await Promise.all(
    [0, 1].map(() => page(next(), `/ways/tripDetails/${vp.trips.modes}`, cookie, { intent: 'confirm', version: '1' })),
  )
  for (const r of confirm) expect(r.status, `vp${vp.n} confirm`).toBe(302)
  vp.acked.confirmOk = true
  stage('confirm')
  await think()

  // The trip questionnaire, submitted twice at once.
  const answered = await Promise.all(
    [0, 1].map(() =>
      call(next(), 'questionnaire', 'setAnsweredTripQuestionnaire', {
        session,
        id: q.tripQ,
        trpId: vp.trips.confirmed,
        resps: [{ answOptId: q.tripOpt, text: `vp${vp.n}` }],
      }),
    ),
  )
  vp.acked.answerOks = answered.filter(ok).length
  stage('answer')
  for (const r of answered) if (!ok(r)) expect(r.errs![0]!.constant).toBe('QUESTIONNAIRE_ALREADY_ANSWERED')
  await think()

  // A manual way with a client id, submitted twice at once: one way.
  const day = addDays(today, -2)
  const added = await Promise.all(
    [0, 1].map(() =>
      call(next(), 'trip', 'addTrip', {
        session,
        trp: {
          id: 0,
          objId: `vp${vp.n}-way`,
          legs: [
            { startTime: `${day} 06:00`, endTime: `${day} 06:30`, tfcModes: ['WALK'], tripPurposes: [q.purposes[0]] },
          ],
        },
      }),
    ),
  )
  for (const r of added) {
    if (!ok(r)) throw new Error(`vp${vp.n} addTrip: ${JSON.stringify(r.errs)}`)
    vp.acked.addTripIds.add((r.trp as { id: number }).id)
  }
  // A no-trip day, twice at once.
  const zero = await Promise.all(
    [0, 1].map(() => call(next(), 'trip', 'setZeroTripDay', { session, day: vp.acked.zeroDay })),
  )
  for (const r of zero) if (!ok(r)) throw new Error(`vp${vp.n} setZeroTripDay: ${JSON.stringify(r.errs)}`)
  stage('scenario done')

  // Everyday work until the time is up.
  let k = 0
  while (Date.now() < until) {
    await think()
    switch (k++ % 5) {
      case 0: {
        const name = `vp${vp.n}-poi${k}`
        const r = await call(next(), 'user', 'addPoi', { session, poi: { name, lat: 52.5 + vp.n / 1000, lon: 13.4 } })
        if (!ok(r)) throw new Error(`vp${vp.n} addPoi: ${JSON.stringify(r.errs)}`)
        vp.acked.pois.push(name)
        break
      }
      case 1: {
        const r = await call(next(), 'trip', 'getTrips', { session, fetchNext: 10 })
        if (!ok(r)) throw new Error(`vp${vp.n} getTrips: ${JSON.stringify(r.errs)}`)
        break
      }
      case 2:
        expect((await page(next(), '/ways/list/all/page/1', cookie)).status).toBe(200)
        break
      case 3: {
        const r = await call(next(), 'questionnaire', 'saveDraft', {
          session,
          id: q.tripQ,
          scope: `trip:${vp.trips.confirmed}`,
          resps: [],
          position: k,
        })
        // The trip questionnaire is answered by now: a draft for it is still a draft (or refused once answered).
        if (ok(r)) vp.acked.lastDraft = k
        break
      }
      case 4:
        expect((await page(next(), `/ways/tripDetails/${vp.trips.modes}`, cookie)).status).toBe(200)
        break
    }
  }
}
