// SINGLE_NUM_SLIDER (one value) and MULTIPLE_NUM_SLIDER (one per option): a range input with a number box. Slider:
// min default 0, max default 140, interval from the metadata (default 1). Without JavaScript the box wins when it was
// changed; a value out of range is clamped. Always valid: a slider always has a value (its minimum at first).
import { clampNumber, sliderConfig } from '../numbers'
import { alwaysValid, field, nonBlank, perOption, perOptionState, type FormLike, type QuestionTypeDef } from './kit'

const DECIMAL_RE = /^[+-]?(\d+(\.\d+)?|\.\d+)$/

/** A slider's value: its number box when that was changed (no JS: the two are not in sync), else the range input. */
export function sliderValue(form: FormLike, optId: number, previous: string): string {
  const box = form.get(field.number(optId))
  const range = form.get(field.value(optId))
  if (box != null && box.trim() !== '' && box.trim() !== previous) return box
  return range ?? box ?? previous
}

/** A slider's range, for messages. */
export const sliderRange: NonNullable<QuestionTypeDef['range']> = (q) => {
  const { min, max } = sliderConfig(q)
  return { min, max }
}

/** A slider value's text: a number within the slider's range. */
export const sliderText = nonBlank((q, s) => {
  const { min, max } = sliderConfig(q)
  if (!DECIMAL_RE.test(s)) return { constant: 'ANSWER_INVALID', reason: 'number' }
  const n = Number(s)
  return n < min || n > max ? { constant: 'ANSWER_OUT_OF_RANGE', reason: 'range', params: { min, max } } : null
})

/** Both fields of a slider show its value (its minimum when unanswered). */
export const sliderState: NonNullable<QuestionTypeDef['formState']> = (q, answers) =>
  perOptionState(q, answers, (optId, text) => {
    const v = text ?? String(sliderConfig(q).min)
    return { [field.value(optId)]: v, [field.number(optId)]: v }
  })

const slider = (shape: 'single-value' | 'multi-field'): QuestionTypeDef => ({
  shape,
  supported: true,
  valid: alwaysValid,
  value: sliderText,
  parse: (q, form, previous) =>
    perOption(q, previous, (optId, prev) => {
      const cfg = sliderConfig(q)
      const raw = sliderValue(form, optId, prev ?? String(cfg.min))
      const clamped = clampNumber(raw, { min: cfg.min, max: cfg.max, float: true })
      if (clamped == null) return { text: prev ?? String(cfg.min) }
      return { text: clamped, notice: Number(clamped) !== Number(raw.replace(',', '.')) ? 'clamped' : null }
    }),
  formState: sliderState,
  range: sliderRange,
})

export const SINGLE_NUM_SLIDER = slider('single-value')
export const MULTIPLE_NUM_SLIDER = slider('multi-field')
