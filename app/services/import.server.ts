// Researcher import (the admin CLI's file formats): users, campaigns with their questionnaires and catalogues, assignments and
// trips. Used by the admin CLI (app/cli) and the demo seed. Every function validates its whole input first, then
// writes in one transaction, so a rejected call changes nothing; rejections are ImportErrors listing every problem
// found, each with the path of its field. A dry run does every check (the database's included, inside a
// transaction that is rolled back) and writes nothing.
import crypto from 'node:crypto'
import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '~/db/connect.server'
import {
  campaigns,
  faqs,
  feedbackReasons,
  legs,
  questionnaires,
  textModules,
  tripPurposes,
  trips,
  users,
  zeroTripDays,
  type LatLon,
  type LocalizedText,
} from '~/db/schema'
import { PASSWORD_MIN_LENGTH, passwordLongEnough } from '~/domain/password'
import { fileTimeToDate, parseFileTime } from '~/domain/fileTime'
import { tripName } from '~/domain/tripName'
import { pathLength } from '~/domain/geometry'
import { LIMITS } from '~/domain/limits'
import { LOCALES } from '~/domain/locale'
import { importedSources, type LabelSource } from '~/domain/provenance'
import { dayInZone, type Day } from '~/domain/time'
import { studyTimeZone } from '~/infra/env.server'
import { localized } from './info.server'
import { hashPassword } from './password.server'
import { forgetImported } from './import-cache.server'
import {
  campaignBounds,
  CampaignFileSchema,
  formatPath,
  IdSchema,
  mergeFieldSubQuestions,
  questionnaireIds,
  type CampaignFile,
  type IdUse,
  type Text,
} from './schemas/campaign-file'
import { LEG_READ_ONLY, TRIP_READ_ONLY, TripFileSchema, tripsInFile, type TripFile } from './schemas/trips-file'
import { clearNoTripMark, daysOverWayCap, modesFrom, purposesFrom } from './trip/model.server'

/** One problem of a file: where (the path as keys, and as text such as `questionnaires[0].type`) and what. */
export interface Problem {
  at: PropertyKey[]
  path: string
  message: string
}

const problem = (at: PropertyKey[], message: string): Problem => ({ at, path: formatPath(at), message })

/**
 * Bad input: every problem found, one per line of the message, each starting with the path of its field, e.g.
 * `questionnaires[0].type: …`. `path` and `reason` are the first problem's.
 */
export class ImportError extends Error {
  public readonly problems: Problem[]
  constructor(path: string | Problem[], reason?: string) {
    const problems = typeof path === 'string' ? [{ at: [path], path, message: reason ?? '' }] : path
    super(problems.map((p) => `${p.path}: ${p.message}`).join('\n'))
    this.name = 'ImportError'
    this.problems = problems
  }
  get path() {
    return this.problems[0]?.path ?? ''
  }
  get reason() {
    return this.problems[0]?.message ?? ''
  }
}

export interface ImportOptions {
  /** Zone of the file's 'YYYY-MM-DD HH:mm' times; default STUDY_TIME_ZONE, else Europe/Berlin. */
  timeZone?: string
  /** Check everything, write nothing. */
  dryRun?: boolean
}

/** Thrown inside a dry run's transaction to roll it back. */
class DryRunRollback extends Error {
  constructor(public readonly value: unknown) {
    super('dry run')
  }
}

/** Runs fn in a transaction that is rolled back when dryRun is set; returns fn's value either way. */
async function transaction<T>(db: DbOrTx, dryRun: boolean | undefined, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const value = await fn(tx)
      if (dryRun) throw new DryRunRollback(value)
      return value
    })
  } catch (err) {
    if (err instanceof DryRunRollback) return err.value as T
    throw err
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Validation helpers

type Issue = z.core.$ZodIssue

/**
 * The most telling issue: a union reports only "Invalid input", so descend into the branch that got furthest
 * (longest path, then a wrong value over a wrong type) and prefix the union's own path.
 */
function bestIssue(issue: Issue): { path: PropertyKey[]; message: string } {
  // A typo in a key reads best at the key itself.
  if (issue.code === 'unrecognized_keys') return { path: [...issue.path, issue.keys[0]], message: 'unknown field' }
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
    return { path: issue.path, message: `required (${issue.expected})` }
  }
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return { path: issue.path, message: issue.message }
  const score = (i: Issue) => i.path.length * 2 + (i.code === 'invalid_type' ? 0 : 1)
  const branches = issue.errors.filter((b) => b.length > 0).map((b) => b[0])
  const best = branches.sort((a, b) => score(b) - score(a))[0]
  if (!best) return { path: issue.path, message: issue.message }
  const inner = bestIssue(best)
  return { path: [...issue.path, ...inner.path], message: inner.message }
}

