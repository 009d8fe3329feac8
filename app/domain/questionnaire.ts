/** Minimal questionnaire model shared by the domain rules (no I/O). */

export const QUESTION_TYPES = [
  'CONSTANT_SUM_INPUT',
  'DATE',
  'DATE_TIME',
  'DRAG_RAT',
  'FLOATING_NO_INPUT',
  'INT_NO_INPUT',
  'MULTIPLE_CHOICE',
  'MULTIPLE_CHOICE_MATRIX',
  'MULTIPLE_LOCATOR',
  'MULTIPLE_NUM_SLIDER',
  'MULTIPLE_ROW_TEXT',
  'SINGLE_CHOICE',
  'SINGLE_CHOICE_MATRIX',
  'SINGLE_LOCATOR',
  'SINGLE_NUM_SLIDER',
  'SINGLE_ROW_TEXT',
  'TEXT',
  'TIME',
] as const
export type QuestionType = (typeof QUESTION_TYPES)[number]

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
