// "Confirmed" is defined once: isConfirmed in app/domain/wayState.ts for TypeScript and confirmedSql in
// app/db/confirmed.ts for queries. This file keeps it so in two ways.
// - No other source file in app/ spells the rule again: a query naming a trip's confirmation or validation column,
//   raw SQL naming them, a decision read off the stored confirmation flag. Read through TypeScript's parser, so
//   comments never count; a copy of the flag into an object of the same name (a DTO, an insert) is no decision.
//   Raw SQL about legs names legs.validation_status in full.
// - The two forms agree on every combination of the stored flags, and so does every query that filters or counts
//   confirmed ways (list tabs, list page, next open way, progress, suggestions, study status, export), on a real
//   database.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database, Db } from '~/db/connect.server'
import { confirmedIs, confirmedSql } from '~/db/confirmed'
import { trips } from '~/db/schema'
import { isConfirmed, wayFacts, wayState } from '~/domain/wayState'
import type { AuthedContext } from '~/services/core.server'
import { campaignCatalogues } from '~/services/export/rows.server'
import { tripRecord } from '~/services/export/ways.server'
import { createUser, importCampaign, importTrips } from '~/services/import.server'
import { studyStatus, waysPerDay } from '~/services/study.server'
import { tripService } from '~/services/trip.server'
import { listPageOf, nextOpenWay } from '~/services/trip/navigation.server'
import { ownTrip } from '~/services/trip/model.server'
import { reviewProgress } from '~/services/trip/progress.server'
import { pastWays } from '~/services/trip/suggest.server'
import { asSessionUser, serviceContext, testDatabase } from './db'

const root = path.resolve(import.meta.dirname, '..')
/** The rule's home, and the schema that declares the columns. */
const HOME = ['app/domain/wayState.ts', 'app/db/confirmed.ts', 'app/db/schema.ts']
const FLAGS = new Set(['confirmationStatus', 'validationStatus'])
/** Drizzle's condition builders: a flag column as their operand is a condition on it, whatever the table's alias. */
const CONDITIONS = new Set(['eq', 'ne', 'not', 'and', 'or', 'isNull', 'isNotNull', 'inArray', 'notInArray'])
/** A column name in raw SQL; validation_status qualified by legs is the leg's own flag. */
const RAW = /(?<!\blegs"?\."?)\b(confirmation_status|validation_status)\b/g

interface Spelling {
  line: number
  why: string
  code: string
}

/** Every place in a source file that reads the confirmation flags on its own instead of asking the rule. */
function spellings(file: string, text: string): Spelling[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const found: Spelling[] = []
  const report = (node: ts.Node, why: string) =>
    found.push({
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      why,
      code: node.getText(source).slice(0, 80),
    })
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && FLAGS.has(node.name.text)) {
      const owner = node.expression
      const parent = node.parent
      const copied =
        ts.isPropertyAssignment(parent) && parent.initializer === node && parent.name.getText(source) === node.name.text
      const assigned =
        ts.isBinaryExpression(parent) && parent.left === node && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken
      const operand =
        ts.isCallExpression(parent) &&
        ts.isIdentifier(parent.expression) &&
        CONDITIONS.has(parent.expression.text) &&
        parent.arguments.some((a) => a === node)
      if (ts.isIdentifier(owner) && owner.text === 'trips') report(node, 'a query names the column')
      else if (operand && !(ts.isIdentifier(owner) && owner.text === 'legs')) report(node, 'a condition on the column')
      else if (node.name.text === 'confirmationStatus' && !copied && !assigned)
        report(node, 'a decision on the stored flag')
    }
    if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      if ([...node.text.matchAll(RAW)].length > 0) report(node, 'raw SQL names the column')
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

