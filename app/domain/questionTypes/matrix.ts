// SINGLE_CHOICE_MATRIX and MULTIPLE_CHOICE_MATRIX: a sub-question per row, each with its column options (own ids per
// row). Single-choice matrix: one answer per row. Exclusive options single out within a row. Always valid (no row
// needs an answer).
import type { Answer } from '../questionnaire'
import { sortedSubQuestions } from '../questionOrder'
import { pickedIds, pickedOf, rowProblem } from './choice'
import { alwaysValid, field, type InputNotice, type QuestionTypeDef } from './kit'

function matrix(multiple: boolean): QuestionTypeDef {
  return {
    shape: 'matrix',
    supported: true,
    valid: alwaysValid,
    together: (q, _own, picked) => rowProblem(q, picked, !multiple),
    parse: (q, form) => {
      const answers: Answer[] = []
      let notice: InputNotice | null = null
      for (const row of sortedSubQuestions(q)) {
        const { ids, exclusiveOnly } = pickedIds(form.getAll(field.row(row.id)), row.answOpts, multiple)
        if (exclusiveOnly) notice = 'exclusiveOnly'
        answers.push(...ids.map((answOptId) => ({ answOptId, text: '' })))
      }
      return { answers, notice }
    },
    formState: (q, answers) =>
      Object.fromEntries(
        sortedSubQuestions(q).map((row) => [
          field.row(row.id),
          pickedOf(
            answers,
            row.answOpts.map((o) => o.id),
          ),
        ]),
      ),
  }
}

export const SINGLE_CHOICE_MATRIX = matrix(false)
export const MULTIPLE_CHOICE_MATRIX = matrix(true)
