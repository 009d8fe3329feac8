// The researcher's export (runExport) and the participant's own-data download (exportOwnData) against the
// demo study, on PGlite and (TEST_DB_KIND=postgres) PostgreSQL: valid GeoJSON, counts that match the database, CSV
// that parses back (RFC 4180), the formula guard, pseudonymity, an unknown campaign refused with nothing written,
// batching, and the same trip shape as the pages.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { asSessionUser, serviceContext, testDatabase, testEnv } from '../../tests/db'
import type { Database, Db } from '~/db/connect.server'
import { answers, legs, sessions, trips, users, zeroTripDays } from '~/db/schema'
import { DEMO_LOGIN, OTHER_LOGIN, seedDemoIfEmpty } from '~/services/seed-demo.server'
import { createUser, importTrips } from './import.server'
import { campaignQuestionnaires } from './questionnaire/store.server'
import { optionIndex } from './export/answers.server'
import { exportOwnData, ownDataFileName, ownDataStream } from './export/own-data.server'
import { EXPORT_FILES, ExportError, runExport } from './export.server'
import { ANSWER_BOUNDS } from '~/domain/limits'
import { services } from './registry.server'
import { tripService } from './trip.server'

const TZ = 'Europe/Berlin'
const NOW = new Date('2026-11-02T11:00:00Z')

