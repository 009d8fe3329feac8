// Builders of the demo study's questions, laid out by the shape convention of the campaign file
// (services/schemas/questionnaire-file.ts). Id scheme: a question's sub-questions are question id × 10 + row, its
// answer options question id × 100 + n (matrix: question id × 100 + row × 10 + column).
import type { QuestionInput } from '~/services/schemas/campaign-file'
import type { QuestionType } from '~/domain/questionnaire'

export type T = { de_DE: string; en_US: string }
export const t = (de_DE: string, en_US: string): T => ({ de_DE, en_US })

type Opt = [de: string, en: string, extra?: { exclOpt?: boolean; subseqTxt?: T }]
type Extra = Omit<Partial<QuestionInput>, 'id' | 'type' | 'subQuestions'>

/** Single-value types: one sub-question with one answer option. */
export function single(id: number, type: QuestionType, intro: T, extra: Extra & { unit?: T } = {}): QuestionInput {
  const { unit, ...rest } = extra
  return {
    id,
    type,
    introTxt: intro,
    subQuestions: [{ id: id * 10 + 1, answOpts: [{ id: id * 100 + 1, subseqTxt: unit }] }],
    ...rest,
  }
}

const options = (id: number, opts: Opt[]) =>
  opts.map(([de, en, extra], i) => ({ id: id * 100 + i + 1, introTxt: t(de, en), sortingIdx: i, ...extra }))

/** Choice and multi-field types: one sub-question with one option per choice or field. */
export function listed(id: number, type: QuestionType, intro: T, opts: Opt[], extra: Extra = {}): QuestionInput {
  return { id, type, introTxt: intro, subQuestions: [{ id: id * 10 + 1, answOpts: options(id, opts) }], ...extra }
}

/** Matrix types: one sub-question per row, each with the column options. */
export function matrix(
  id: number,
  type: QuestionType,
  intro: T,
  rows: T[],
  cols: T[],
  extra: Extra = {},
): QuestionInput {
  const subQuestions = rows.map((row, r) => ({
    id: id * 10 + r + 1,
    introTxt: row,
    sortingIdx: r,
    answOpts: cols.map((col, c) => ({ id: id * 100 + (r + 1) * 10 + c + 1, introTxt: col, sortingIdx: c })),
  }))
  return { id, type, introTxt: intro, subQuestions, ...extra }
}

export const section = (id: number, questions: QuestionInput[]) => ({
  id,
  questions: questions.map((q, i) => ({ ...q, sortingIdx: i })),
})
export const meta = (recs: Record<string, string | number>) => Object.entries(recs).map(([key, val]) => ({ key, val }))
