// INT_NO_INPUT and FLOATING_NO_INPUT: one number, clamped to min (default 0) and max (default 1000); floats allow
// 2 decimals. A number out of range is clamped (and the page says so); letters are kept as typed and refused.
// Mandatory: non-empty.
import { clampNumber } from '../numbers'
import {
  field,
  nonBlank,
  numberBounds,
  perOption,
  textIfMandatory,
  type QuestionLike,
  type QuestionTypeDef,
} from './kit'

const INT_RE = /^[+-]?\d+$/
const FLOAT_RE = /^[+-]?(\d+(\.\d{1,2})?|\.\d{1,2})$/

/** The number input of a question: its bounds, and whether it takes decimals. */
export const numberInput = (q: QuestionLike) => ({ ...numberBounds(q), float: q.type === 'FLOATING_NO_INPUT' })

function number(float: boolean): QuestionTypeDef {
  return {
    shape: 'single-value',
    supported: true,
    valid: textIfMandatory,
    value: nonBlank((q, s) => {
      const { min, max } = numberBounds(q)
      if (!(float ? FLOAT_RE : INT_RE).test(s)) return { constant: 'ANSWER_INVALID', reason: 'number' }
      const n = Number(s)
      return n < min || n > max ? { constant: 'ANSWER_OUT_OF_RANGE', reason: 'range', params: { min, max } } : null
    }),
    parse: (q, form, previous) =>
      perOption(q, previous, (optId) => {
        const raw = (form.get(field.value(optId)) ?? '').trim()
        if (raw === '') return { text: null }
        const clamped = clampNumber(raw, { ...numberBounds(q), float })
        if (clamped == null) return { text: raw }
        return { text: clamped, notice: Number(clamped) !== Number(raw.replace(',', '.')) ? 'clamped' : null }
      }),
  }
}

export const INT_NO_INPUT = number(false)
export const FLOATING_NO_INPUT = number(true)