/** A strict RFC 4180 parser: CRLF record ends, quoted fields with doubled quotes, no bare line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  let wasQuoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
      continue
    }
    if (c === '"') {
      if (field !== '' || wasQuoted) throw new Error(`stray quote at ${i}`)
      quoted = wasQuoted = true
    } else if (c === ',') {
      row.push(field)
      field = ''
      wasQuoted = false
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      wasQuoted = false
      i++
    } else if (c === '\n' || c === '\r') throw new Error(`bare line break at ${i}`)
    else if (wasQuoted) throw new Error(`text after a closing quote at ${i}`)
    else field += c
  }
  if (quoted || field !== '' || row.length) throw new Error('the last record is not closed by CRLF')
  return rows
}

function readCsv(dir: string, name: string): { header: string[]; rows: Record<string, string>[] } {
  const [header, ...records] = parseCsv(fs.readFileSync(path.join(dir, name), 'utf8'))
  for (const r of records) expect(r.length, `${name}: fields per record`).toBe(header.length)
  return { header, rows: records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))) }
}

interface Feature {
  type: string
  id: number
  geometry: { type: string; coordinates: unknown } | null
  properties: Record<string, unknown>
}
function readGeoJson(dir: string): { type: string; features: Feature[] } {
  return JSON.parse(fs.readFileSync(path.join(dir, 'trips.geojson'), 'utf8'))
}

const tmpDirs: string[] = []
function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-test-'))
  tmpDirs.push(dir)
  return dir
}

let database: Database
let db: Db
let dana: typeof users.$inferSelect
let olaf: typeof users.$inferSelect
let campaignUserIds: number[]
const TRICKY = {
  multiline: 'Erst "Bus", dann, naja –\nzu Fuß\r\nÜberall Baustellen',
  formula: '=HYPERLINK("http://evil.example","klick")',
  negative: '-5',
  at: '@SUM(1+1)',
}

beforeAll(async () => {
  database = await testDatabase()
  db = database.db
  await seedDemoIfEmpty(db, NOW, { timeZone: TZ })
  ;[dana] = await db.select().from(users).where(eq(users.email, DEMO_LOGIN.email))
  ;[olaf] = await db.select().from(users).where(eq(users.email, OTHER_LOGIN.email))
  campaignUserIds = [dana.id, olaf.id]

  // A way added by hand with a leg without a track (geometry null), and a name a spreadsheet would run.
  await importTrips(
    db,
    {
      email: DEMO_LOGIN.email,
      trips: [
        {
          name: '=1+2',
          creationType: 'CREATED_MANUALLY',
          legs: [
            {
              startTime: '2026-11-01 09:00',
              endTime: '2026-11-01 09:30',
              geom: [],
              tfcModes: ['WALK'],
              tripPurposes: [3],
            },
          ],
        },
      ],
    },
    { timeZone: TZ },
  )
  // Someone outside the campaign: never exported.
  await createUser(db, {
    email: 'outsider@example.org',
    password: 'secret',
    verified: true,
    firstName: 'Out',
    lastName: 'Sider',
  })
  await importTrips(
    db,
    {
      email: 'outsider@example.org',
      trips: [
        {
          legs: [
            {
              startTime: '2026-11-01 10:00',
              endTime: '2026-11-01 10:10',
              geom: [
                { lat: 52.4, lon: 13.1 },
                { lat: 52.41, lon: 13.11 },
              ],
              tfcModes: ['CAR'],
            },
          ],
        },
      ],
    },
    { timeZone: TZ },
  )

  // A participant's correction: recorded as WALK, confirmed as BICYCLE.
  const [danaTrip] = await db.select().from(trips).where(eq(trips.userId, dana.id)).orderBy(trips.id).limit(1)
  const [firstLeg] = await db.select().from(legs).where(eq(legs.tripId, danaTrip.id)).orderBy(legs.idx).limit(1)
  await db
    .update(legs)
    .set({ detectedModes: ['WALK'], tfcModes: ['BICYCLE'], validationStatus: true })
    .where(eq(legs.id, firstLeg.id))

  // Answers with texts that need quoting and guarding, one per option of the initial questionnaire's first questions.
  const [initial] = (await campaignQuestionnaires(db, dana.campaignId!)).filter((q) => q.type === 'INITIAL')
  const refs = [...optionIndex([initial]).get(initial.id)!.values()]
  const texts = Object.values(TRICKY)
  await db.insert(answers).values(
    texts.map((text, i) => ({
      userId: dana.id,
      questionnaireId: initial.id,
      scope: 'campaign',
      questionId: refs[i].question.id,
      answOptId: refs[i].option.id,
      text,
    })),
  )
  await db.insert(answers).values({
    userId: olaf.id,
    questionnaireId: initial.id,
    scope: 'campaign',
    questionId: refs[0].question.id,
    answOptId: refs[0].option.id,
    text: '',
  })
  await db.insert(zeroTripDays).values([
    { userId: dana.id, day: '2026-10-20' },
    { userId: olaf.id, day: '2026-10-21' },
  ])
  // Migrating a fresh PGlite alone takes most of a minute on a busy shared machine.
}, 240_000)

afterAll(async () => {
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true })
  await database.close()
})

async function dbCounts() {
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0].n
  const qtnIds = (await campaignQuestionnaires(db, dana.campaignId!)).map((q) => q.id)
  return {
    ways: await n(db.select({ n: count() }).from(trips).where(inArray(trips.userId, campaignUserIds))),
    legs: await n(
      db
        .select({ n: count() })
        .from(legs)
        .innerJoin(trips, eq(trips.id, legs.tripId))
        .where(inArray(trips.userId, campaignUserIds)),
    ),
    answers: await n(
      db
        .select({ n: count() })
        .from(answers)
        .where(and(inArray(answers.userId, campaignUserIds), inArray(answers.questionnaireId, qtnIds))),
    ),
    days: await n(db.select({ n: count() }).from(zeroTripDays).where(inArray(zeroTripDays.userId, campaignUserIds))),
  }
}

describe('runExport (pseudonymous)', () => {
  let out: string
  let summary: string
  beforeAll(async () => {
    out = path.join(tmpDir(), 'export')
    summary = await runExport(
      db,
      { campaignId: dana.campaignId!, outDir: out, withIdentity: false },
      { timeZone: TZ, now: NOW },
    )
  })

  test('writes every file, nothing partial, and says what it wrote', async () => {
    expect(fs.readdirSync(out).sort()).toEqual([...EXPORT_FILES].sort())
    const c = await dbCounts()
    expect(summary).toContain(
      `2 participants, ${c.ways} ways, ${c.legs} legs, ${c.days} no-trip days, ${c.answers} answers (pseudonymous)`,
    )
  })

  test('trips.geojson is a valid RFC 7946 FeatureCollection with one feature per leg', async () => {
    const fc = readGeoJson(out)
    expect(fc.type).toBe('FeatureCollection')
    expect(Object.keys(fc)).toEqual(['type', 'features'])
    const c = await dbCounts()
    expect(fc.features).toHaveLength(c.legs)
    let lines = 0
    for (const f of fc.features) {
      expect(f.type).toBe('Feature')
      expect(typeof f.properties).toBe('object')
      expect(f.properties.leg_id).toBe(f.id)
      if (f.geometry === null) continue
      lines++
      expect(f.geometry.type).toBe('LineString')
      const coords = f.geometry.coordinates as unknown[]
      expect(coords.length).toBeGreaterThanOrEqual(2)
      for (const p of coords) {
        expect(Array.isArray(p) && p.length === 2 && p.every((n) => typeof n === 'number' && Number.isFinite(n))).toBe(
          true,
        )
        const [lon, lat] = p as [number, number]
        expect(Math.abs(lon)).toBeLessThanOrEqual(180)
        expect(Math.abs(lat)).toBeLessThanOrEqual(90)
        // The demo study is in Berlin: [lon, lat], not [lat, lon].
        expect(lon).toBeGreaterThan(12)
        expect(lon).toBeLessThan(15)
        expect(lat).toBeGreaterThan(51)
        expect(lat).toBeLessThan(54)
      }
    }
    // Only the manual way's leg has no track.
    expect(fc.features.length - lines).toBe(1)
    const manual = fc.features.find((f) => f.geometry === null)!
    expect(manual.properties).toMatchObject({
      creation_type: 'CREATED_MANUALLY',
      length_m: null,
      confirmed_modes: 'WALK',
      purpose_ids: '3',
      purposes: 'Einkauf',
    })
    // Properties are scalars (QGIS, geopandas), times carry the offset.
    for (const v of Object.values(fc.features[0].properties))
      expect(['string', 'number', 'boolean'].includes(typeof v) || v === null).toBe(true)
    expect(String(fc.features[0].properties.start)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/)
  })

  test('CSV files parse back (RFC 4180) and their counts match the database', async () => {
    const c = await dbCounts()
    const legsCsv = readCsv(out, 'legs.csv')
    const tripsCsv = readCsv(out, 'trips.csv')
    const answersCsv = readCsv(out, 'answers.csv')
    const daysCsv = readCsv(out, 'zero_trip_days.csv')
    expect(legsCsv.rows).toHaveLength(c.legs)
    expect(tripsCsv.rows).toHaveLength(c.ways)
    expect(answersCsv.rows).toHaveLength(c.answers)
    expect(daysCsv.rows).toHaveLength(c.days)
    expect(legsCsv.header.slice(0, 3)).toEqual(['participant_id', 'trip_id', 'leg_id'])
    expect(tripsCsv.header).toContain('report_reasons')
    expect(answersCsv.header).toEqual([
      'participant_id',
      'answer_id',
      'questionnaire_id',
      'questionnaire_type',
      'scope',
      'trip_id',
      'leg_id',
      'question_id',
      'question_type',
      'sub_question_id',
      'answer_option_id',
      'text',
      'answered_at',
    ])
    expect(daysCsv.rows.map((r) => r.day).sort()).toEqual(['2026-10-20', '2026-10-21'])
    // legs.csv is the GeoJSON's properties, row for row.
    const fc = readGeoJson(out)
    expect(legsCsv.rows.map((r) => Number(r.leg_id))).toEqual(fc.features.map((f) => f.id))
    // Participants are exactly the campaign's, by pseudonym.
    expect(new Set(tripsCsv.rows.map((r) => r.participant_id))).toEqual(new Set([dana.pseudonym, olaf.pseudonym]))
    // The reported way (demo) names its reason.
    const reported = tripsCsv.rows.filter((r) => r.reported === 'true')
    expect(reported.length).toBeGreaterThan(0)
    expect(reported[0].report_reasons).toBe('Zwei Wege zusammengefasst')
  })

  test('free text survives quoting, and formulas are guarded', async () => {
    const texts = readCsv(out, 'answers.csv').rows.map((r) => r.text)
    expect(texts).toContain(TRICKY.multiline)
    expect(texts).toContain(`'${TRICKY.formula}`)
    expect(texts).toContain(`'${TRICKY.at}`)
    expect(texts).toContain(TRICKY.negative)
    expect(texts).not.toContain(TRICKY.formula)
    const answer = readCsv(out, 'answers.csv').rows.find((r) => r.text === TRICKY.multiline)!
    expect(answer).toMatchObject({
      participant_id: dana.pseudonym,
      questionnaire_type: 'INITIAL',
      scope: 'campaign',
      trip_id: '',
      leg_id: '',
    })
    expect(answer.question_type).not.toBe('')
    expect(readCsv(out, 'trips.csv').rows.map((r) => r.name)).toContain("'=1+2")
    // No cell starts with a formula character unguarded, in any CSV.
    for (const name of ['legs.csv', 'trips.csv', 'answers.csv', 'zero_trip_days.csv', 'mode_matrix.csv']) {
      for (const row of readCsv(out, name).rows)
        for (const v of Object.values(row))
          expect(/^[=+@\t\r]/.test(v) || (/^-/.test(v) && !/^-\d/.test(v))).toBe(false)
    }
  })

  test('no e-mail address or name in any file without --with-identity', () => {
    for (const name of EXPORT_FILES) {
      const text = fs.readFileSync(path.join(out, name), 'utf8')
      expect(text, name).not.toMatch(/[\w.+-]+@[\w-]+\.[a-z]{2,}/i)
      expect(text, name).not.toContain('Dana')
      expect(text, name).not.toContain('Olaf')
      expect(text, name).not.toContain(dana.email)
    }
  })

  test('the matrix counts every leg and shows the correction', async () => {
    const c = await dbCounts()
    const rows = readCsv(out, 'mode_matrix.csv').rows
    expect(rows.reduce((s, r) => s + Number(r.all_legs), 0)).toBe(c.legs)
    const [{ n: validated }] = await db
      .select({ n: count() })
      .from(legs)
      .innerJoin(trips, eq(trips.id, legs.tripId))
      .where(and(inArray(trips.userId, campaignUserIds), eq(legs.validationStatus, true)))
    expect(rows.reduce((s, r) => s + Number(r.validated_legs), 0)).toBe(validated)
    const corrected = rows.find((r) => r.detected_modes === 'WALK' && r.confirmed_modes === 'BICYCLE')!
    expect(corrected).toMatchObject({ agrees: 'false' })
    expect(Number(corrected.validated_legs)).toBeGreaterThanOrEqual(1)
    expect(Number(corrected.validated_km)).toBeGreaterThan(0)
  })

  test('a way in the export is the way the participant sees on the pages', async () => {
    const ctx = serviceContext(database, { user: asSessionUser(dana), env: testEnv({ STUDY_TIME_ZONE: TZ }) })
    const legRows = readCsv(out, 'legs.csv').rows
    const tripRows = readCsv(out, 'trips.csv').rows
    const confirmedTrip = tripRows.find(
      (r) => r.participant_id === dana.pseudonym && r.validated === 'true' && r.purposes !== '',
    )!
    const { trp } = (await tripService.getTrip(ctx, { id: Number(confirmedTrip.trip_id) })) as {
      trp: import('./trip/model.server').TripDto
    }
    expect(confirmedTrip.name).toBe(trp.name)
    expect(confirmedTrip.status).toBe(trp.status)
    for (const leg of trp.legs) {
      const row = legRows.find((r) => Number(r.leg_id) === leg.id)!
      expect(row.confirmed_modes).toBe(leg.tfcModes.map((m) => m.constant).join('|'))
      expect(row.purposes).toBe(leg.tripPurposes.map((p) => p.name).join('|'))
      expect(row.validated).toBe(String(leg.validationStatus))
      expect(new Date(row.start).toISOString()).toBe(leg.start)
    }
  })

  test('every leg says where its purposes and modes came from, and when they were set', () => {
    const { header, rows } = readCsv(out, 'legs.csv')
    expect(header).toEqual(expect.arrayContaining(['purpose_source', 'purpose_set_at', 'mode_source', 'mode_set_at']))
    const sources = ['recorded', 'suggested', 'participant', 'imported', 'copied', '']
    for (const row of rows) {
      expect(sources).toContain(row.purpose_source)
      expect(sources).toContain(row.mode_source)
      expect(row.purpose_set_at === '').toBe(row.purpose_source === '')
      expect(row.purpose_source === '').toBe(row.purpose_ids === '')
    }
    // The way imported by hand: purposes and modes as the file gave them, set at the import.
    const manual = rows.find((r) => r.start.startsWith('2026-11-01T09:00'))!
    expect(manual).toMatchObject({ purpose_source: 'imported', mode_source: 'imported' })
    expect(new Date(manual.mode_set_at).getTime()).toBeGreaterThan(0)
    // The demo's recorded ways keep the modes the phone detected as recorded.
    expect(rows.some((r) => r.mode_source === 'recorded' && r.detected_modes === r.confirmed_modes)).toBe(true)
    const feature = readGeoJson(out).features.find((f) => f.id === Number(manual.leg_id))!
    expect(feature.properties).toMatchObject({ purpose_source: 'imported', mode_source: 'imported' })
  })

  test('questionnaires.json and catalogues.json resolve the ids', () => {
    const qtns = JSON.parse(fs.readFileSync(path.join(out, 'questionnaires.json'), 'utf8')) as {
      id: number
      type: string
      definition: { section: unknown }
    }[]
    expect(qtns.map((q) => q.type).sort()).toEqual(['FINAL', 'INITIAL', 'LEG_BASED', 'TRIP_BASED'])
    const cats = JSON.parse(fs.readFileSync(path.join(out, 'catalogues.json'), 'utf8'))
    expect(cats.tripPurposes).toContainEqual({ id: 3, name: { de_DE: 'Einkauf', en_US: 'Shopping' } })
    expect(cats.trafficModes.find((m: { constant: string }) => m.constant === 'WALK').name.en_US).toBeTruthy()
    const readme = fs.readFileSync(path.join(out, 'README.txt'), 'utf8')
    for (const name of EXPORT_FILES.filter((f) => f !== 'README.txt')) expect(readme).toContain(name)
    for (const col of readCsv(out, 'legs.csv').header) expect(readme).toContain(`  ${col} `)
  })
})

describe('runExport options and refusals', () => {
  test('--with-identity adds e-mail and names', async () => {
    const out = tmpDir()
    await runExport(db, { campaignId: dana.campaignId!, outDir: out, withIdentity: true }, { timeZone: TZ, now: NOW })
    const tripsCsv = readCsv(out, 'trips.csv')
    expect(tripsCsv.header.slice(0, 4)).toEqual(['participant_id', 'email', 'first_name', 'last_name'])
    expect(tripsCsv.rows.find((r) => r.participant_id === dana.pseudonym)).toMatchObject({
      email: DEMO_LOGIN.email,
      first_name: 'Dana',
      last_name: 'Demo',
    })
    expect(readGeoJson(out).features[0].properties).toHaveProperty('email')
    expect(readCsv(out, 'answers.csv').header).toContain('email')
    expect(fs.readFileSync(path.join(out, 'trips.csv'), 'utf8')).not.toContain('outsider@example.org')
  })

  test.skipIf(process.platform === 'win32')(
    'the files are written 0600 in a directory created 0700, also --with-identity',
    async () => {
      const out = path.join(tmpDir(), 'new-dir')
      await runExport(db, { campaignId: dana.campaignId!, outDir: out, withIdentity: true }, { timeZone: TZ, now: NOW })
      expect(fs.statSync(out).mode & 0o777).toBe(0o700)
      for (const name of fs.readdirSync(out))
        expect([name, fs.statSync(path.join(out, name)).mode & 0o777]).toEqual([name, 0o600])
    },
  )

  test('an unknown campaign is refused and nothing is written', async () => {
    const out = path.join(tmpDir(), 'not-created')
    const error = await runExport(db, { campaignId: 999_999, outDir: out, withIdentity: false }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ExportError)
    expect((error as Error).message).toBe('campaign 999999 does not exist')
    expect(fs.existsSync(out)).toBe(false)
  })

  test('reads in batches of the given size; the files do not depend on it', async () => {
    const whole = tmpDir()
    const paged = tmpDir()
    await runExport(
      db,
      { campaignId: dana.campaignId!, outDir: whole, withIdentity: false },
      { timeZone: TZ, now: NOW },
    )
    const batches: { kind: string; rows: number; legs: number }[] = []
    await runExport(
      db,
      { campaignId: dana.campaignId!, outDir: paged, withIdentity: false },
      { timeZone: TZ, now: NOW, batchSize: 7, onBatch: (b) => batches.push(b) },
    )
    const c = await dbCounts()
    const ways = batches.filter((b) => b.kind === 'ways')
    expect(ways.length).toBe(Math.ceil(c.ways / 7))
    expect(Math.max(...ways.map((b) => b.rows))).toBe(7)
    expect(ways.reduce((s, b) => s + b.rows, 0)).toBe(c.ways)
    expect(ways.reduce((s, b) => s + b.legs, 0)).toBe(c.legs)
    expect(batches.filter((b) => b.kind === 'answers').map((b) => b.rows)).toEqual([5])
    for (const name of EXPORT_FILES)
      expect(fs.readFileSync(path.join(paged, name), 'utf8'), name).toBe(
        fs.readFileSync(path.join(whole, name), 'utf8'),
      )
  })
})

/** The pieces a stream hands out, as text. */
async function chunksOf(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  const out: string[] = []
  for (let r = await reader.read(); !r.done; r = await reader.read()) out.push(decoder.decode(r.value))
  return out
}

