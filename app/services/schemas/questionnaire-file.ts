/**
 * A questionnaire of the campaign file (and of `questionnaires.definition`, which holds exactly its parsed output).
 * Field names are those of the entities (Questionnaire, Section, Question, Answer option).
 * Ids are kept on import and must be unique in the whole database: question ids and answer option ids are unique
 * across the file, because an answer names its question only through its answer option id.
 *
 * SHAPE CONVENTION: each question type's module (app/domain/questionTypes/) says how it lays out its sub-questions and
 * answer options (enforced here, so the questionnaire screens never meet "more sub-questions or answer options than
 * its type expects"):
 * - single-value: one sub-question with one answer option; the answer's text goes to that option's id.
 * - choice: one sub-question with N options, one per choice (exclOpt marks an exclusive one; for MULTIPLE_CHOICE, max
 *   caps the number of picks).
 * - matrix: one sub-question per row, each with the column options (own ids per row, since option ids are unique in
 *   the questionnaire).
 * - multi-field: one sub-question with N options, one per field.
 * - any (DRAG_RAT, unsupported and skipped by the screens): any shape.
 * A filter (boolExpDefs + nested section) opens when the parent is answered with an option whose id is among
 * the codes of one boolExpDef; the codes must be answer option ids of the parent question.
 */
import { z } from 'zod'
import { QUESTION_TYPES, type QuestionType } from '~/domain/questionnaire'
import { questionType } from '~/domain/questionTypes/registry'
import { TRAFFIC_MODE_CONSTANTS, type TrafficModeConstant } from '~/domain/trafficModes'
import { CreatorSchema, DateTimeSchema, formatPath, IdSchema, instantOf, MetaDataRecSchema, ReadOnly, TextSchema, type Text } from './file-values'

export const QUESTIONNAIRE_TYPES = ['INITIAL', 'FINAL', 'LEG_BASED', 'TRIP_BASED'] as const
export type QuestionnaireType = (typeof QUESTIONNAIRE_TYPES)[number]

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

type Issue = { message: string; path: PropertyKey[] }

/** Why a question's sub-questions/options do not fit its type's shape, or null. */
function shapeProblem(q: { type: QuestionType; subQuestions: { answOpts: unknown[] }[] }): Issue | null {
  const shape = questionType(q.type)!.shape
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
  if (questionType(String(q.type))?.shape !== 'multi-field' || !Array.isArray(q.subQuestions) || q.subQuestions.length < 2) return raw
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
export function reportDuplicates(uses: IdUse[], ctx: z.RefinementCtx, seen = new Map<string, IdUse>()) {
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
