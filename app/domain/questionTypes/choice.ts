// SINGLE_CHOICE and MULTIPLE_CHOICE: one sub-question with an option per choice; an answer is a picked option (its
// text empty). Single choice: exactly one answer. Multiple choice: at least one and at most max if set; an exclusive
// option stands alone (picked together with others without JavaScript, it is kept alone and the page says so).
import type { Answer } from '../questionnaire'
import { sortedSubQuestions } from '../questionOrder'
import { field, optionsOf, type QuestionLike, type QuestionTypeDef, type Refusal } from './kit'

/**
 * Picked ids of one choice group: unknown ids and duplicates dropped; picking an exclusive option clears the
 * others — an exclusive option posted together with others (no JS) is kept alone.
 */
export function pickedIds(
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

/** One answer per row of a single-choice group; an exclusive option alone in its row. */
export function rowProblem(q: QuestionLike, picked: ReadonlySet<number>, single: boolean): Refusal | null {
  for (const row of sortedSubQuestions(q)) {
    const chosen = row.answOpts.filter((o) => picked.has(o.id))
    if (single && chosen.length > 1) return { constant: 'ANSWER_INVALID', reason: 'oneAnswer' }
    if (chosen.length > 1 && chosen.some((o) => o.exclOpt)) return { constant: 'ANSWER_INVALID', reason: 'exclusive' }
  }
  return null
}

/** The ids among `ids` that are answered, as field values. */
export const pickedOf = (answers: readonly Answer[], ids: number[]) =>
  ids.filter((id) => answers.some((a) => a.answOptId === id)).map(String)

function choice(multiple: boolean): QuestionTypeDef {
  return {
    shape: 'choice',
    supported: true,
    answered: (answers) => answers.length > 0,
    valid: (q, answers) => {
      if (!q.mandatory && answers.length === 0) return true
      const count = new Set(answers.map((a) => a.answOptId)).size
      return multiple ? count >= 1 && (q.max == null || count <= q.max) : count === 1
    },
    together: (q, _own, picked) => {
      const row = rowProblem(q, picked, !multiple)
      if (row) return row
      return multiple && q.max != null && picked.size > q.max
        ? { constant: 'ANSWER_OUT_OF_RANGE', reason: 'tooMany', params: { max: q.max } }
        : null
    },
    parse: (q, form) => {
      const { ids, exclusiveOnly } = pickedIds(form.getAll(field.choice(q.id)), optionsOf(q), multiple)
      return {
        answers: ids.map((answOptId) => ({ answOptId, text: '' })),
        notice: exclusiveOnly ? 'exclusiveOnly' : null,
      }
    },
    formState: (q, answers) => ({
      [field.choice(q.id)]: pickedOf(
        answers,
        optionsOf(q).map((o) => o.id),
      ),
    }),
  }
}

export const SINGLE_CHOICE = choice(false)
export const MULTIPLE_CHOICE = choice(true)
