// The field component of each question type (the domain's list is app/domain/questionTypes/registry.ts; React stays
// out of the domain, so the components have their own list). null: the type is not rendered (unsupported).
import type { ComponentType } from 'react'
import type { QuestionType } from '~/domain/questionnaire'
import { ChoiceField } from './ChoiceField'
import { ConstantSumField } from './ConstantSumField'
import { DateField } from './DateField'
import { DurationField } from './DurationField'
import { LocatorField } from './LocatorField'
import { MatrixField } from './MatrixField'
import { NumberField } from './NumberField'
import type { FieldProps } from './parts'
import { SliderField } from './SliderField'
import { TextField } from './TextField'
import { TimeField } from './TimeField'

const FIELDS: Record<QuestionType, ComponentType<FieldProps> | null> = {
  CONSTANT_SUM_INPUT: ConstantSumField,
  DATE: DateField,
  DATE_TIME: DateField,
  DRAG_RAT: null,
  DURATION: DurationField,
  FLOATING_NO_INPUT: NumberField,
  INT_NO_INPUT: NumberField,
  MULTIPLE_CHOICE: ChoiceField,
  MULTIPLE_CHOICE_MATRIX: MatrixField,
  MULTIPLE_LOCATOR: LocatorField,
  MULTIPLE_NUM_SLIDER: SliderField,
  MULTIPLE_ROW_TEXT: TextField,
  SINGLE_CHOICE: ChoiceField,
  SINGLE_CHOICE_MATRIX: MatrixField,
  SINGLE_LOCATOR: LocatorField,
  SINGLE_NUM_SLIDER: SliderField,
  SINGLE_ROW_TEXT: TextField,
  TEXT: TextField,
  TIME: TimeField,
}

/** The field component of a type, or null (unsupported or unknown). */
export const fieldOf = (type: string): ComponentType<FieldProps> | null =>
  Object.hasOwn(FIELDS, type) ? FIELDS[type as QuestionType] : null
