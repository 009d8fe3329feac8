// The question engine's input handling: the form fields each question type posts, turned into answers
// (`{ answOptId, text }`, text in one of these forms: unix-seconds dates, 'HH:mm:ss', numbers, text, GeoJSON), and
// answers turned back into field values for rendering. Pure, shared by server (no-JS posts) and browser.
// Input the server adjusts instead of refusing (clamped numbers, a reduced constant sum, an exclusive option kept
// alone, text cut to its maximum) is reported as a notice so the page can say so.
import type { Answer } from './questionnaire'
import type { Day } from './time'
import { dayInZone, zonedParts } from './time'
import { applyConstantSum, clampNumber, maximumSum, normalizeRowText, sliderConfig } from './numbers'
import {
  answerTextToDate,
  dateToAnswerText,
  DEFAULT_ANSWER_HOUR,
  DEFAULT_ANSWER_MINUTE,
  parseTimeAnswer,
  timeAnswer,
} from './questionText'
import { clampHour, clampMinute, twoDigits } from './timeInput'
import { latLonInputText, parseLatLonInput, parseLocatorText, pointText } from './geoAnswer'
import { numberBounds, rowTextMax } from './answerCheck'
import { sortedOptions, sortedSubQuestions, type QuestionLike } from './questionFlow'

/** Form field names. Option ids are unique within a questionnaire, so names never clash. */
export const field = {
  /** SINGLE_CHOICE / MULTIPLE_CHOICE: the picked option ids. */
  choice: (questionId: number) => `q${questionId}`,
  /** Matrix row (sub-question): the picked option ids of that row. */
  row: (subQuestionId: number) => `r${subQuestionId}`,
  /** The text of an option: number, text, date (YYYY-MM-DD), slider value, place ("lat, lon"). */
  value: (optId: number) => `o${optId}`,
  /** A slider's number box (next to the range input). */
  number: (optId: number) => `o${optId}-n`,
  hour: (optId: number) => `o${optId}-h`,
  minute: (optId: number) => `o${optId}-m`,
  /** Locator without the map: one of the participant's saved places ("poi:ID", or "clear"). */
  poi: (optId: number) => `o${optId}-poi`,
  /** Locator without the map: an address or "lat, lon". */
  where: (optId: number) => `o${optId}-where`,
}

export interface FormLike {
  get(name: string): string | null
  getAll(name: string): string[]
}

/** FormData or URLSearchParams as string-only FormLike (files are ignored). */
export function formLike(source: { get(name: string): unknown; getAll(name: string): unknown[] }): FormLike {
  return {
    get: (name) => {
      const v = source.get(name)
      return typeof v === 'string' ? v : null
    },
    getAll: (name) => source.getAll(name).filter((v): v is string => typeof v === 'string'),
  }
}

export interface InputEnv {
  today: Day
  timeZone: string
}

export type InputNotice = 'clamped' | 'sumReduced' | 'exclusiveOnly' | 'textCut' | 'timeAdjusted'

export interface ParsedInput {
  answers: Answer[]
  notice: InputNotice | null
}

/** Field values as rendered: one string, or the picked ids of a choice/row. */
export type FormState = Record<string, string | string[]>

const NUMBER_TYPES = new Set(['INT_NO_INPUT', 'FLOATING_NO_INPUT'])
const SLIDERS = new Set(['SINGLE_NUM_SLIDER', 'MULTIPLE_NUM_SLIDER', 'CONSTANT_SUM_INPUT'])
const ROW_TEXTS = new Set(['SINGLE_ROW_TEXT', 'MULTIPLE_ROW_TEXT', 'TEXT'])
const LOCATORS = new Set(['SINGLE_LOCATOR', 'MULTIPLE_LOCATOR'])
const CHOICES = new Set(['SINGLE_CHOICE', 'MULTIPLE_CHOICE'])
const MATRICES = new Set(['SINGLE_CHOICE_MATRIX', 'MULTIPLE_CHOICE_MATRIX'])

const options = (q: QuestionLike) => sortedSubQuestions(q).flatMap((s) => sortedOptions(s))
const textOf = (answers: readonly Answer[], optId: number) => answers.find((a) => a.answOptId === optId)?.text

/**
 * Picked ids of one choice group: unknown ids and duplicates dropped; picking an exclusive option clears the
 * others — an exclusive option posted together with others (no JS) is kept alone.
 */
function pickedIds(
  raw: string[],
  group: { id: number; exclOpt?: boolean | null }[],
  multiple: boolean,
): { ids: number[]; exclusiveOnly: boolean } {
  const known = new Set(group.map((o) => o.id))
  const ids = [...new Set(raw.map(Number))].filter((id) => known.has(id))
  if (!multiple) return { ids, exclusiveOnly: false }
  const exclusive = ids.filter((id) => group.some((o) => o.id === id && o.exclOpt))
  if (exclusive.length > 0 && ids.length > 1) return { ids: [exclusive[0]], exclusiveOnly: true }
  return { ids, exclusiveOnly: false }
}

