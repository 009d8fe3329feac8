// The list of question types: each constant names its module. Adding a type is its module and a line here (plus its
// field component in app/components/questionnaire/types/); see docs/adding-a-question-type.md.
import { MULTIPLE_CHOICE, SINGLE_CHOICE } from './choice'
import { CONSTANT_SUM_INPUT } from './constantSum'
import { DATE, DATE_TIME } from './date'
import { DRAG_RAT } from './dragRat'
import { DURATION } from './duration'
import type { QuestionTypeDef } from './kit'
import { MULTIPLE_LOCATOR, SINGLE_LOCATOR } from './locator'
import { MULTIPLE_CHOICE_MATRIX, SINGLE_CHOICE_MATRIX } from './matrix'
import { FLOATING_NO_INPUT, INT_NO_INPUT } from './number'
import { MULTIPLE_ROW_TEXT, SINGLE_ROW_TEXT, TEXT } from './rowText'
import { MULTIPLE_NUM_SLIDER, SINGLE_NUM_SLIDER } from './slider'
import { TIME } from './time'

/** Every question type by its constant (alphabetical: the order getQuestionTypes answers in). */
const TYPES = {
  CONSTANT_SUM_INPUT,
  DATE,
  DATE_TIME,
  DRAG_RAT,
  DURATION,
  FLOATING_NO_INPUT,
  INT_NO_INPUT,
  MULTIPLE_CHOICE,
  MULTIPLE_CHOICE_MATRIX,
  MULTIPLE_LOCATOR,
  MULTIPLE_NUM_SLIDER,
  MULTIPLE_ROW_TEXT,
  SINGLE_CHOICE,
  SINGLE_CHOICE_MATRIX,
  SINGLE_LOCATOR,
  SINGLE_NUM_SLIDER,
  SINGLE_ROW_TEXT,
  TEXT,
  TIME,
} satisfies Record<string, QuestionTypeDef>

export type QuestionType = keyof typeof TYPES
export const QUESTION_TYPES = Object.keys(TYPES) as [QuestionType, ...QuestionType[]]

/** The module of a type, or null for a string that is no type. */
export function questionType(type: string): QuestionTypeDef | null {
  return Object.hasOwn(TYPES, type) ? TYPES[type as QuestionType] : null
}
