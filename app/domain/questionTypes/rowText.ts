// SINGLE_ROW_TEXT (one line), MULTIPLE_ROW_TEXT (one line per option) and TEXT (several lines). Row text: max
// characters default 100; a single-row type strips a line break, and longer text is cut (the page says so). Validity
// only checks the length, also when mandatory (the rule taken literally).
import { normalizeRowText, ROW_TEXT_MAX_DEFAULT } from '../numbers'
import { field, perOption, type QuestionLike, type QuestionTypeDef } from './kit'

/** Row text: max characters default 100. */
export function rowTextMax(q: Pick<QuestionLike, 'max'>): number {
  return q.max ?? ROW_TEXT_MAX_DEFAULT
}

const charLength = (s: string) => [...s].length

function rowText(shape: 'single-value' | 'multi-field', singleRow: boolean): QuestionTypeDef {
  return {
    shape,
    supported: true,
    valid: (q, answers) => q.max == null || answers.every((a) => charLength(a.text) <= q.max!),
    value: (q, text) => {
      const max = rowTextMax(q)
      if (singleRow && /[\r\n]/.test(text)) return { constant: 'ANSWER_INVALID', reason: 'lineBreak' }
      if (charLength(text) > max) return { constant: 'ANSWER_OUT_OF_RANGE', reason: 'textLength', params: { max } }
      return null
    },
    parse: (q, form, previous) =>
      perOption(q, previous, (optId) => {
        const raw = form.get(field.value(optId)) ?? ''
        const { text } = normalizeRowText(raw.replace(/\r\n/g, '\n'), { max: rowTextMax(q), singleRow })
        const uncut = singleRow ? raw.replace(/\r\n|\r|\n/g, '') : raw.replace(/\r\n/g, '\n')
        return {
          text: text.trim() !== '' ? text : null,
          notice: charLength(text) < charLength(uncut) ? 'textCut' : null,
        }
      }),
  }
}

export const SINGLE_ROW_TEXT = rowText('single-value', true)
export const MULTIPLE_ROW_TEXT = rowText('multi-field', true)
export const TEXT = rowText('single-value', false)
