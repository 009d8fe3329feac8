// SINGLE_NUM_SLIDER / MULTIPLE_NUM_SLIDER: a range input with a number box per value.
import { useState } from 'react'
import { useBrowserFields } from '~/components/form/browserFields'
import { field } from '~/domain/answerInput'
import { one, Slider, sliderEdit, unitOf, type FieldProps } from './parts'

export function SliderField({ q, state, legendId, t }: FieldProps) {
  const options = q.rows[0].options
  const [values, setValues] = useState(() => options.map((o) => one(state[field.value(o.id)])))
  const ref = useBrowserFields<HTMLDivElement>((root) =>
    setValues(options.map((o, i) => sliderEdit(root, o.id) ?? values[i])),
  )
  const single = q.type === 'SINGLE_NUM_SLIDER'
  return (
    <div className="stack--sm" ref={ref}>
      <p className="field__hint">{t('input.range', { min: q.slider.min, max: q.slider.max })}</p>
      {options.map((o, i) => {
        const labelId = single && !o.text ? legendId : `${legendId}-o${o.id}`
        return (
          <div key={o.id} className="qtn-field">
            {single && !o.text ? null : (
              <span className="qtn-field__label" id={labelId}>
                {o.text}
              </span>
            )}
            <Slider
              q={q}
              optId={o.id}
              labelId={labelId}
              value={values[i]}
              unit={unitOf(q, o.textAfter)}
              onValue={(v) => setValues(values.map((x, j) => (j === i ? v : x)))}
            />
          </div>
        )
      })}
    </div>
  )
}
