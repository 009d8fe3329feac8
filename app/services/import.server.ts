// Researcher import (contracts.md §5): users, campaigns with their questionnaires and catalogues, assignments and
// trips. Used by the admin CLI (app/cli) and the demo seed. Every function validates its whole input first, then
// writes in one transaction, so a rejected call changes nothing; rejections are ImportErrors naming the path of
// the first offending field.
import crypto from 'node:crypto'
import { count, eq, inArray, isNull, or, sql } from 'drizzle-orm'
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
  type LatLon,
  type LocalizedText,
} from '~/db/schema'
import { zonedDateTimeToUtc } from '~/domain/time'
import { hashPassword } from './password.server'
import { forgetImported } from './import-cache.server'
import {
  campaignBounds,
  CampaignFileSchema,
  formatPath,
  IdSchema,
  questionnaireIds,
  type CampaignFile,
  type IdUse,
  type Text,
} from './schemas/campaign-file'
import { TripsFileSchema, type TripFile } from './schemas/trips-file'

/** Bad input: the message starts with the path of the offending field, e.g. `questionnaires[0].type: …`. */
export class ImportError extends Error {
  constructor(
    public readonly path: string,
    public readonly reason: string,
  ) {
    super(`${path}: ${reason}`)
    this.name = 'ImportError'
  }
}

export interface ImportOptions {
  /** Zone of the file's 'YYYY-MM-DD HH:mm' times; default STUDY_TIME_ZONE, else Europe/Berlin. */
  timeZone?: string
}

export function studyTimeZone(): string {
  return process.env.STUDY_TIME_ZONE || 'Europe/Berlin'
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

function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, prefix: PropertyKey[] = []): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const { path, message } = bestIssue(result.error.issues[0])
  throw new ImportError(formatPath([...prefix, ...path]), message)
}