describe('exportOwnData', () => {
  test('everything about the caller, in their language, nothing of anyone else', async () => {
    const [session] = await db
      .insert(sessions)
      .values({
        userId: dana.id,
        tokenHash: 'x'.repeat(64),
        expiresAt: new Date(NOW.getTime() + 86400_000),
        absoluteExpiresAt: new Date(NOW.getTime() + 90 * 86400_000),
      })
      .returning()
    const user = { ...asSessionUser(dana), sessionId: session.id }
    const ctx = serviceContext(database, { user, locale: 'en_US', now: NOW, env: testEnv({ STUDY_TIME_ZONE: TZ }) })
    const data = await exportOwnData(ctx as never)
    const json = JSON.stringify(data)

    const [{ n: ways }] = await db.select({ n: count() }).from(trips).where(eq(trips.userId, dana.id))
    expect(data.ways).toHaveLength(ways)
    expect(data.profile).toMatchObject({ email: DEMO_LOGIN.email, first_name: 'Dana', participant_id: dana.pseudonym })
    expect(json).not.toContain(dana.passwordHash)
    expect(json).not.toMatch(/password_hash|passwordHash|token_hash|tokenHash/)
    expect(json).not.toContain(OTHER_LOGIN.email)
    expect(json).not.toContain(olaf.pseudonym)
    expect(data.campaign?.name).toBeTruthy()

    // Labels in English: purposes, modes, reasons, status, question texts.
    const withPurpose = data.ways.find((w) => (w.purposes as string[]).length > 0)!
    expect(withPurpose.purposes).not.toContain('Einkauf')
    const manual = data.ways.find((w) => w.creation_type === 'CREATED_MANUALLY')!
    expect(manual.purposes).toEqual(['Shopping'])
    const leg = (data.ways[0].legs as unknown as Record<string, unknown>[])[0]
    expect(leg.geometry).toMatchObject({ type: 'LineString' })
    expect((leg.confirmed_mode_names as string[]).every((n) => typeof n === 'string' && n.length > 0)).toBe(true)
    expect(data.reports[0].reasons).toEqual(['Two ways merged'])
    expect(data.ways.find((w) => w.reported)!.status_label).toBe('Reported as faulty')
    expect(data.answers).toHaveLength(Object.values(TRICKY).length)
    expect(data.answers.every((a) => typeof a.question === 'string' && a.question !== '')).toBe(true)
    expect(data.no_trip_days).toEqual([{ day: '2026-10-20', recorded_at: expect.stringMatching(/[+-]\d\d:\d\d$/) }])
    expect(data.places.length).toBeGreaterThan(0)
    expect(data.sessions).toContainEqual(expect.objectContaining({ current: true }))
    expect(data.sessions[0]).not.toHaveProperty('token_hash')
  })

  test('is user.getOwnData in the HTTP API, and needs a session', async () => {
    const ctx = serviceContext(database, { user: asSessionUser(olaf), env: testEnv({ STUDY_TIME_ZONE: TZ }) })
    const data = (await services.user.getOwnData.invoke(ctx, {})) as Awaited<ReturnType<typeof exportOwnData>>
    expect(data.profile.participant_id).toBe(olaf.pseudonym)
    expect(JSON.stringify(data)).not.toContain(DEMO_LOGIN.email)
    await expect(services.user.getOwnData.invoke(serviceContext(database), {})).rejects.toMatchObject({
      constant: 'SESSION_NOT_SET',
    })
  })

  test('the download streamed in small batches is the same document, the same JSON as a whole', async () => {
    const ctx = serviceContext(database, {
      user: asSessionUser(dana),
      locale: 'en_US',
      now: NOW,
      env: testEnv({ STUDY_TIME_ZONE: TZ }),
    })
    const whole = await exportOwnData(ctx as never)
    expect(whole.ways.length).toBeGreaterThan(ANSWER_BOUNDS.waysPerDownloadBatch) // more than one batch
    const chunks = await chunksOf(ownDataStream(ctx as never))
    // Head, then the ways a batch at a time (never the whole diary at once), then the rest.
    const wayPieces = chunks.slice(1, -1)
    expect(wayPieces.length).toBeGreaterThan(1)
    for (const piece of wayPieces)
      expect(piece.split('\n    {').length - 1).toBeLessThanOrEqual(ANSWER_BOUNDS.waysPerDownloadBatch)
    expect(JSON.parse(chunks.join(''))).toEqual(JSON.parse(JSON.stringify(whole)))
  })

  test('a participant without ways streams a valid document too', async () => {
    const fresh = await createUser(db, { email: 'no-ways@example.org', password: 'secret', verified: true })
    const user = asSessionUser({ id: fresh.id, email: fresh.email, campaignId: null })
    const ctx = serviceContext(database, { user, now: NOW, env: testEnv({ STUDY_TIME_ZONE: TZ }) })
    const text = (await chunksOf(ownDataStream(ctx as never))).join('')
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(await exportOwnData(ctx as never))))
  })

  test('file name', () => {
    expect(ownDataFileName(new Date('2026-11-01T23:30:00Z'), TZ)).toBe('travel-diary-my-data-2026-11-02.json')
  })
})

