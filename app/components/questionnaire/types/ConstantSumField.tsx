// CONSTANT_SUM_INPUT: one slider per option and the running total.
import { useState } from 'react'
import { useBrowserFields } from '~/components/form/browserFields'
import { field } from '~/domain/answerInput'
import { applyConstantSum, clampNumber } from '~/domain/numbers'
import { one, Slider, sliderEdit, unitOf, type FieldProps } from './parts'

/** The total of all sliders may not exceed maximum_sum … The last moved slider is reduced by the excess. */
export function ConstantSumField({ q, state, legendId, t }: FieldProps) {
  const options = q.rows[0].options
  const [values, setValues] = useState(() => options.map((o) => Number(one(state[field.value(o.id)])) || 0))
  const sum = Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100
  const unit = q.slider.unit ?? ''
  const move = (i: number, raw: string) => {
    const n = Number(clampNumber(raw, { min: q.slider.min, max: q.slider.max, float: true }) ?? values[i])
    const next = values.map((x, j) => (j === i ? n : x))
    setValues(applyConstantSum(next, i, q.slider.maxSum).values)
  }
  // Each slider moved in the browser is taken over as if moved now, in page order (the last one is reduced).
  const ref = useBrowserFields<HTMLDivElement>((root) => {
    let next = values
    options.forEach((o, i) => {
      const raw = sliderEdit(root, o.id)
      if (raw == null) return
      const n = Number(clampNumber(raw, { min: q.slider.min, max: q.slider.max, float: true }) ?? next[i])
      next = applyConstantSum(
        next.map((x, j) => (j === i ? n : x)),
        i,
        q.slider.maxSum,
      ).values
    })
    setValues(next)
  })
  return (
    <div className="stack--sm" ref={ref}>
      {q.hint ? null : <p className="field__hint">{t('input.sumRule', { max: q.slider.maxSum, unit })}</p>}
      {options.map((o, i) => {
        const labelId = `${legendId}-o${o.id}`
        return (
          <div key={o.id} className="qtn-field">
            <span className="qtn-field__label" id={labelId}>
              {o.text}
            </span>
            <Slider
              q={q}
              optId={o.id}
              labelId={labelId}
              value={String(values[i])}
              unit={unitOf(q, o.textAfter)}
              onValue={(v) => move(i, v)}
            />
          </div>
        )
      })}
      <p className="qtn-total" aria-live="polite">
        {t('input.total', { sum, max: q.slider.maxSum, unit })}
      </p>
    </div>
  )
}
