/**
 * The campaign file format (`npm run admin -- campaign:import --file campaign.json`) as ONE zod
 * schema. Field names are those of the entities (Campaign, Questionnaire, Section, Question, Answer option). `QuestionnaireSchema` is also the validator of stored
 * questionnaire definitions: `questionnaires.definition` holds exactly its parsed output.
 * schemas/campaign.schema.json is generated from this file (scripts/gen-schemas.ts); edit here, then regenerate.
 *
 * Texts (introTxt, hintTxt, helpTxt, subseqTxt, names) are a plain string (every language) or { de_DE, en_US }.
 * Date-times are 'YYYY-MM-DD HH:mm' wall-clock times in the study time zone (STUDY_TIME_ZONE, Europe/Berlin).
 * Ids are kept on import and must be unique in the whole database: question ids and answer option ids are unique
 * across the file, because an answer names its question only through its answer option id.
 *
 * SHAPE CONVENTION (how a question lays out its sub-questions and answer options; enforced here, so the
 * questionnaire screens never meet "more sub-questions or answer options than its type expects"):
 * - single-value types (DATE, DATE_TIME, TIME, INT_NO_INPUT, FLOATING_NO_INPUT, SINGLE_ROW_TEXT, TEXT,
 *   SINGLE_NUM_SLIDER, SINGLE_LOCATOR): one sub-question with one answer option; the answer's text goes to that
 *   option's id.
 * - choice types (SINGLE_CHOICE, MULTIPLE_CHOICE): one sub-question with N options, one per choice
 *   (exclOpt marks an exclusive one; for MULTIPLE_CHOICE, max caps the number of picks).
 * - matrix types (SINGLE_CHOICE_MATRIX, MULTIPLE_CHOICE_MATRIX): one sub-question per row, each with the column
 *   options (own ids per row, since option ids are unique in the questionnaire).
 * - multi-field types (MULTIPLE_ROW_TEXT, MULTIPLE_NUM_SLIDER, CONSTANT_SUM_INPUT, MULTIPLE_LOCATOR): one
 *   sub-question with N options, one per field.
 * - DRAG_RAT is unsupported (skipped by the screens): any shape.
 * A filter (boolExpDefs + nested section) opens when the parent is answered with an option whose id is among
 * the codes of one boolExpDef; the codes must be answer option ids of the parent question.
 */
import { z } from 'zod'
import { parseClock, parseFileTime } from '~/domain/fileTime'
import { studyTimeZone } from '~/infra/env.server'
import { QUESTION_TYPES, type QuestionType } from '~/domain/questionnaire'

// The 12 mode constants live with their colours and icons in one place.
import { TRAFFIC_MODE_CONSTANTS, type TrafficModeConstant } from '~/domain/trafficModes'
export { TRAFFIC_MODE_CONSTANTS, type TrafficModeConstant }

export const QUESTIONNAIRE_TYPES = ['INITIAL', 'FINAL', 'LEG_BASED', 'TRIP_BASED'] as const
export type QuestionnaireType = (typeof QUESTIONNAIRE_TYPES)[number]

// ---------------------------------------------------------------------------------------------------------------
// Primitives

/** Ids are PostgreSQL integers. */
export const IdSchema = z.number().int().positive().max(2_147_483_647)

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * A time in a file: 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss' (wall clock in the study time zone; a 'T' may
 * separate date and time), or ISO 8601 with an offset (an instant, as the app's own exports write it). Wall-clock
 * times come out as 'YYYY-MM-DD HH:mm' (':ss' only when the seconds are not 00), instants as given.
 */
export const DateTimeSchema = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}[ T]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/,
    'expected YYYY-MM-DD HH:mm (or HH:mm:ss, or ISO 8601 with an offset)',
  )
  .transform((value, ctx) => {
    const t = parseFileTime(value)
    if (!t) {
      ctx.addIssue({ code: 'custom', message: 'not a calendar date' })
      return z.NEVER
    }
    if (t.kind === 'instant') return value
    return `${t.day} ${pad(t.hour)}:${pad(t.minute)}${t.second ? `:${pad(t.second)}` : ''}`
  })

