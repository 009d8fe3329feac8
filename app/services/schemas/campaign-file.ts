/**
 * The campaign file format (`npm run admin -- campaign:import --file campaign.json`) as ONE zod
 * schema. Field names are those of the entities (Campaign, Questionnaire, Section, Question, Answer option); its
 * questionnaires are ./questionnaire-file.ts, the values it shares with the trips file ./file-values.ts.
 * schemas/campaign.schema.json is generated from these files (scripts/gen-schemas.ts); edit here, then regenerate.
 *
 * Texts (introTxt, hintTxt, helpTxt, subseqTxt, names) are a plain string (every language) or { de_DE, en_US }.
 * Date-times are 'YYYY-MM-DD HH:mm' wall-clock times in the study time zone (STUDY_TIME_ZONE, Europe/Berlin).
 */
import { z } from 'zod'
import { ClockSchema, DayOrDateTimeSchema, IdSchema, instantOf, LocaleSchema, ReadOnly, TextSchema, CreatorSchema, type Text } from './file-values'
import { questionnaireIds, QuestionnaireSchema, reportDuplicates, type IdUse } from './questionnaire-file'

// What the importer, exporter and demo study name of the format, from the file that defines it.
export { DateTimeSchema, formatPath, IdSchema, instantOf, MetaDataRecSchema, TextSchema, type Text } from './file-values'
export { TRAFFIC_MODE_CONSTANTS, type TrafficModeConstant } from '~/domain/trafficModes'
export {
  mergeFieldSubQuestions,
  QUESTIONNAIRE_TYPES,
  QuestionnaireSchema,
  questionnaireIds,
  walkQuestions,
  type AnswerOption,
  type IdUse,
  type Question,
  type QuestionInput,
  type Questionnaire,
  type QuestionnaireInput,
  type QuestionnaireType,
  type Section,
  type SubQuestion,
} from './questionnaire-file'

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
