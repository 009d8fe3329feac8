// INT_NO_INPUT / FLOATING_NO_INPUT: one number box with its unit and allowed range; clamped when leaving it (with JS).
import { useState } from 'react'
import { cx } from '~/components/ui'
import { fieldsNamed, useBrowserFields } from '~/components/form/browserFields'
import { field } from '~/domain/answerInput'
import { clampNumber } from '~/domain/numbers'
import { one, type FieldProps } from './parts'

const fmt = (n: number) => String(n)

/** The value is clamped to min (default 0) and max (default 1000). Floats allow 2 decimals. */
export function NumberField({ q, state, legendId, errorId, invalid, t }: FieldProps) {
  const opt = q.rows[0].options[0]
  const name = field.value(opt.id)
  const [value, setValue] = useState(one(state[name]))
  const ref = useBrowserFields<HTMLDivElement>((root) => setValue(fieldsNamed(root, name)[0]?.value ?? value))
  const rangeId = `${legendId}-range`
  const unitId = `${legendId}-unit`
  const unit = opt.textAfter
  return (
    <div className="stack--sm" ref={ref}>
      {opt.text ? <p>{opt.text}</p> : null}
      <div className="qtn-value">
        <input
          className="input qtn-num"
          type="text"
          inputMode={q.number.float ? 'decimal' : 'numeric'}
          autoComplete="off"
          name={name}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onBlur={() => {
            const v = clampNumber(value, q.number)
            if (v != null) setValue(v)
          }}
          aria-labelledby={cx(legendId, unit && unitId) || undefined}
          aria-describedby={cx(rangeId, invalid && errorId) || undefined}
          aria-invalid={invalid || undefined}
        />
        {unit ? <span id={unitId}>{unit}</span> : null}
      </div>
      <p className="field__hint" id={rangeId}>
        {t('input.range', { min: fmt(q.number.min), max: fmt(q.number.max) })}
      </p>
    </div>
  )
}