/** 'YYYY-MM-DD' or a DateTimeSchema time. */
const DayOrDateTimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}([ T].+)?$/, 'expected YYYY-MM-DD or YYYY-MM-DD HH:mm').transform((value, ctx) => {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value) && parseFileTime(`${value} 00:00`)) return value
  const parsed = DateTimeSchema.safeParse(value)
  if (parsed.success) return parsed.data
  ctx.addIssue({ code: 'custom', message: 'expected YYYY-MM-DD or YYYY-MM-DD HH:mm (or HH:mm:ss)' })
  return z.NEVER
})

/** 'HH:mm' or 'HH:mm:ss'; comes out as 'HH:mm' (':ss' only when not 00). */
const ClockSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'expected HH:mm or HH:mm:ss').transform((value, ctx) => {
  const c = parseClock(value)
  if (!c) {
    ctx.addIssue({ code: 'custom', message: 'expected HH:mm or HH:mm:ss' })
    return z.NEVER
  }
  return `${pad(c.hour)}:${pad(c.minute)}${c.second ? `:${pad(c.second)}` : ''}`
})

/** Accepted so files written from the app's own entities import, and ignored (the database computes or assigns it). */
const ReadOnly = (what: string) => z.unknown().optional().describe(`Read-only (${what}): accepted and ignored.`)

/** A time's instant for ordering checks (wall-clock times in the study zone). */
export function instantOf(value: string): number {
  const t = parseFileTime(value)
  if (!t) return NaN
  if (t.kind === 'instant') return t.date.getTime()
  return Date.UTC(Number(t.day.slice(0, 4)), Number(t.day.slice(5, 7)) - 1, Number(t.day.slice(8, 10)), t.hour, t.minute, t.second) - zoneOffsetMs(t.day)
}
/** Approximate offset of the study zone on a day, enough to order a wall-clock time against an instant. */
function zoneOffsetMs(day: string): number {
  const zone = studyTimeZone()
  const noon = new Date(`${day}T12:00:00Z`)
  const local = new Date(noon.toLocaleString('en-US', { timeZone: zone, hour12: false }))
  const utc = new Date(noon.toLocaleString('en-US', { timeZone: 'UTC', hour12: false }))
  return local.getTime() - utc.getTime()
}

const LocaleSchema = z.enum(['de_DE', 'en_US'])

const LocalizedTextSchema = z
  .strictObject({ de_DE: z.string().optional(), en_US: z.string().optional() })
  .refine((t) => t.de_DE !== undefined || t.en_US !== undefined, 'needs de_DE or en_US')

export const TextSchema = z
  .union([z.string(), LocalizedTextSchema])
  .meta({ id: 'Text', description: 'A string for every language, or { "de_DE": "…", "en_US": "…" }.' })
export type Text = z.infer<typeof TextSchema>

/** key/val pairs such as unit, maximum_sum, interval; numbers are accepted and stored as strings. */
export const MetaDataRecSchema = z.strictObject({
  key: z.string().min(1),
  val: z.union([z.string(), z.number(), z.boolean()]).transform(String),
})

const CreatorSchema = z.strictObject({
  id: z.union([z.number(), z.string()]).optional(),
  alias: z.string().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  idStr: z.string().nullish(),
})

// ---------------------------------------------------------------------------------------------------------------
// Questionnaire

const AnswerOptionSchema = z.strictObject({
  id: IdSchema,
  introTxt: TextSchema.nullish(),
  subseqTxt: TextSchema.nullish(),
  exclOpt: z.boolean().default(false).describe('Exclusive: picking it clears the other options, and the other way round.'),
  randomized: z.boolean().default(false),
  sortingIdx: z.number().int().default(0),
})

const SubQuestionSchema = z.strictObject({
  id: IdSchema,
  introTxt: TextSchema.nullish(),
  sortingIdx: z.number().int().default(0),
  answOpts: z.array(AnswerOptionSchema).min(1),
})

/** Expected layout per question type: see SHAPE CONVENTION above. */
type QuestionShape = 'single-value' | 'choice' | 'matrix' | 'multi-field' | 'any'

