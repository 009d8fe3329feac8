// Researcher import of a campaign file: the campaign with its questionnaires and catalogues, all or nothing.
import { count, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { studyTimeZone } from '~/infra/env.server'
import { campaigns, faqs, feedbackReasons, questionnaires, textModules, tripPurposes } from '~/db/schema'
import { LOCALES } from '~/domain/locale'
import {
  campaignBounds,
  CampaignFileSchema,
  mergeFieldSubQuestions,
  questionnaireIds,
  type CampaignFile,
  type IdUse,
  type Text,
} from '../schemas/campaign-file'
import { ImportError, type Problem, countKeys, parseOrThrow, problem, readOnlyNote } from './problems'
import { type ImportOptions, localizedName, lockImports, transaction, wallTime } from './shared.server'

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
  // What processes keep of campaigns is read again after this: the tables' triggers raise the catalogue version
  // (ADR 303).
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