/** Every problem zod found, each once, best issue per union. */
function problemsOf(error: z.ZodError, prefix: PropertyKey[] = []): Problem[] {
  const seen = new Set<string>()
  const out: Problem[] = []
  for (const issue of error.issues) {
    const { path, message } = bestIssue(issue)
    const p = problem([...prefix, ...path], message)
    const key = `${p.path}\u0000${p.message}`
    if (!seen.has(key)) out.push(p)
    seen.add(key)
  }
  return out
}

function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, prefix: PropertyKey[] = []): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  throw new ImportError(problemsOf(result.error, prefix))
}

/** A file's time ('YYYY-MM-DD HH:mm[:ss]' in the study zone, or ISO 8601 with an offset) → instant. */
function wallTime(value: string, timeZone: string): Date {
  const t = parseFileTime(value)
  if (!t) throw new Error(`not a checked time: ${value}`)
  return fileTimeToDate(t, timeZone)
}

/** "ignored read-only fields: distance (3×), legs[].id (7×)": what a file carried that the database computes. */
function readOnlyNote(counts: Map<string, number>): string[] {
  if (!counts.size) return []
  return [`ignored read-only fields: ${[...counts].map(([k, n]) => `${k} (${n}×)`).join(', ')}`]
}
const countKeys = (counts: Map<string, number>, obj: unknown, keys: readonly string[], label = (k: string) => k) => {
  if (!obj || typeof obj !== 'object') return
  for (const k of keys) if (Object.hasOwn(obj, k)) counts.set(label(k), (counts.get(label(k)) ?? 0) + 1)
}

const localizedName = (text: Text): LocalizedText => (typeof text === 'string' ? { de_DE: text } : text)

// Imports take one database-wide lock, so two of them (CLI and a booting server's demo seed, or two CLIs against
// one PostgreSQL) cannot both find an id free and then both use it. Re-entrant within one transaction.
const IMPORT_LOCK = 0x7d1a_0001