const QUESTION_SHAPES: Record<QuestionType, QuestionShape> = {
  DATE: 'single-value',
  DATE_TIME: 'single-value',
  TIME: 'single-value',
  INT_NO_INPUT: 'single-value',
  FLOATING_NO_INPUT: 'single-value',
  SINGLE_ROW_TEXT: 'single-value',
  TEXT: 'single-value',
  SINGLE_NUM_SLIDER: 'single-value',
  SINGLE_LOCATOR: 'single-value',
  SINGLE_CHOICE: 'choice',
  MULTIPLE_CHOICE: 'choice',
  SINGLE_CHOICE_MATRIX: 'matrix',
  MULTIPLE_CHOICE_MATRIX: 'matrix',
  MULTIPLE_ROW_TEXT: 'multi-field',
  MULTIPLE_NUM_SLIDER: 'multi-field',
  CONSTANT_SUM_INPUT: 'multi-field',
  MULTIPLE_LOCATOR: 'multi-field',
  DRAG_RAT: 'any',
}

type Issue = { message: string; path: PropertyKey[] }

/** Why a question's sub-questions/options do not fit its type's shape, or null. */
function shapeProblem(q: { type: QuestionType; subQuestions: { answOpts: unknown[] }[] }): Issue | null {
  const shape = QUESTION_SHAPES[q.type]
  const subs = q.subQuestions
  if (shape === 'any' || shape === 'matrix') return null // matrix: any number of rows, each with its columns
  if (subs.length !== 1) {
    return { message: `${q.type} expects exactly one sub-question, got ${subs.length}`, path: ['subQuestions'] }
  }
  if (shape === 'single-value' && subs[0].answOpts.length !== 1) {
    const n = subs[0].answOpts.length
    return { message: `${q.type} expects exactly one answer option, got ${n}`, path: ['subQuestions', 0, 'answOpts'] }
  }
  return null
}

// A question may carry a filter whose section holds further questions: the schemas are mutually recursive,
// so the types are written out (zod cannot infer a cycle) and the schemas are checked against them.

export type AnswerOption = z.output<typeof AnswerOptionSchema>
export type SubQuestion = z.output<typeof SubQuestionSchema>
type MetaDataRec = z.output<typeof MetaDataRecSchema>

export interface Question {
  id: number
  type: QuestionType
  mandatory: boolean
  alignment?: string | null
  introTxt?: Text | null
  hintTxt?: Text | null
  helpTxt?: Text | null
  subseqTxt?: Text | null
  sortingIdx: number
  min?: number | null
  max?: number | null
  metaDataRecs: MetaDataRec[]
  subQuestions: SubQuestion[]
  filter?: QuestionFilter | null
  tfcMode?: TrafficModeConstant | null
  applyResps?: boolean | null
}
interface QuestionFilter {
  boolExpDefs: { codes: number[] }[]
  section: Section
}
export interface Section {
  id: number
  questions: Question[]
}
/** What a file may say (defaults not yet applied), for typed builders such as the demo study. */
export type QuestionInput = Omit<
  Question,
  'mandatory' | 'sortingIdx' | 'metaDataRecs' | 'subQuestions' | 'filter'
> & {
  mandatory?: boolean
  sortingIdx?: number
  metaDataRecs?: { key: string; val: string | number | boolean }[]
  subQuestions: z.input<typeof SubQuestionSchema>[]
  filter?: { boolExpDefs: { codes: number[] }[]; section: SectionInput } | null
}
interface SectionInput {
  id: number
  questions: QuestionInput[]
}

const SectionSchema: z.ZodType<Section, SectionInput> = z
  .strictObject({
    id: IdSchema,
    get questions() {
      return z.array(QuestionSchema).min(1)
    },
  })
  .meta({ id: 'Section' })

const QuestionFilterSchema = z.strictObject({
  boolExpDefs: z
    .array(z.strictObject({ codes: z.array(IdSchema).min(1) }))
    .min(1)
    .describe('The section opens when an answer of the parent question picks an option whose id is among the codes of one entry.'),
  get section() {
    return SectionSchema
  },
})

/**
 * A multi-field question (sliders, row texts, sums, locators) written with one sub-question per field, each with
 * one option, means the same as one sub-question with an option per field: merge them (the sub-question's text
 * becomes its option's text where the option has none).
 */