describe('segmentation edits in the export', () => {
  test('every way says its origin and the recorded ways it came from; edits.csv lists each split, merge and undo', async () => {
    const ctx = serviceContext(database, { user: asSessionUser(olaf), env: testEnv({ STUDY_TIME_ZONE: TZ }) })
    const leg = (start: string, end: string, lon: number) => ({
      startTime: start,
      endTime: end,
      geom: [
        { lat: 52.5, lon },
        { lat: 52.5, lon: lon + 0.01 },
      ],
      tfcModes: ['WALK'],
    })
    const { tripIds } = await importTrips(
      db,
      {
        email: olaf.email,
        trips: [
          {
            legs: [
              leg('2026-10-01 08:00', '2026-10-01 08:10', 13.3),
              leg('2026-10-01 08:20', '2026-10-01 08:30', 13.4),
            ],
          },
          { legs: [leg('2026-10-01 12:00', '2026-10-01 12:10', 13.5)] },
          { legs: [leg('2026-10-01 12:30', '2026-10-01 12:40', 13.6)] },
        ],
      },
      { timeZone: TZ },
    )
    const [twoLegs, noon, afterNoon] = tripIds
    const [, second] = await db.select().from(legs).where(eq(legs.tripId, twoLegs)).orderBy(legs.idx)
    const { trps } = await tripService.splitTrip(ctx, { id: twoLegs, legId: second.id })
    await tripService.mergeTrips(ctx, { ids: [noon, afterNoon] })
    await tripService.revertEdit(ctx, { id: noon })
    await tripService.mergeTrips(ctx, { ids: [noon, afterNoon] })

    const out = tmpDir()
    await runExport(db, { campaignId: olaf.campaignId!, outDir: out, withIdentity: false })
    const ways = new Map(readCsv(out, 'trips.csv').rows.map((r) => [Number(r.trip_id), r]))
    expect([ways.get(twoLegs)!.origin, ways.get(twoLegs)!.origin_ids]).toEqual(['split', String(twoLegs)])
    expect([ways.get(trps[1].id)!.origin, ways.get(trps[1].id)!.origin_ids]).toEqual(['split', String(twoLegs)])
    expect([ways.get(noon)!.origin, ways.get(noon)!.origin_ids]).toEqual(['merged', `${noon}|${afterNoon}`])
    expect(ways.has(afterNoon)).toBe(false)
    const recorded = [...ways.values()].find(
      (w) => w.creation_type === 'CREATED_AUTOMATICALLY' && w.origin === 'recorded',
    )!
    expect(recorded.origin_ids).toBe(recorded.trip_id)
    expect([...ways.values()].find((w) => w.creation_type === 'CREATED_MANUALLY')?.origin).toBe('manual')
    const legRows = readCsv(out, 'legs.csv').rows.filter((r) => Number(r.trip_id) === noon)
    expect(legRows.map((r) => [r.origin, r.origin_ids])).toEqual([
      ['merged', `${noon}|${afterNoon}`],
      ['merged', `${noon}|${afterNoon}`],
    ])
    const feature = readGeoJson(out).features.find((f) => f.properties.trip_id === noon)!
    expect([feature.properties.origin, feature.properties.origin_ids]).toEqual(['merged', `${noon}|${afterNoon}`])

    const edits = readCsv(out, 'edits.csv')
    expect(edits.header).toEqual(['participant_id', 'edit_id', 'time', 'kind', 'ways_before', 'ways_after', 'undone'])
    expect(edits.rows.map((r) => [r.participant_id, r.kind, r.ways_before, r.ways_after, r.undone])).toEqual([
      [olaf.pseudonym, 'split', `${twoLegs}`, `${twoLegs}|${trps[1].id}`, 'false'],
      [olaf.pseudonym, 'merge', `${noon}|${afterNoon}`, `${noon}`, 'true'],
      [olaf.pseudonym, 'undo', `${noon}`, `${noon}|${afterNoon}`, 'false'],
      [olaf.pseudonym, 'merge', `${noon}|${afterNoon}`, `${noon}`, 'false'],
    ])
    expect(edits.rows.every((r) => /[+-]\d\d:\d\d$/.test(r.time))).toBe(true)
    expect(fs.readFileSync(path.join(out, 'README.txt'), 'utf8')).toContain('edits.csv - one row per correction')
  })
})