/** 'YYYY-MM-DD HH:mm' in the study zone → instant. */
function wallTime(value: string, timeZone: string): Date {
  return zonedDateTimeToUtc(value.slice(0, 10), Number(value.slice(11, 13)), Number(value.slice(14, 16)), timeZone)
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
  password: z.string().min(3, 'at least 3 characters (spec 9)').max(1000),
  verified: z.boolean().default(false),
  campaignId: IdSchema.nullish(),
  firstName: z.string().max(200).nullish(),
  lastName: z.string().max(200).nullish(),
  /** The forced password change after the first login (spec 2.4). */
  passwordUpdateRequired: z.boolean().default(false),
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
  const file = parseOrThrow(CampaignFileSchema, json)
  const timeZone = opts.timeZone ?? studyTimeZone()
  try {
    return await db.transaction(async (tx) => {
      await lockImports(tx)
      // Error paths name the key the file used for its feedback reasons.
      const reasonsKey = json && typeof json === 'object' && 'trpFdbkReasons' in json ? 'trpFdbkReasons' : 'feedbackReasons'
      await rejectUsedIds(tx, file, reasonsKey)
      const { start, end } = campaignBounds(file)
      const [{ id: campaignId }] = await tx
        .insert(campaigns)
        .values({
          name: file.name,
          desc: file.desc,
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
    await tx.insert(faqs).values(file.faqs.map((f, sortIdx) => ({ campaignId, locale: f.locale, question: f.question, answ: f.answ, sortIdx })))
  }
  if (file.textModules.length) {
    await tx
      .insert(textModules)
      .values(file.textModules.map((m) => ({ campaignId, constant: m.txtModuleConstant, locale: m.locale, text: m.text })))
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

/** Rejects the file when one of its kept ids already exists (in any campaign, or in the global catalogues). */
async function rejectUsedIds(tx: DbOrTx, file: CampaignFile, reasonsKey: string) {
  await rejectUsedRowIds(tx, tripPurposes, 'tripPurposes', 'trip purpose', file.tripPurposes)
  await rejectUsedRowIds(tx, feedbackReasons, reasonsKey, 'feedback reason', file.feedbackReasons)
  await rejectUsedRowIds(tx, questionnaires, 'questionnaires', 'questionnaire', file.questionnaires)

  // Question and answer option ids live inside the stored definitions.
  const stored = await tx.select({ campaignId: questionnaires.campaignId, definition: questionnaires.definition }).from(questionnaires)
  const taken = new Map<string, number>()
  for (const row of stored) for (const key of idsInDefinition(row.definition)) taken.set(key, row.campaignId)
  for (const [i, q] of file.questionnaires.entries()) {
    for (const use of questionnaireIds(q.section, ['questionnaires', i, 'section'])) {
      const owner = taken.get(`${use.kind}:${use.id}`)
      if (owner !== undefined) throw usedBy(use, owner)
    }
  }
}

type CatalogueTable = typeof tripPurposes | typeof feedbackReasons | typeof questionnaires

async function rejectUsedRowIds(tx: DbOrTx, table: CatalogueTable, key: string, kind: string, items: { id: number }[]) {
  if (!items.length) return
  const rows = await tx
    .select({ id: table.id, campaignId: table.campaignId })
    .from(table)
    .where(inArray(table.id, items.map((p) => p.id)))
  const owner = new Map(rows.map((r) => [r.id, r.campaignId]))
  items.forEach((item, i) => {
    if (owner.has(item.id)) throw usedBy({ kind: kind as IdUse['kind'], id: item.id, path: [key, i, 'id'] }, owner.get(item.id) ?? null)
  })
}

function usedBy(use: IdUse, campaignId: number | null): ImportError {
  const where = campaignId == null ? 'the global catalogue' : `campaign ${campaignId}`
  return new ImportError(formatPath(use.path), `${use.kind} id ${use.id} is already used by ${where}`)
}

/** 'question:ID' and 'answer option:ID' keys of a stored definition; tolerant of its shape. */
function idsInDefinition(definition: unknown): string[] {
  const out: string[] = []
  const visitSection = (section: unknown) => {
    const questions = (section as { questions?: unknown })?.questions
    if (!Array.isArray(questions)) return
    for (const q of questions as { id?: number; subQuestions?: { answOpts?: { id?: number }[] }[]; filter?: { section?: unknown } }[]) {
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

const EARTH_RADIUS_M = 6_371_008.8

export function haversineMetres(a: LatLon, b: LatLon): number {
  const rad = (deg: number) => (deg * Math.PI) / 180
  const dLat = rad(b.lat - a.lat)
  const dLon = rad(b.lon - a.lon)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Length of a polyline in metres. */
export function pathLength(geom: LatLon[]): number {
  let sum = 0
  for (let i = 1; i < geom.length; i++) sum += haversineMetres(geom[i - 1], geom[i])
  return sum
}

export interface TripsImportResult {
  tripIds: number[]
  legs: number
}

/** Imports a trips file (TripsFileSchema) for the participant with that e-mail. */
export async function importTrips(
  db: DbOrTx,
  input: { email: string; trips: unknown },
  opts: ImportOptions = {},
): Promise<TripsImportResult> {
  const file = parseOrThrow(TripsFileSchema, input.trips)
  const timeZone = opts.timeZone ?? studyTimeZone()
  return db.transaction(async (tx) => {
    const user = await requireUser(tx, input.email)
    await checkReferences(tx, user.campaignId, file)
    const tripIds: number[] = []
    let legCount = 0
    for (const trip of file) {
      tripIds.push(await insertTrip(tx, user.id, trip, timeZone))
      legCount += trip.legs.length
    }
    return { tripIds, legs: legCount }
  })
}

/** Purpose and feedback reason ids must be the participant's campaign's (or global ones). */
async function checkReferences(tx: DbOrTx, campaignId: number | null, file: TripFile[]) {
  const visible = (col: typeof tripPurposes.campaignId | typeof feedbackReasons.campaignId) =>
    campaignId == null ? isNull(col) : or(isNull(col), eq(col, campaignId))
  const purposeIds = new Set((await tx.select({ id: tripPurposes.id }).from(tripPurposes).where(visible(tripPurposes.campaignId))).map((r) => r.id))
  const reasonIds = new Set((await tx.select({ id: feedbackReasons.id }).from(feedbackReasons).where(visible(feedbackReasons.campaignId))).map((r) => r.id))
  const whose = campaignId == null ? 'the participant has no campaign' : `campaign ${campaignId}`
  file.forEach((trip, t) => {
    trip.trpFdbkReasonIds.forEach((id, r) => {
      if (!reasonIds.has(id)) throw new ImportError(formatPath([t, 'trpFdbkReasonIds', r]), `unknown feedback reason id ${id} (${whose})`)
    })
    trip.legs.forEach((leg, l) =>
      leg.tripPurposes.forEach((id, p) => {
        if (!purposeIds.has(id)) throw new ImportError(formatPath([t, 'legs', l, 'tripPurposes', p]), `unknown trip purpose id ${id} (${whose})`)
      }),
    )
  })
}

async function insertTrip(tx: DbOrTx, userId: number, trip: TripFile, timeZone: string): Promise<number> {
  const legRows = trip.legs.map((leg) => ({
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
  }))
  const startTime = legRows[0].startTime
  const endTime = legRows[legRows.length - 1].endTime
  const lengths = legRows.map((l) => l.len).filter((len): len is number => len != null)
  // Spec: manually created ways have no distance.
  const distance = trip.creationType === 'CREATED_MANUALLY' || lengths.length === 0 ? null : lengths.reduce((a, b) => a + b, 0)
  const [{ id }] = await tx
    .insert(trips)
    .values({
      userId,
      name: trip.name ?? null,
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
      allQuestionsAnswered: trip.allQuestionsAnswered,
    })
    .returning({ id: trips.id })
  await tx.insert(legs).values(legRows.map((leg, idx) => ({ ...leg, tripId: id, idx })))
  return id
}

// ---------------------------------------------------------------------------------------------------------------

/** What a campaign holds, for the CLI's confirmation line. */
export async function campaignSummary(db: DbOrTx, campaignId: number) {
  const n = async (table: typeof tripPurposes | typeof feedbackReasons | typeof faqs | typeof textModules | typeof questionnaires) =>
    (await db.select({ n: count() }).from(table).where(eq(table.campaignId, campaignId)))[0].n
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