export function mergeFieldSubQuestions(raw: unknown): unknown {
  // Runs on parsed questions: the sub-questions and options are already checked.
  if (!raw || typeof raw !== 'object') return raw
  const q = raw as { type?: unknown; subQuestions?: unknown }
  const type = q.type as QuestionType
  if (QUESTION_SHAPES[type] !== 'multi-field' || !Array.isArray(q.subQuestions) || q.subQuestions.length < 2) return raw
  const subs = q.subQuestions as { id?: unknown; introTxt?: unknown; answOpts?: unknown }[]
  if (!subs.every((s) => s && typeof s === 'object' && Array.isArray(s.answOpts) && s.answOpts.length === 1)) return raw
  const answOpts = subs.map((s) => {
    const opt = (s.answOpts as Record<string, unknown>[])[0]
    return opt && typeof opt === 'object' && opt.introTxt == null && s.introTxt != null ? { ...opt, introTxt: s.introTxt } : opt
  })
  const { introTxt: _moved, ...first } = subs[0]
  return { ...q, subQuestions: [{ ...first, answOpts }] }
}

const QuestionSchema: z.ZodType<Question, QuestionInput> = z
  .strictObject({
    id: IdSchema,
    type: z.enum(QUESTION_TYPES),
    mandatory: z.boolean().default(false),
    alignment: z.string().nullish(),
    introTxt: TextSchema.nullish(),
    hintTxt: TextSchema.nullish(),
    helpTxt: TextSchema.nullish(),
    subseqTxt: TextSchema.nullish(),
    sortingIdx: z.number().int().default(0),
    min: z.number().nullish(),
    max: z.number().nullish().describe('Number and slider types: the largest value; MULTIPLE_CHOICE: most picks; row texts: most characters.'),
    metaDataRecs: z.array(MetaDataRecSchema).default([]).describe('E.g. unit, maximum_sum (CONSTANT_SUM_INPUT), interval (sliders).'),
    subQuestions: z
      .array(SubQuestionSchema)
      .min(1)
      .describe(
        'Single-value types: one sub-question with one option; choice types: one with an option per choice; matrix types: one per row with the column options; multi-field types: one with an option per field.',
      ),
    get filter() {
      return QuestionFilterSchema.nullish()
    },
    tfcMode: z.enum(TRAFFIC_MODE_CONSTANTS).nullish(),
    applyResps: z.boolean().nullish(),
  })
  .transform((q) => mergeFieldSubQuestions(q) as typeof q)
  .superRefine((q, ctx) => {
    const shape = shapeProblem(q)
    if (shape) ctx.addIssue({ code: 'custom', ...shape })
    if (q.min != null && q.max != null && q.min > q.max) {
      ctx.addIssue({ code: 'custom', message: `min ${q.min} is greater than max ${q.max}`, path: ['min'] })
    }
    // Codes name the answer options that open the filter: anything else could never match.
    const own = new Set(q.subQuestions.flatMap((s) => s.answOpts.map((o) => o.id)))
    q.filter?.boolExpDefs.forEach((def, i) =>
      def.codes.forEach((code, j) => {
        if (!own.has(code)) {
          const message = `filter code ${code} is not an answer option id of question ${q.id}`
          ctx.addIssue({ code: 'custom', message, path: ['filter', 'boolExpDefs', i, 'codes', j] })
        }
      }),
    )
  })
  .meta({ id: 'Question' })

/** Every question of a section, nested filter sections included, with its path relative to the section. */
export function* walkQuestions(section: Section, path: PropertyKey[] = []): Generator<{ question: Question; path: PropertyKey[] }> {
  for (const [i, question] of section.questions.entries()) {
    const qPath = [...path, 'questions', i]
    yield { question, path: qPath }
    if (question.filter) yield* walkQuestions(question.filter.section, [...qPath, 'filter', 'section'])
  }
}

export interface IdUse {
  kind: 'question' | 'answer option'
  id: number
  path: PropertyKey[]
}

/** The ids a questionnaire's section defines (questions and answer options), in file order. */
export function questionnaireIds(section: Section, path: PropertyKey[] = ['section']): IdUse[] {
  const out: IdUse[] = []
  for (const { question, path: qPath } of walkQuestions(section, path)) {
    out.push({ kind: 'question', id: question.id, path: [...qPath, 'id'] })
    question.subQuestions.forEach((sub, s) =>
      sub.answOpts.forEach((opt, o) =>
        out.push({ kind: 'answer option', id: opt.id, path: [...qPath, 'subQuestions', s, 'answOpts', o, 'id'] }),
      ),
    )
  }
  return out
}

