/** Minimal questionnaire model shared by the domain rules (no I/O). */

// The question types are listed in ./questionTypes/registry.ts, one module each.
import type { QuestionType } from './questionTypes/registry'

export { QUESTION_TYPES, type QuestionType } from './questionTypes/registry'

export interface MetaDataRec {
  key: string
  val: string
}

interface AnswerOption {
  id: number
  introTxt?: string | null
  subseqTxt?: string | null
  exclOpt?: boolean | null
  randomized?: boolean | null
  sortingIdx?: number | null
}

interface SubQuestion {
  id: number
  introTxt?: string | null
  sortingIdx?: number | null
  answOpts: AnswerOption[]
}

interface QuestionFilter {
  /** Parent answer-option ids that make the filter section appear. */
  boolExpDefs: { codes: number[] }[]
  section: Section
}

interface Question {
  id: number
  type: QuestionType
  mandatory: boolean
  alignment?: string | null
  introTxt?: string | null
  hintTxt?: string | null
  helpTxt?: string | null
  subseqTxt?: string | null
  sortingIdx: number
  min?: number | null
  max?: number | null
  metaDataRecs?: MetaDataRec[] | null
  subQuestions: SubQuestion[]
  filter?: QuestionFilter | null
  tfcMode?: string | null
  applyResps?: boolean | null
}

interface Section {
  id: number
  questions: Question[]
}

/** One stored answer: the chosen answer option and its text (free text, number, unix-seconds date, 'HH:mm:ss'). */
export interface Answer {
  answOptId: number
  text: string
}