/** A slider's value: its number box when that was changed (no JS: the two are not in sync), else the range input. */
function sliderValue(form: FormLike, optId: number, previous: string): string {
  const box = form.get(field.number(optId))
  const range = form.get(field.value(optId))
  if (box != null && box.trim() !== '' && box.trim() !== previous) return box
  return range ?? box ?? previous
}

/**
 * The answers one question's fields describe. `previous` are the question's answers before this post (the draft):
 * they tell which slider moved last and what an invalid hour/minute falls back to.
 * Texts that cannot be read (a number field with letters) are kept as typed, so nothing is lost; the check
 * (answerCheck.questionProblem) then refuses them with a message.
 */
export function parseQuestionForm(
  q: QuestionLike,
  form: FormLike,
  previous: readonly Answer[],
  env: InputEnv,
): ParsedInput {
  const answers: Answer[] = []
  let notice: InputNotice | null = null
  const opts = options(q)

  if (CHOICES.has(q.type)) {
    const { ids, exclusiveOnly } = pickedIds(form.getAll(field.choice(q.id)), opts, q.type === 'MULTIPLE_CHOICE')
    if (exclusiveOnly) notice = 'exclusiveOnly'
    return { answers: ids.map((answOptId) => ({ answOptId, text: '' })), notice }
  }
  if (MATRICES.has(q.type)) {
    for (const row of sortedSubQuestions(q)) {
      const { ids, exclusiveOnly } = pickedIds(
        form.getAll(field.row(row.id)),
        row.answOpts,
        q.type === 'MULTIPLE_CHOICE_MATRIX',
      )
      if (exclusiveOnly) notice = 'exclusiveOnly'
      answers.push(...ids.map((answOptId) => ({ answOptId, text: '' })))
    }
    return { answers, notice }
  }
  if (q.type === 'CONSTANT_SUM_INPUT') {
    const cfg = sliderConfig(q)
    const before = opts.map((o) => textOf(previous, o.id) ?? String(cfg.min))
    const values = opts.map((o, i) => {
      const n = Number(
        clampNumber(sliderValue(form, o.id, before[i]), { min: cfg.min, max: cfg.max, float: true }) ?? before[i],
      )
      return Number.isFinite(n) ? n : cfg.min
    })
    // The last moved slider is reduced by the excess. Without JS: the last field that changed.
    let lastMoved = -1
    values.forEach((v, i) => {
      if (String(v) !== before[i]) lastMoved = i
    })
    const maxSum = maximumSum(q.metaDataRecs, q.max)
    const total = values.reduce((a, b) => a + b, 0)
    const result = applyConstantSum(values, lastMoved >= 0 ? lastMoved : values.length - 1, maxSum)
    if (total > maxSum) notice = 'sumReduced'
    // If the moved slider alone could not absorb the excess, reduce the others from the end.
    const out = [...result.values]
    let excess = out.reduce((a, b) => a + b, 0) - maxSum
    for (let i = out.length - 1; i >= 0 && excess > 0; i--) {
      const cut = Math.min(out[i] - Math.min(cfg.min, out[i]), excess)
      out[i] -= cut
      excess -= cut
    }
    return { answers: opts.map((o, i) => ({ answOptId: o.id, text: String(round2(out[i])) })), notice }
  }
  for (const o of opts) {
    const prev = textOf(previous, o.id)
    if (NUMBER_TYPES.has(q.type)) {
      const raw = (form.get(field.value(o.id)) ?? '').trim()
      if (raw === '') continue
      const { min, max } = numberBounds(q)
      const clamped = clampNumber(raw, { min, max, float: q.type === 'FLOATING_NO_INPUT' })
      if (clamped == null) answers.push({ answOptId: o.id, text: raw })
      else {
        if (Number(clamped) !== Number(raw.replace(',', '.'))) notice = 'clamped'
        answers.push({ answOptId: o.id, text: clamped })
      }
    } else if (SLIDERS.has(q.type)) {
      const cfg = sliderConfig(q)
      const raw = sliderValue(form, o.id, prev ?? String(cfg.min))
      const clamped = clampNumber(raw, { min: cfg.min, max: cfg.max, float: true })
      if (clamped == null) answers.push({ answOptId: o.id, text: prev ?? String(cfg.min) })
      else {
        if (Number(clamped) !== Number(raw.replace(',', '.'))) notice = 'clamped'
        answers.push({ answOptId: o.id, text: clamped })
      }
    } else if (ROW_TEXTS.has(q.type)) {
      const raw = form.get(field.value(o.id)) ?? ''
      const singleRow = q.type !== 'TEXT'
      const { text } = normalizeRowText(raw.replace(/\r\n/g, '\n'), { max: rowTextMax(q), singleRow })
      const uncut = singleRow ? raw.replace(/\r\n|\r|\n/g, '') : raw.replace(/\r\n/g, '\n')
      if ([...text].length < [...uncut].length) notice = 'textCut'
      if (text.trim() !== '') answers.push({ answOptId: o.id, text })
    } else if (q.type === 'DATE' || q.type === 'DATE_TIME') {
      const day = (form.get(field.value(o.id)) ?? '').trim()
      if (day === '') continue
      let hour = DEFAULT_ANSWER_HOUR
      let minute = DEFAULT_ANSWER_MINUTE
      if (q.type === 'DATE_TIME') {
        const before = prev ? answerTextToDate(prev) : null
        const prevParts = before ? zonedParts(before, env.timeZone) : null
        const h = form.get(field.hour(o.id)) ?? ''
        const m = form.get(field.minute(o.id)) ?? ''
        hour = h.trim() === '' ? DEFAULT_ANSWER_HOUR : clampHour(h, prevParts?.hour ?? DEFAULT_ANSWER_HOUR)
        minute = m.trim() === '' ? DEFAULT_ANSWER_MINUTE : clampMinute(m, prevParts?.minute ?? DEFAULT_ANSWER_MINUTE)
        if (
          (h.trim() !== '' && String(hour) !== String(Number(h))) ||
          (m.trim() !== '' && String(minute) !== String(Number(m)))
        ) {
          notice = 'timeAdjusted'
        }
      }
      answers.push({ answOptId: o.id, text: dateToAnswerText(day, hour, minute, env.timeZone) ?? day })
    } else if (q.type === 'TIME') {
      const h = (form.get(field.hour(o.id)) ?? '').trim()
      const m = (form.get(field.minute(o.id)) ?? '').trim()
      if (h === '' && m === '') continue
      const before = parseTimeAnswer(prev)
      const hour = h === '' ? 0 : clampHour(h, before?.hour ?? 0)
      const minute = m === '' ? 0 : clampMinute(m, before?.minute ?? 0)
      if ((h !== '' && String(hour) !== String(Number(h))) || (m !== '' && String(minute) !== String(Number(m))))
        notice = 'timeAdjusted'
      answers.push({ answOptId: o.id, text: timeAnswer(hour, minute)! })
    } else if (LOCATORS.has(q.type)) {
      const raw = (form.get(field.value(o.id)) ?? '').trim()
      if (raw === '') continue
      const p = parseLatLonInput(raw)
      answers.push({ answOptId: o.id, text: p ? pointText(p) : raw })
    }
  }
  return { answers, notice }
}