/** Reports the second use of an id of the same kind; `seen` may carry uses from elsewhere in the file. */
function reportDuplicates(uses: IdUse[], ctx: z.RefinementCtx, seen = new Map<string, IdUse>()) {
  for (const use of uses) {
    const key = `${use.kind}:${use.id}`
    const first = seen.get(key)
    if (first) {
      const message = `${use.kind} id ${use.id} is used twice (first at ${formatPath(first.path)})`
      ctx.addIssue({ code: 'custom', message, path: use.path })
    } else seen.set(key, use)
  }
  return seen
}

export const QuestionnaireSchema = z
  .strictObject({
    id: IdSchema,
    type: z.enum(QUESTIONNAIRE_TYPES),
    tfcModes: z.array(z.enum(TRAFFIC_MODE_CONSTANTS)).default([]).describe('LEG_BASED only: the modes it applies to; empty means every mode.'),
    mandatory: z.boolean().default(false),
    showProg: z.boolean().default(true),
    applyResps: z.boolean().default(true).describe('false: never offer to copy the answers of a leg to the later legs of the same mode.'),
    availFrom: DateTimeSchema.nullish().describe('YYYY-MM-DD HH:mm in the study time zone; absent: from the start.'),
    availUntil: DateTimeSchema.nullish().describe('YYYY-MM-DD HH:mm in the study time zone; absent: no end.'),
    creationTime: DateTimeSchema.nullish(),
    creator: CreatorSchema.nullish(),
    section: SectionSchema,
    available: ReadOnly("the questionnaire summary's state"),
    answered: ReadOnly("the questionnaire summary's state"),
  })
  .superRefine((q, ctx) => {
    if (q.availFrom && q.availUntil && instantOf(q.availFrom) >= instantOf(q.availUntil)) {
      ctx.addIssue({ code: 'custom', message: `must be after availFrom (${q.availFrom})`, path: ['availUntil'] })
    }
    // Every mode (or none) restricts nothing, whatever the type; a real choice of modes can only pick legs.
    if (q.type !== 'LEG_BASED' && q.tfcModes.length > 0 && !coversEveryMode(q.tfcModes)) {
      const message = `a ${q.type} questionnaire applies whatever the modes; only a LEG_BASED questionnaire can be limited to some modes (leave tfcModes out, or make it LEG_BASED)`
      ctx.addIssue({ code: 'custom', message, path: ['tfcModes'] })
    }
    reportDuplicates(questionnaireIds(q.section), ctx)
  })
  .transform(({ available: _available, answered: _answered, ...q }) => ({
    ...q,
    tfcModes: q.type !== 'LEG_BASED' || coversEveryMode(q.tfcModes) ? [] : q.tfcModes,
  }))
  .meta({ id: 'Questionnaire' })

const coversEveryMode = (modes: string[]) => TRAFFIC_MODE_CONSTANTS.every((m) => modes.includes(m))
export type Questionnaire = z.output<typeof QuestionnaireSchema>
export type QuestionnaireInput = z.input<typeof QuestionnaireSchema>

// ---------------------------------------------------------------------------------------------------------------
// Campaign

/** A trip purpose or feedback reason: the id is kept, the name is localisable. */
const NamedSchema = z.strictObject({ id: IdSchema, name: TextSchema })

const LOCALES = LocaleSchema.options
/** A text in one language: the string itself, or that language's entry (de_DE stands in for a missing one). */
const textIn = (text: Text, locale: (typeof LOCALES)[number]) => (typeof text === 'string' ? text : (text[locale] ?? text.de_DE ?? text.en_US ?? ''))

const FaqSchema = z.strictObject({
  id: ReadOnly('assigned by the database'),
  locale: LocaleSchema.optional().describe('Absent: the item is shown in every language.'),
  question: TextSchema,
  answ: TextSchema.describe('HTML (sanitised when shown).'),
})

const TextModuleSchema = z.strictObject({
  id: ReadOnly('assigned by the database'),
  txtModuleConstant: z.enum(['IMPRINT', 'PRIVACY']),
  locale: LocaleSchema.optional().describe('Absent: the text applies to every language.'),
  text: TextSchema.describe('HTML (sanitised when shown).'),
})

