// CONSTANT_SUM_INPUT: one slider per option whose total may not exceed maximum_sum (metadata, default the max). The
// last moved slider is reduced by the excess; without JavaScript, the last field that changed (and, if that is not
// enough, the others from the end). Always valid.
import { applyConstantSum, clampNumber, maximumSum, sliderConfig } from '../numbers'
import { alwaysValid, optionsOf, textOf, type QuestionTypeDef } from './kit'
import { sliderRange, sliderState, sliderText, sliderValue } from './slider'

const round2 = (n: number) => Math.round(n * 100) / 100

export const CONSTANT_SUM_INPUT: QuestionTypeDef = {
  shape: 'multi-field',
  supported: true,
  valid: alwaysValid,
  value: sliderText,
  together: (q, own) => {
    const max = maximumSum(q.metaDataRecs, q.max)
    const sum = own.reduce((s, a) => s + (Number(a.text) || 0), 0)
    return sum > max + 1e-9 ? { constant: 'ANSWER_OUT_OF_RANGE', reason: 'sum', params: { max } } : null
  },
  parse: (q, form, previous) => {
    const opts = optionsOf(q)
    const cfg = sliderConfig(q)
    const before = opts.map((o) => textOf(previous, o.id) ?? String(cfg.min))
    const values = opts.map((o, i) => {
      const n = Number(
        clampNumber(sliderValue(form, o.id, before[i]), { min: cfg.min, max: cfg.max, float: true }) ?? before[i],
      )
      return Number.isFinite(n) ? n : cfg.min
    })
    // The last moved slider is reduced by the excess. Without JS: the last field that changed.
    let lastMoved = -1
    values.forEach((v, i) => {
      if (String(v) !== before[i]) lastMoved = i
    })
    const maxSum = maximumSum(q.metaDataRecs, q.max)
    const total = values.reduce((a, b) => a + b, 0)
    const result = applyConstantSum(values, lastMoved >= 0 ? lastMoved : values.length - 1, maxSum)
    // If the moved slider alone could not absorb the excess, reduce the others from the end.
    const out = [...result.values]
    let excess = out.reduce((a, b) => a + b, 0) - maxSum
    for (let i = out.length - 1; i >= 0 && excess > 0; i--) {
      const cut = Math.min(out[i] - Math.min(cfg.min, out[i]), excess)
      out[i] -= cut
      excess -= cut
    }
    return {
      answers: opts.map((o, i) => ({ answOptId: o.id, text: String(round2(out[i])) })),
      notice: total > maxSum ? 'sumReduced' : null,
    }
  },
  formState: sliderState,
  range: sliderRange,
}