const round2 = (n: number) => Math.round(n * 100) / 100

/**
 * Field values for rendering a question with its answers. Defaults: a date question without an answer shows
 * today (at 12:00 for date-time) — unless the participant already left it empty (`seen`) —, a slider its minimum.
 */
export function questionFormState(
  q: QuestionLike,
  answers: readonly Answer[],
  env: InputEnv,
  flags: { seen?: boolean } = {},
): FormState {
  const state: FormState = {}
  const opts = options(q)
  const picked = (ids: number[]) => ids.filter((id) => answers.some((a) => a.answOptId === id)).map(String)
  if (CHOICES.has(q.type)) {
    state[field.choice(q.id)] = picked(opts.map((o) => o.id))
    return state
  }
  if (MATRICES.has(q.type)) {
    for (const row of sortedSubQuestions(q)) state[field.row(row.id)] = picked(row.answOpts.map((o) => o.id))
    return state
  }
  for (const o of opts) {
    const text = textOf(answers, o.id)
    if (SLIDERS.has(q.type)) {
      const v = text ?? String(sliderConfig(q).min)
      state[field.value(o.id)] = v
      state[field.number(o.id)] = v
    } else if (q.type === 'DATE' || q.type === 'DATE_TIME') {
      const date = text ? answerTextToDate(text) : null
      state[field.value(o.id)] = date ? dayInZone(date, env.timeZone) : (text ?? (flags.seen ? '' : env.today))
      if (q.type === 'DATE_TIME') {
        const p = date ? zonedParts(date, env.timeZone) : null
        state[field.hour(o.id)] = twoDigits(p ? p.hour : DEFAULT_ANSWER_HOUR)
        state[field.minute(o.id)] = twoDigits(p ? p.minute : DEFAULT_ANSWER_MINUTE)
      }
    } else if (q.type === 'TIME') {
      const t = parseTimeAnswer(text)
      state[field.hour(o.id)] = t ? twoDigits(t.hour) : ''
      state[field.minute(o.id)] = t ? twoDigits(t.minute) : ''
    } else if (LOCATORS.has(q.type)) {
      const points = parseLocatorText(text)
      state[field.value(o.id)] = points ? latLonInputText(points[0]) : (text ?? '')
    } else {
      state[field.value(o.id)] = text ?? ''
    }
  }
  return state
}