/** An item with a locale is one row; one without is a row per language, each with its language's text. */
function perLocale<T extends { locale?: (typeof LOCALES)[number] }>(item: T): (typeof LOCALES)[number][] {
  return item.locale ? [item.locale] : [...LOCALES]
}

/**
 * A campaign's name and description: `text` in the study's first language (de_DE, else en_US), and the per-language
 * texts as given (null: one text for every language).
 */
const CampaignText = TextSchema.transform((t) => ({
  text: textIn(t, 'de_DE'),
  i18n: typeof t === 'string' ? null : { ...(t.de_DE !== undefined ? { de_DE: t.de_DE } : {}), ...(t.en_US !== undefined ? { en_US: t.en_US } : {}) },
}))

const CampaignObjectSchema = z.strictObject({
  $schema: z.string().optional().describe('Lets editors validate the file, e.g. "../../schemas/campaign.schema.json". Ignored on import.'),
  id: ReadOnly('the campaign id is assigned by the database'),
  name: CampaignText.refine((n) => n.text.trim().length > 0, 'required').describe('A string for every language, or per language; each language is kept.'),
  desc: CampaignText.optional().describe('HTML (sanitised when shown); a string for every language, or per language.'),
  description: CampaignText.optional().describe('Same as desc; give one of the two.'),
  startDate: DayOrDateTimeSchema.describe('YYYY-MM-DD (from 00:00, or startTime) or YYYY-MM-DD HH:mm, study time zone.'),
  startTime: ClockSchema.optional(),
  endDate: DayOrDateTimeSchema.describe('YYYY-MM-DD (until 23:59, or endTime) or YYYY-MM-DD HH:mm, study time zone.'),
  endTime: ClockSchema.optional(),
  creator: CreatorSchema.nullish(),
  contactByPhoneNo: z.string().nullish(),
  // An empty string means no address; a mailto: link means its address. Anything else must be an address.
  contactByEmail: z
    .string()
    .transform((s) => s.trim().replace(/^mailto:/i, ''))
    .pipe(z.union([z.literal(''), z.email('not an e-mail address')]))
    .transform((s) => s || null)
    .nullish(),
  // A boolean, also given as text.
  participationAutomaticallyAllowed: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(true)
    .describe('A boolean, or "true" / "false".')
    .transform((v) => v === true || v === 'true'),
  questionnaires: z.array(QuestionnaireSchema).default([]),
  tripPurposes: z.array(NamedSchema).default([]).describe('Ids are kept: a trips file refers to them.'),
  // The API's name (getTripFeedbackReasons returns trpFdbkReasons); feedbackReasons is accepted too.
  trpFdbkReasons: z.array(NamedSchema).optional().describe('Trip feedback reasons (or give them as feedbackReasons).'),
  feedbackReasons: z.array(NamedSchema).optional().describe('Same as trpFdbkReasons; give one of the two.'),
  faqs: z.array(FaqSchema).default([]),
  textModules: z.array(TextModuleSchema).default([]),
  initialQtnSummary: ReadOnly('computed per participant'),
  finalQtnSummary: ReadOnly('computed per participant'),
})
type CampaignObject = z.output<typeof CampaignObjectSchema>

/** Campaign start and end as 'YYYY-MM-DD HH:mm'; a date without a time runs from 00:00 to 23:59. */
export function campaignBounds(c: Pick<CampaignObject, 'startDate' | 'startTime' | 'endDate' | 'endTime'>) {
  const at = (date: string, time: string | undefined, fallback: string) =>
    date.length > 10 ? date : `${date} ${time ?? fallback}`
  return { start: at(c.startDate, c.startTime, '00:00'), end: at(c.endDate, c.endTime, '23:59') }
}