describe("days without ways in the export: the participant's real study days only", () => {
  test('a late joiner: no mark from before the account existed, none for the day of the export', async () => {
    const late = await createUser(db, {
      email: 'late-export@example.org',
      password: 'secret123',
      verified: true,
      campaignId: dana.campaignId!,
      joinedAt: new Date('2026-10-25T09:00:00Z'),
    })
    try {
      // Marks written before the rule held (as an older version could): before joining, on a study day, today.
      await db.insert(zeroTripDays).values(
        ['2026-10-10', '2026-10-24', '2026-10-25', '2026-10-28', '2026-11-02'].map((day) => ({
          userId: late.id,
          day,
        })),
      )
      const out = path.join(tmpDir(), 'late')
      const summary = await runExport(
        db,
        { campaignId: dana.campaignId!, outDir: out, withIdentity: false },
        { timeZone: TZ, now: NOW },
      )
      const days = readCsv(out, 'zero_trip_days.csv').rows
      expect(days.filter((r) => r.participant_id === late.pseudonym).map((r) => r.day)).toEqual([
        '2026-10-25',
        '2026-10-28',
      ])
      // Everyone else's marks as before: the demo participants joined when the study began.
      const c = await dbCounts()
      expect(days.filter((r) => r.participant_id !== late.pseudonym)).toHaveLength(c.days)
      expect(summary).toContain(`${c.days + 2} no-trip days`)
      expect(fs.readFileSync(path.join(out, 'README.txt'), 'utf8')).toContain('on their study days only')
    } finally {
      await db.delete(users).where(eq(users.id, late.id))
    }
  })
})