function appSources(): string[] {
  return readdirSync(path.join(root, 'app'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((file) => !file.includes('+types') && !HOME.includes(file))
}

describe('no source file outside its home spells "confirmed" again', () => {
  test('app/ holds no second spelling', () => {
    const files = appSources()
    expect(files.length).toBeGreaterThan(100)
    const found = files.flatMap((file) =>
      spellings(file, readFileSync(path.join(root, file), 'utf8')).map((s) => `${file}:${s.line} ${s.why}: ${s.code}`),
    )
    expect(
      found,
      'use isConfirmed (app/domain/wayState.ts) or confirmedSql / confirmedIs (app/db/confirmed.ts)',
    ).toEqual([])
  })

  test.each([
    ['a list filter on one column', 1, 'const w = eq(trips.validationStatus, false)'],
    [
      'the rule spelled in drizzle',
      2,
      'const w = or(eq(trips.confirmationStatus, true), eq(trips.validationStatus, true))',
    ],
    ['a sort by the column', 1, 'q.orderBy(trips.confirmationStatus)'],
    ['a condition on an aliased table', 1, "const t = alias(trips, 't'); const w = eq(t.validationStatus, true)"],
    ['a count in raw SQL', 1, 'const q = sql`select count(*) filter (where confirmation_status) from trips`'],
    ['an aliased column in raw SQL', 1, 'const q = sql`select 1 from trips t where ${x} and t.validation_status`'],
    ['a quoted column in raw SQL', 1, `const q = 'select 1 from trips where "trips"."confirmation_status"'`],
    ['the rule spelled in TypeScript', 1, 'const c = trip.confirmationStatus || trip.validationStatus'],
    ['a filter on the stored flag', 1, 'const done = ways.filter((w) => w.confirmationStatus)'],
    ['a branch on the stored flag', 1, 'if (row.confirmationStatus) go()'],
  ])('%s is found', (_, n, code) => {
    expect(spellings('app/services/x.server.ts', code)).toHaveLength(n)
  })

  test.each([
    ['writing both flags', 'await tx.update(trips).set({ confirmationStatus: true, validationStatus: true })'],
    ["a leg's validation", 'const all = legRows.every((l) => l.validationStatus)'],
    ['a condition on the legs table', 'const w = eq(legs.validationStatus, true)'],
    ['raw SQL on the legs table', 'const q = sql`select count(*) filter (where legs.validation_status) from legs`'],
    ['quoted raw SQL on the legs table', `const q = 'select 1 from legs where "legs"."validation_status"'`],
    [
      'a copy into a DTO',
      'const dto = { confirmationStatus: trip.confirmationStatus, validationStatus: t.validationStatus }',
    ],
    ['setting a property', 'draft.confirmationStatus = true'],
    [
      'a comment',
      '// trips.confirmationStatus, eq(trips.validationStatus, true), where confirmation_status\nconst x = 1',
    ],
    ['the rule asked', 'const c = isConfirmed(trip); const w = confirmedIs(false)'],
  ])('%s is not', (_, code) => {
    expect(spellings('app/services/x.server.ts', code)).toEqual([])
  })
})

// ---------------------------------------------------------------------------------------------------------------
// Every query answers as the rule does, for each combination of the stored flags.

const TZ = 'Europe/Berlin'
const PURPOSE = 970_001
const NOW = new Date('2026-05-20T10:00:00Z')
const FLAG_CASES = [
  { name: 'neither flag stored', flags: { confirmationStatus: false, validationStatus: false } },
  { name: 'both flags stored', flags: { confirmationStatus: true, validationStatus: true } },
  // Stored by a file or an older version that set only one flag.
  { name: 'only validationStatus stored', flags: { confirmationStatus: false, validationStatus: true } },
  { name: 'only confirmationStatus stored', flags: { confirmationStatus: true, validationStatus: false } },
]
let database: Database
let db: Db
let campaignId: number
const cases: { name: string; ctx: AuthedContext; open: number; way: number }[] = []

beforeAll(async () => {
  database = await testDatabase()
  db = database.db
  campaignId = await importCampaign(
    db,
    {
      name: 'Confirmed once',
      startDate: '2026-05-01',
      endDate: '2026-06-30',
      tripPurposes: [{ id: PURPOSE, name: 'Arbeit' }],
      trpFdbkReasons: [{ id: PURPOSE + 1, name: 'Falsch' }],
    },
    { timeZone: TZ },
  )
  const tag = Date.now()
  for (const [i, { name, flags }] of FLAG_CASES.entries()) {
    const user = await createUser(db, {
      email: `confirmed-once-${i}-${tag}@example.org`,
      password: 'secret123',
      campaignId,
      verified: true,
    })
    // An open way first (older), then the way whose flags are set below.
    const leg = (from: string, to: string) => ({
      startTime: `2026-05-1${i} ${from}`,
      endTime: `2026-05-1${i} ${to}`,
      tfcModes: ['WALK'],
      tripPurposes: [PURPOSE],
    })
    const { tripIds } = await importTrips(
      db,
      { email: user.email, trips: [{ legs: [leg('07:00', '07:30')] }, { legs: [leg('08:00', '08:30')] }] },
      { timeZone: TZ },
    )
    const [open, way] = tripIds as [number, number]
    await db.update(trips).set(flags).where(eq(trips.id, way))
    const ctx = serviceContext(database, {
      user: asSessionUser({ id: user.id, email: user.email, campaignId }),
      now: NOW,
    })
    cases.push({ name, ctx, open, way })
  }
})

afterAll(async () => {
  await database?.close()
})

describe('every query counts a way as confirmed exactly when the rule does', () => {
  test.each(FLAG_CASES.map((c, day) => ({ ...c, day })))('$name', async ({ name, flags, day }) => {
    const c = cases.find((x) => x.name === name)!
    const confirmed = isConfirmed(flags)
    const n = confirmed ? 1 : 0
    const [row] = await db.select().from(trips).where(eq(trips.id, c.way))
    expect(wayState(wayFacts(row!, [{ purposeIds: [PURPOSE] }])).status !== 'unconfirmed').toBe(confirmed)

    // The SQL expression itself, plain, as a condition, and under a raw query's alias.
    const [sqlRow] = await db.select({ v: confirmedSql() }).from(trips).where(eq(trips.id, c.way))
    expect(sqlRow!.v).toBe(confirmed)
    const matching = await db.select({ id: trips.id }).from(trips).where(confirmedIs(true))
    expect(matching.some((r) => r.id === c.way)).toBe(confirmed)
    const aliased = await db.execute(sql`select ${confirmedSql('t')} as v from trips t where t.id = ${c.way}`)
    const rows = (Array.isArray(aliased) ? aliased : (aliased as { rows: unknown[] }).rows) as { v: boolean }[]
    expect(rows[0]!.v).toBe(confirmed)

    // The list's tabs and the HTTP API's filter.
    const listed = async (validationStatus: boolean) =>
      (await tripService.getTrips(c.ctx, { validationStatus, withGeom: false })).trps.map((t) => t.id)
    expect((await listed(true)).includes(c.way)).toBe(confirmed)
    expect((await listed(false)).includes(c.way)).toBe(!confirmed)
    // The list page a way is found on: the open way is older, so the way counts before it only in its own tab.
    expect(await listPageOf(c.ctx, c.open, { validationStatus: false }, 1)).toBe(confirmed ? 1 : 2)
    // The way to review next, the progress bar and the history of purpose suggestions.
    expect(await nextOpenWay(c.ctx, c.open)).toBe(confirmed ? null : c.way)
    expect((await reviewProgress(c.ctx)).confirmed).toBe(n)
    expect((await pastWays(c.ctx, [])).map((w) => w.id)).toEqual(confirmed ? [c.way] : [])

    // The researcher's status and the export.
    const status = await studyStatus(db, { campaignId, now: NOW })
    const me = status.participants.find((p) => p.userId === c.ctx.user.id)!
    expect([me.confirmed, me.waiting]).toEqual([n, 2 - n])
    const days = await waysPerDay(db, campaignId, TZ)
    expect(days.find((d) => d.day === `2026-05-1${day}`)!.confirmed).toBe(n)
    const dto = await ownTrip(c.ctx, c.way)
    expect(dto.confirmationStatus).toBe(confirmed)
    const cat = await campaignCatalogues(db, campaignId, 'de_DE')
    expect(tripRecord(dto, row!, cat, TZ).confirmed).toBe(confirmed)
  })
})