export async function lockImports(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`)
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null
  return e?.code === '23505' || e?.cause?.code === '23505'
}

// ---------------------------------------------------------------------------------------------------------------
// Users

const CreateUserSchema = z.object({
  email: z.email().max(320),
  password: z.string().max(1000).refine(passwordLongEnough, `at least ${PASSWORD_MIN_LENGTH} characters`),
  verified: z.boolean().default(false),
  campaignId: IdSchema.nullish(),
  firstName: z.string().max(200).nullish(),
  lastName: z.string().max(200).nullish(),
  /** The forced password change after the first login. */
  passwordUpdateRequired: z.boolean().default(false),
  /** When the account came to be (default: now); a seeded study's participants joined at its start. */
  joinedAt: z.date().optional(),
})
export type CreateUserInput = z.input<typeof CreateUserSchema>

export interface CreatedUser {
  id: number
  email: string
  pseudonym: string
}

/** A pseudonymous id for research exports: not derived from anything personal. */
export function newPseudonym(): string {
  return 'p_' + crypto.randomBytes(5).toString('hex')
}

export async function createUser(db: DbOrTx, input: CreateUserInput): Promise<CreatedUser> {
  const data = parseOrThrow(CreateUserSchema, input)
  const email = data.email.toLowerCase()
  // Hash before the transaction: argon2 takes a while and needs no lock.
  const passwordHash = await hashPassword(data.password)
  try {
    return await db.transaction(async (tx) => {
      if (await userByEmail(tx, email)) throw new ImportError('email', `a user with the e-mail ${email} already exists`)
      if (data.campaignId != null) await requireCampaign(tx, data.campaignId, 'campaignId')
      const pseudonym = newPseudonym()
      const [row] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          verified: data.verified,
          passwordUpdateRequired: data.passwordUpdateRequired,
          campaignId: data.campaignId ?? null,
          firstName: data.firstName ?? null,
          lastName: data.lastName ?? null,
          pseudonym,
          ...(data.joinedAt ? { createdAt: data.joinedAt } : {}),
        })
        .returning({ id: users.id })
      return { id: row.id, email, pseudonym }
    })
  } catch (err) {
    // Another process created the same e-mail between our check and our insert.
    if (isUniqueViolation(err)) throw new ImportError('email', `a user with the e-mail ${email} already exists`)
    throw err
  }
}

async function userByEmail(tx: DbOrTx, email: string) {
  const [row] = await tx
    .select({ id: users.id, campaignId: users.campaignId })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1)
  return row
}

async function requireUser(tx: DbOrTx, email: string) {
  const user = await userByEmail(tx, email)
  if (!user) throw new ImportError('email', `no user with the e-mail ${email.toLowerCase()}`)
  return user
}

async function requireCampaign(tx: DbOrTx, campaignId: number, path: string) {
  const [row] = await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId))
  if (!row) throw new ImportError(path, `campaign ${campaignId} does not exist`)
}

const AssignSchema = z.object({ campaignId: IdSchema, email: z.string().min(1) })

export async function assignCampaign(db: DbOrTx, input: { campaignId: number; email: string }): Promise<void> {
  const { campaignId, email } = parseOrThrow(AssignSchema, input)
  await db.transaction(async (tx) => {
    const user = await requireUser(tx, email)
    await requireCampaign(tx, campaignId, 'campaignId')
    await tx.update(users).set({ campaignId }).where(eq(users.id, user.id))
  })
}

// ---------------------------------------------------------------------------------------------------------------
// Campaigns

/** Imports a campaign file (CampaignFileSchema) and returns the new campaign's id. */
export async function importCampaign(db: DbOrTx, json: unknown, opts: ImportOptions = {}): Promise<number> {
  return (await importCampaignFile(db, json, opts)).id
}

export interface CampaignImportResult {
  /** The new campaign's id (in a dry run: the id it would have had). */
  id: number
  /** What the import read differently from how it was written (ignored fields, merged questions). */
  notes: string[]
}

/** What a valid campaign file carried that the import ignores or reads in another form. */
function campaignNotes(json: unknown): string[] {
  const counts = new Map<string, number>()
  const o = json as Record<string, unknown>
  countKeys(counts, o, ['id', 'initialQtnSummary', 'finalQtnSummary'])
  const qs = Array.isArray(o.questionnaires) ? (o.questionnaires as Record<string, unknown>[]) : []
  for (const q of qs) countKeys(counts, q, ['available', 'answered'], (k) => `questionnaires[].${k}`)
  for (const key of ['faqs', 'textModules']) {
    const list = Array.isArray(o[key]) ? (o[key] as Record<string, unknown>[]) : []
    for (const item of list) countKeys(counts, item, ['id'], (k) => `${key}[].${k}`)
  }
  const notes = readOnlyNote(counts)
  const everyLanguage = ['faqs', 'textModules'].map(
    (key) =>
      [
        key,
        (Array.isArray(o[key]) ? (o[key] as Record<string, unknown>[]) : []).filter((i) => i && !i.locale).length,
      ] as const,
  )
  for (const [key, n] of everyLanguage) if (n) notes.push(`${key}: ${n} without locale, each applied to every language`)
  // A name or description given per language but not in every one: the pages of the missing language show another.
  for (const key of ['name', 'desc', 'description']) {
    const text = o[key]
    if (!text || typeof text !== 'object' || Array.isArray(text)) continue
    const given = LOCALES.filter((l) => typeof (text as Record<string, unknown>)[l] === 'string')
    const missing = LOCALES.filter((l) => !given.includes(l))
    if (given.length && missing.length)
      notes.push(`${key} has no ${missing.join(', ')} text: pages in that language show the ${given[0]} one`)
  }
  let merged = 0
  const visit = (section: unknown) => {
    const questions = (section as { questions?: unknown })?.questions
    if (!Array.isArray(questions)) return
    for (const q of questions as Record<string, unknown>[]) {
      if (mergeFieldSubQuestions(q) !== q) merged++
      visit((q?.filter as { section?: unknown } | undefined)?.section)
    }
  }
  for (const q of qs) visit(q?.section)
  if (merged)
    notes.push(
      `${merged} multi-field question(s) with one sub-question per field read as one sub-question with an option per field`,
    )
  const modes = qs.filter((q) => q && q.type !== 'LEG_BASED' && Array.isArray(q.tfcModes) && q.tfcModes.length).length
  if (modes)
    notes.push(`${modes} questionnaire(s) that are not LEG_BASED list every mode in tfcModes: they apply to every way`)
  return notes
}

/** Imports a campaign file; with opts.dryRun checks everything (the ids against the database too), writes nothing. */
export async function importCampaignFile(
  db: DbOrTx,
  json: unknown,
  opts: ImportOptions = {},
): Promise<CampaignImportResult> {
  const file = parseOrThrow(CampaignFileSchema, json)
  const notes = campaignNotes(json)
  const timeZone = opts.timeZone ?? studyTimeZone()
  try {
    const id = await transaction(db, opts.dryRun, async (tx) => {
      await lockImports(tx)
      // Error paths name the key the file used for its feedback reasons.
      const reasonsKey =
        json && typeof json === 'object' && 'trpFdbkReasons' in json ? 'trpFdbkReasons' : 'feedbackReasons'
      await rejectUsedIds(tx, file, reasonsKey)
      const { start, end } = campaignBounds(file)
      const [{ id: campaignId }] = await tx
        .insert(campaigns)
        .values({
          name: file.name,
          desc: file.desc,
          nameI18n: file.nameI18n,
          descI18n: file.descI18n,
          startAt: wallTime(start, timeZone),
          endAt: wallTime(end, timeZone),
          creator: file.creator ?? null,
          contactByPhoneNo: file.contactByPhoneNo ?? null,
          contactByEmail: file.contactByEmail ?? null,
          participationAutomaticallyAllowed: file.participationAutomaticallyAllowed,
        })
        .returning({ id: campaigns.id })
      await insertCatalogues(tx, campaignId, file)
      await insertQuestionnaires(tx, campaignId, file, timeZone)
      return campaignId
    })
    return { id, notes }
  } finally {
    // What processes keep of campaigns (import-cache.server.ts) may be stale now.
    forgetImported()
  }
}

async function insertCatalogues(tx: DbOrTx, campaignId: number, file: CampaignFile) {
  const named = (list: { id: number; name: Text }[]) =>
    list.map((p, sortIdx) => ({ id: p.id, campaignId, name: localizedName(p.name), sortIdx }))
  if (file.tripPurposes.length) await tx.insert(tripPurposes).values(named(file.tripPurposes))
  if (file.feedbackReasons.length) await tx.insert(feedbackReasons).values(named(file.feedbackReasons))
  if (file.faqs.length) {
    await tx
      .insert(faqs)
      .values(
        file.faqs.map((f, sortIdx) => ({ campaignId, locale: f.locale, question: f.question, answ: f.answ, sortIdx })),
      )
  }
  if (file.textModules.length) {
    await tx
      .insert(textModules)
      .values(
        file.textModules.map((m) => ({ campaignId, constant: m.txtModuleConstant, locale: m.locale, text: m.text })),
      )
  }
}

async function insertQuestionnaires(tx: DbOrTx, campaignId: number, file: CampaignFile, timeZone: string) {
  if (!file.questionnaires.length) return
  await tx.insert(questionnaires).values(
    file.questionnaires.map((q) => ({
      id: q.id,
      campaignId,
      type: q.type,
      mandatory: q.mandatory,
      availFrom: q.availFrom ? wallTime(q.availFrom, timeZone) : null,
      availUntil: q.availUntil ? wallTime(q.availUntil, timeZone) : null,
      tfcModes: q.tfcModes,
      definition: q as unknown as Record<string, unknown>,
    })),
  )
}

/** Rejects the file when its kept ids already exist (in any campaign, or in the global catalogues): all of them. */
async function rejectUsedIds(tx: DbOrTx, file: CampaignFile, reasonsKey: string) {
  const problems: Problem[] = []
  const collect = async (fn: () => Promise<void> | void) => {
    try {
      await fn()
    } catch (err) {
      if (!(err instanceof ImportError)) throw err
      problems.push(...err.problems)
    }
  }
  await collect(() => rejectUsedRowIds(tx, tripPurposes, 'tripPurposes', 'trip purpose', file.tripPurposes))
  await collect(() => rejectUsedRowIds(tx, feedbackReasons, reasonsKey, 'feedback reason', file.feedbackReasons))
  await collect(() => rejectUsedRowIds(tx, questionnaires, 'questionnaires', 'questionnaire', file.questionnaires))

  // Question and answer option ids live inside the stored definitions.
  const stored = await tx
    .select({ campaignId: questionnaires.campaignId, definition: questionnaires.definition })
    .from(questionnaires)
  const taken = new Map<string, number>()
  for (const row of stored) for (const key of idsInDefinition(row.definition)) taken.set(key, row.campaignId)
  for (const [i, q] of file.questionnaires.entries()) {
    for (const use of questionnaireIds(q.section, ['questionnaires', i, 'section'])) {
      const owner = taken.get(`${use.kind}:${use.id}`)
      if (owner !== undefined) problems.push(...usedBy(use, owner).problems)
    }
  }
  if (problems.length) throw new ImportError(problems)
}

type CatalogueTable = typeof tripPurposes | typeof feedbackReasons | typeof questionnaires

async function rejectUsedRowIds(tx: DbOrTx, table: CatalogueTable, key: string, kind: string, items: { id: number }[]) {
  if (!items.length) return
  const rows = await tx
    .select({ id: table.id, campaignId: table.campaignId })
    .from(table)
    .where(
      inArray(
        table.id,
        items.map((p) => p.id),
      ),
    )
  const owner = new Map(rows.map((r) => [r.id, r.campaignId]))
  const problems = items.flatMap((item, i) =>
    owner.has(item.id)
      ? usedBy({ kind: kind as IdUse['kind'], id: item.id, path: [key, i, 'id'] }, owner.get(item.id) ?? null).problems
      : [],
  )
  if (problems.length) throw new ImportError(problems)
}

function usedBy(use: IdUse, campaignId: number | null): ImportError {
  const where = campaignId == null ? 'the global catalogue' : `campaign ${campaignId}`
  return new ImportError([problem(use.path, `${use.kind} id ${use.id} is already used by ${where}`)])
}

/** 'question:ID' and 'answer option:ID' keys of a stored definition; tolerant of its shape. */
function idsInDefinition(definition: unknown): string[] {
  const out: string[] = []
  const visitSection = (section: unknown) => {
    const questions = (section as { questions?: unknown })?.questions
    if (!Array.isArray(questions)) return
    for (const q of questions as {
      id?: number
      subQuestions?: { answOpts?: { id?: number }[] }[]
      filter?: { section?: unknown }
    }[]) {
      out.push(`question:${q.id}`)
      for (const sub of q.subQuestions ?? []) for (const opt of sub.answOpts ?? []) out.push(`answer option:${opt.id}`)
      if (q.filter?.section) visitSection(q.filter.section)
    }
  }
  visitSection((definition as { section?: unknown })?.section)
  return out
}

// ---------------------------------------------------------------------------------------------------------------
// Trips

/** Length of a polyline in metres. */
export interface TripsImportResult {
  /** The new ways' ids (in a dry run: the ids they would have had). */
  tripIds: number[]
  /** Legs of the new ways. */
  legs: number
  /** Ways the participant already had, as the file gives them: left as they are. */
  present: number
  /** Ways the participant already had that the file gives differently: reported, left as they are. */
  changed: ChangedWay[]
  /** What the import read differently from how it was written (the file's shape, ignored fields). */
  notes: string[]
}

/** A way of the file the participant already has, given differently: where in the file, and which stored way. */
interface ChangedWay {
  path: string
  tripId: number
}

export interface TripsProgress {
  done: number
  total: number
}

/** Parses a trips file in any of its accepted shapes; problems name the paths of the file as written. */
async function parseTripsFile(raw: unknown): Promise<{ trips: TripFile[]; notes: string[]; at: PropertyKey[] }> {
  const found = tripsInFile(raw)
  if (!found) {
    throw new ImportError([
      problem([], 'expected an array of trips (or trip.getTrip / getTrips output, one trip, or the data download)'),
    ])
  }
  const problems: Problem[] = []
  const trips: TripFile[] = []
  const counts = new Map<string, number>()
  for (const [i, item] of found.items.entries()) {
    // A big file is checked in slices: the server answers its other requests in between.
    if (i > 0 && i % IMPORT_CHECK_SLICE === 0) await yieldToRequests()
    const result = found.schema.safeParse(item)
    if (result.success) trips.push(result.data)
    else problems.push(...problemsOf(result.error, [...found.at, i]))
    if (found.schema === TripFileSchema) {
      countKeys(counts, item, TRIP_READ_ONLY)
      const legList = (item as { legs?: unknown })?.legs
      if (Array.isArray(legList)) for (const leg of legList) countKeys(counts, leg, LEG_READ_ONLY, (k) => `legs[].${k}`)
    }
  }
  if (problems.length) throw new ImportError(problems)
  const notes =
    found.shape === 'trips' ? [] : [`read as ${found.shape} (${found.items.length} ways at ${formatPath(found.at)})`]
  if (found.shape === 'data download')
    notes.push('ignored the fields the data download computes (names of modes and purposes, durations, status)')
  return { trips, notes: [...notes, ...readOnlyNote(counts)], at: found.at }
}

/** Ways checked between two chances for the server to answer other requests. */
const IMPORT_CHECK_SLICE = 500
/**
 * Ways written in one transaction, at most, and for at most this long: other requests get the database between
 * batches, and the event loop every IMPORT_YIELD_MS within one (a request that needs no database is answered at once).
 * Fewer, longer batches spare the embedded database a flush per commit.
 */
const IMPORT_BATCH_WAYS = 1000
const IMPORT_BATCH_MS = 500
const IMPORT_YIELD_MS = 50

/** Lets the event loop run whatever waits (other requests) before going on. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Imports a trips file (TripsFileSchema) for the participant with that e-mail, all or nothing: every check (the
 * file, the participant, the purposes and reasons it names) runs before anything is written, so a refused file costs
 * no write; then the ways are written in short transactions with the server free to answer others in between, and a
 * batch that fails takes the earlier batches back (their ways deleted, the no-trip marks they cleared restored).
 */
export async function importTrips(
  db: DbOrTx,
  input: { email: string; trips: unknown },
  opts: ImportOptions & { onProgress?: (p: TripsProgress) => void } = {},
): Promise<TripsImportResult> {
  const { trips: file, notes, at } = await parseTripsFile(input.trips)
  const timeZone = opts.timeZone ?? studyTimeZone()
  checkWaysPerDayInFile(file, at, timeZone)
  const user = await requireUser(db, input.email)
  const purposeNames = await checkReferences(db, user.campaignId, file, at)
  // Which ways of the file are new, already there, or there but given differently: decided before any write. A way
  // the file gives twice, exactly alike, is added once; two different ways starting alike are two ways.
  const known = await knownWays(db, user.id, file, timeZone)
  const fresh: { trip: TripFile; keys: WayKeys }[] = []
  const changed: ChangedWay[] = []
  let present = 0
  for (const [i, trip] of file.entries()) {
    const keys = wayKeys(trip, timeZone)
    const same = known.find(keys)
    if (same && same.tripId > 0 && same.hash != null && same.hash !== keys.hash)
      changed.push({ path: formatPath([...at, i]), tripId: same.tripId })
    else if (same) present++
    else {
      known.add(keys, 0)
      fresh.push({ trip, keys })
    }
  }
  const tripIds: number[] = []
  const cleared: (typeof zeroTripDays.$inferSelect)[] = []
  let legCount = 0
  try {
    while (tripIds.length < fresh.length) {
      const started = Date.now()
      const batch = await transaction(db, opts.dryRun, async (tx) => {
        const done = { ids: [] as number[], cleared: [] as (typeof zeroTripDays.$inferSelect)[], legs: 0 }
        let yielded = started
        for (let t = tripIds.length; t < fresh.length && done.ids.length < IMPORT_BATCH_WAYS; t++) {
          const written = await insertTrip(tx, user.id, fresh[t].trip, timeZone, purposeNames, fresh[t].keys)
          done.ids.push(written.id)
          done.cleared.push(...written.cleared)
          done.legs += fresh[t].trip.legs.length
          if (Date.now() - started > IMPORT_BATCH_MS) break
          if (Date.now() - yielded > IMPORT_YIELD_MS) {
            await yieldToRequests()
            yielded = Date.now()
          }
        }
        return done
      })
      tripIds.push(...batch.ids)
      if (!opts.dryRun) cleared.push(...batch.cleared)
      legCount += batch.legs
      opts.onProgress?.({ done: tripIds.length, total: fresh.length })
      await yieldToRequests()
    }
    if (!opts.dryRun) await checkWaysPerDayStored(db, user.id, file, at, timeZone)
  } catch (e) {
    if (!opts.dryRun) await undoImport(db, tripIds, cleared)
    throw e
  }
  return { tripIds, legs: legCount, present, changed, notes }
}

/** Takes back the batches an import wrote before one failed. */
async function undoImport(db: DbOrTx, tripIds: number[], cleared: (typeof zeroTripDays.$inferSelect)[]) {
  await db.transaction(async (tx) => {
    for (let i = 0; i < tripIds.length; i += 1000)
      await tx.delete(trips).where(inArray(trips.id, tripIds.slice(i, i + 1000)))
    if (cleared.length) await tx.insert(zeroTripDays).values(cleared).onConflictDoNothing()
  })
}

/** The day (time zone of the import) each way of the file starts on. */
function fileDays(file: TripFile[], timeZone: string): Day[] {
  return file.map((trip) => dayInZone(wallTime(trip.legs[0].startTime, timeZone), timeZone))
}

/** A problem for every way of the file beyond the cap on its day, counting `before` ways already there. */
function overCap(file: TripFile[], at: PropertyKey[], timeZone: string, before: Map<Day, number>): Problem[] {
  const seen = new Map<Day, number>()
  const problems: Problem[] = []
  fileDays(file, timeZone).forEach((day, t) => {
    const n = (seen.get(day) ?? before.get(day) ?? 0) + 1
    seen.set(day, n)
    if (n > LIMITS.waysPerDay)
      problems.push(problem([...at, t], `way ${n} on ${day}; at most ${LIMITS.waysPerDay} ways a day per participant`))
  })
  return problems
}

/** The file alone holds more ways on one day than the cap allows: refused before anything is read or written. */
function checkWaysPerDayInFile(file: TripFile[], at: PropertyKey[], timeZone: string) {
  const problems = overCap(file, at, timeZone, new Map())
  if (problems.length) throw new ImportError(problems)
}

/**
 * With the file's ways stored, no day of the participant may hold more ways than the cap allows; the file's ways are
 * counted after those already there, so the problems name the ways of the file beyond it (the batches written are
 * taken back). Counted after storing, so a way the import does not add again is not counted twice.
 */
async function checkWaysPerDayStored(
  tx: DbOrTx,
  userId: number,
  file: TripFile[],
  at: PropertyKey[],
  timeZone: string,
) {
  if (file.length === 0) return
  const starts = file.map((trip) => wallTime(trip.legs[0].startTime, timeZone).getTime())
  const from = new Date(starts.reduce((a, b) => Math.min(a, b)))
  const to = new Date(starts.reduce((a, b) => Math.max(a, b)))
  const over = await daysOverWayCap(tx, userId, from, to, timeZone)
  if (over.length === 0) return
  const inFile = new Map<Day, number>()
  for (const day of fileDays(file, timeZone)) inFile.set(day, (inFile.get(day) ?? 0) + 1)
  const before = new Map(over.map(({ day, n }) => [day, Math.max(0, n - (inFile.get(day) ?? 0))]))
  const problems = overCap(file, at, timeZone, before)
  throw new ImportError(
    problems.length
      ? problems
      : over.map(({ day, n }) =>
          problem(at, `${n} ways on ${day}; at most ${LIMITS.waysPerDay} ways a day per participant`),
        ),
  )
}

/** A trips file's labels as leg columns: their source (the file's word, else as domain/provenance.ts reads them). */
function labelsAtImport(
  purposeIds: number[],
  tfcModes: string[],
  detectedModes: string[],
  purposeSource: LabelSource | null | undefined,
  modeSource: LabelSource | null | undefined,
  at: Date,
) {
  const s = importedSources({ purposeIds, tfcModes, detectedModes, purposeSource, modeSource })
  return { ...purposesFrom(s.purposeSource, at), ...modesFrom(s.modeSource, at) }
}

/** How an imported way is recognised again: the file's id, else its start and geometry; and its fingerprint. */
interface WayKeys {
  importId: string | null
  startAndGeom: string
  hash: string
}

const sha = (text: string) => crypto.createHash('sha256').update(text).digest('base64url')
const geomKey = (legGeoms: readonly (readonly LatLon[])[]) =>
  sha(JSON.stringify(legGeoms.map((g) => g.map((p) => [p.lat, p.lon]))))

function wayKeys(trip: TripFile, timeZone: string): WayKeys {
  const start = wallTime(trip.legs[0].startTime, timeZone).getTime()
  const { importId, ...content } = trip
  return {
    importId,
    startAndGeom: `${start}|${geomKey(trip.legs.map((l) => l.geom))}`,
    hash: sha(JSON.stringify(content)),
  }
}

/**
 * The participant's ways a file may give again: those with one of the file's ids, and those starting when a way of
 * the file starts (compared by geometry). A way with an id of the file is the same as the stored way with that id;
 * without one (or with an id nothing has yet), as a stored way with the same start and geometry.
 */
async function knownWays(tx: DbOrTx, userId: number, file: TripFile[], timeZone: string) {
  type Known = { tripId: number; hash: string | null }
  const ids = [...new Set(file.map((t) => t.importId).filter((id): id is string => id != null))]
  const starts = [...new Set(file.map((t) => wallTime(t.legs[0].startTime, timeZone).toISOString()))]
  const byId = new Map<string, Known>()
  // Several ways may start alike (two ways added by hand at one time): each is matched once.
  const byStart = new Map<string, Known[]>()
  const matched = new Set<number>()
  const chunk = <T>(list: T[], n = 1000) =>
    Array.from({ length: Math.ceil(list.length / n) }, (_, i) => list.slice(i * n, i * n + n))
  for (const part of chunk(ids)) {
    const rows = await tx
      .select({ id: trips.id, importId: trips.importId, importHash: trips.importHash })
      .from(trips)
      .where(and(eq(trips.userId, userId), inArray(trips.importId, part)))
    for (const r of rows) byId.set(r.importId!, { tripId: r.id, hash: r.importHash })
  }
  const addStart = (key: string, way: Known) => byStart.set(key, [...(byStart.get(key) ?? []), way])
  for (const part of chunk(starts)) {
    const rows = await tx
      .select({ id: trips.id, startTime: trips.startTime, importHash: trips.importHash })
      .from(trips)
      .where(
        and(
          eq(trips.userId, userId),
          inArray(
            trips.startTime,
            part.map((s) => new Date(s)),
          ),
        ),
      )
      .orderBy(asc(trips.id))
    if (!rows.length) continue
    const geoms = await tx
      .select({ tripId: legs.tripId, geom: legs.geom })
      .from(legs)
      .where(
        inArray(
          legs.tripId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(legs.tripId), asc(legs.idx))
    const perTrip = new Map<number, LatLon[][]>()
    for (const g of geoms) perTrip.set(g.tripId, [...(perTrip.get(g.tripId) ?? []), g.geom])
    for (const r of rows)
      addStart(`${r.startTime.getTime()}|${geomKey(perTrip.get(r.id) ?? [])}`, { tripId: r.id, hash: r.importHash })
  }
  return {
    /**
     * The known way a way of the file is: by id; else one starting alike with the same fingerprint (a way given
     * twice alike is one way); else a stored one starting alike that no earlier way of the file was.
     */
    find: (k: WayKeys): Known | undefined => {
      const alike = byStart.get(k.startAndGeom) ?? []
      const way =
        (k.importId != null ? byId.get(k.importId) : undefined) ??
        alike.find((w) => w.hash === k.hash) ??
        alike.find((w) => w.tripId > 0 && !matched.has(w.tripId))
      if (way && way.tripId > 0) matched.add(way.tripId)
      return way
    },
    add: (k: WayKeys, tripId: number) => {
      if (k.importId != null) byId.set(k.importId, { tripId, hash: k.hash })
      addStart(k.startAndGeom, { tripId, hash: k.hash })
    },
  }
}

/**
 * Purpose and feedback reason ids must be the participant's campaign's (or global ones): every unknown one is a
 * problem. Returns the purposes' names, a map per language (a way's derived name is made of them).
 */
async function checkReferences(
  tx: DbOrTx,
  campaignId: number | null,
  file: TripFile[],
  at: PropertyKey[],
): Promise<Map<number, string>[]> {
  const visible = (col: typeof tripPurposes.campaignId | typeof feedbackReasons.campaignId) =>
    campaignId == null ? isNull(col) : or(isNull(col), eq(col, campaignId))
  const purposeRows = await tx
    .select({ id: tripPurposes.id, name: tripPurposes.name })
    .from(tripPurposes)
    .where(visible(tripPurposes.campaignId))
  const purposeIds = new Set(purposeRows.map((r) => r.id))
  const reasonIds = new Set(
    (await tx.select({ id: feedbackReasons.id }).from(feedbackReasons).where(visible(feedbackReasons.campaignId))).map(
      (r) => r.id,
    ),
  )
  const whose = campaignId == null ? 'the participant has no campaign' : `campaign ${campaignId}`
  const problems: Problem[] = []
  file.forEach((trip, t) => {
    trip.trpFdbkReasonIds.forEach((id, r) => {
      if (!reasonIds.has(id))
        problems.push(problem([...at, t, 'trpFdbkReasonIds', r], `unknown feedback reason id ${id} (${whose})`))
    })
    trip.legs.forEach((leg, l) =>
      leg.tripPurposes.forEach((id, p) => {
        if (!purposeIds.has(id))
          problems.push(problem([...at, t, 'legs', l, 'tripPurposes', p], `unknown trip purpose id ${id} (${whose})`))
      }),
    )
  })
  if (problems.length) throw new ImportError(problems)
  return (['de_DE', 'en_US'] as const).map(
    (locale) => new Map(purposeRows.map((r) => [r.id, localized(r.name, locale)])),
  )
}

async function insertTrip(
  tx: DbOrTx,
  userId: number,
  trip: TripFile,
  timeZone: string,
  purposeNames: Map<number, string>[],
  keys: WayKeys,
): Promise<{ id: number; cleared: (typeof zeroTripDays.$inferSelect)[] }> {
  const importedAt = new Date()
  const legRows = trip.legs.map(({ purposeSource, modeSource, ...leg }) => ({
    startTime: wallTime(leg.startTime, timeZone),
    endTime: wallTime(leg.endTime, timeZone),
    // A file may leave len out: the geometry tells it.
    len: leg.len ?? (leg.geom.length > 1 ? Math.round(pathLength(leg.geom)) : null),
    geom: leg.geom,
    detectedModes: leg.detectedModes ?? leg.tfcModes,
    tfcModes: leg.tfcModes,
    purposeIds: leg.tripPurposes,
    validationStatus: leg.validationStatus,
    qtnsAnswered: leg.qtnsAnswered,
    metaDataRecs: leg.metaDataRecs,
    startPoi: leg.startPoi ?? null,
    endPoi: leg.endPoi ?? null,
    ...labelsAtImport(leg.tripPurposes, leg.tfcModes, leg.detectedModes ?? [], purposeSource, modeSource, importedAt),
  }))
  const startTime = legRows[0].startTime
  const endTime = legRows[legRows.length - 1].endTime
  const lengths = legRows.map((l) => l.len).filter((len): len is number => len != null)
  // Manually created ways have no distance.
  const distance =
    trip.creationType === 'CREATED_MANUALLY' || lengths.length === 0 ? null : lengths.reduce((a, b) => a + b, 0)
  // A name that is just the one derived from the purposes is not the way's own: it keeps following the purposes.
  const derived = purposeNames.map((names) => tripName({ name: null, legs: legRows }, names))
  const name = trip.nameIsOwn || !derived.includes(trip.name ?? '') ? (trip.name ?? null) : null
  const [{ id }] = await tx
    .insert(trips)
    .values({
      userId,
      name,
      objId: trip.objId ?? null,
      creationType: trip.creationType,
      creationTime: trip.creationTime ? wallTime(trip.creationTime, timeZone) : endTime,
      startTime,
      endTime,
      distance,
      fdbkAvail: trip.fdbkAvail,
      fdbkReasonIds: trip.trpFdbkReasonIds,
      fdbkRemark: trip.fdbkRemark ?? null,
      validationStatus: trip.validationStatus,
      confirmationStatus: trip.confirmationStatus,
      qtnAnswered: trip.qtnAnswered,
      allQuestionsAnswered: trip.allQuestionsAnswered ?? (trip.qtnAnswered && trip.legs.every((l) => l.qtnsAnswered)),
      importId: keys.importId,
      importHash: keys.hash,
    })
    .returning({ id: trips.id })
  await tx.insert(legs).values(legRows.map((leg, idx) => ({ ...leg, tripId: id, idx })))
  const cleared = await clearNoTripMark(tx, userId, startTime, timeZone)
  return { id, cleared }
}

// ---------------------------------------------------------------------------------------------------------------

/** What a campaign holds, for the CLI's confirmation line. */
export async function campaignSummary(db: DbOrTx, campaignId: number) {
  const n = async (
    table: typeof tripPurposes | typeof feedbackReasons | typeof faqs | typeof textModules | typeof questionnaires,
  ) => (await db.select({ n: count() }).from(table).where(eq(table.campaignId, campaignId)))[0].n
  const [campaign] = await db.select({ name: campaigns.name }).from(campaigns).where(eq(campaigns.id, campaignId))
  return {
    name: campaign?.name ?? '',
    questionnaires: await n(questionnaires),
    tripPurposes: await n(tripPurposes),
    feedbackReasons: await n(feedbackReasons),
    faqs: await n(faqs),
    textModules: await n(textModules),
  }
}