function checkCampaign(c: CampaignObject, ctx: z.RefinementCtx) {
  for (const [date, time] of [['startDate', 'startTime'], ['endDate', 'endTime']] as const) {
    // The same time in both places is what an app-written file says; two different times cannot both be meant.
    const given = c[date].length > 10 ? c[date].slice(11, 16) : null
    if (given !== null && c[time] !== undefined && c[time].slice(0, 5) !== given) {
      ctx.addIssue({ code: 'custom', message: `${date} says ${given}, ${time} says ${c[time]}: give one time`, path: [time] })
    }
  }
  const { start, end } = campaignBounds(c)
  if (instantOf(end) <= instantOf(start)) ctx.addIssue({ code: 'custom', message: `the campaign must end after it starts (${start})`, path: ['endDate'] })

  if (c.trpFdbkReasons && c.feedbackReasons) {
    ctx.addIssue({ code: 'custom', message: 'give trpFdbkReasons or feedbackReasons, not both', path: ['feedbackReasons'] })
  }
  const [reasonsKey, reasons] = c.feedbackReasons ? ['feedbackReasons', c.feedbackReasons] : ['trpFdbkReasons', c.trpFdbkReasons ?? []]
  const idUses = (kind: string, key: string, list: { id: number }[]) =>
    list.map((item, i) => ({ kind, id: item.id, path: [key, i, 'id'] }) as IdUse)
  reportDuplicates(idUses('trip purpose', 'tripPurposes', c.tripPurposes), ctx)
  reportDuplicates(idUses('feedback reason', reasonsKey, reasons), ctx)
  reportDuplicates(idUses('questionnaire', 'questionnaires', c.questionnaires), ctx)

  // Question and answer option ids are unique across questionnaires too (answers carry no questionnaire id).
  const seen = new Map<string, IdUse>()
  c.questionnaires.forEach((q, i) => {
    const uses = questionnaireIds(q.section, ['questionnaires', i, 'section'])
    // Duplicates inside one questionnaire were reported by QuestionnaireSchema already.
    const own = new Map<string, IdUse>()
    for (const use of uses) own.set(`${use.kind}:${use.id}`, own.get(`${use.kind}:${use.id}`) ?? use)
    reportDuplicates([...own.values()], ctx, seen)
  })

  for (const type of ['INITIAL', 'FINAL'] as const) {
    const at = c.questionnaires.map((q, i) => (q.type === type ? i : -1)).filter((i) => i >= 0)
    if (at.length > 1) {
      ctx.addIssue({ code: 'custom', message: `a campaign has at most one ${type} questionnaire`, path: ['questionnaires', at[1], 'type'] })
    }
  }
  const modules = new Set<string>()
  c.textModules.forEach((m, i) => {
    for (const locale of perLocale(m)) {
      const key = `${m.txtModuleConstant}/${locale}`
      if (modules.has(key)) ctx.addIssue({ code: 'custom', message: `a second ${key} text module`, path: ['textModules', i] })
      modules.add(key)
    }
  })
  if (c.desc !== undefined && c.description !== undefined) {
    ctx.addIssue({ code: 'custom', message: 'give desc or description, not both', path: ['description'] })
  }
}

export const CampaignFileSchema = CampaignObjectSchema.superRefine(checkCampaign)
  .transform(({ $schema: _schema, id: _id, initialQtnSummary: _i, finalQtnSummary: _f, trpFdbkReasons, feedbackReasons, desc, description, faqs, textModules, ...rest }) => ({
    ...rest,
    name: rest.name.text.trim(),
    nameI18n: rest.name.i18n && Object.fromEntries(Object.entries(rest.name.i18n).map(([l, t]) => [l, t.trim()])),
    desc: (desc ?? description)?.text ?? '',
    descI18n: (desc ?? description)?.i18n ?? null,
    feedbackReasons: feedbackReasons ?? trpFdbkReasons ?? [],
    faqs: faqs.flatMap((f) => perLocale(f).map((locale) => ({ locale, question: textIn(f.question, locale), answ: textIn(f.answ, locale) }))),
    textModules: textModules.flatMap((m) => perLocale(m).map((locale) => ({ txtModuleConstant: m.txtModuleConstant, locale, text: textIn(m.text, locale) }))),
  }))
  .meta({
    title: 'Travel diary campaign file',
    description: 'Input of `npm run admin -- campaign:import --file F`. Date-times are YYYY-MM-DD HH:mm in the study time zone.',
  })
export type CampaignFile = z.output<typeof CampaignFileSchema>
export type CampaignFileInput = z.input<typeof CampaignFileSchema>

// ---------------------------------------------------------------------------------------------------------------

/** A zod issue path as the messages show it: questionnaires[0].section.questions[3].type */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else out += out ? `.${String(key)}` : String(key)
  }
  return out || '(file)'
}
