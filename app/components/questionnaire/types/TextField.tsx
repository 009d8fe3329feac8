// SINGLE_ROW_TEXT / MULTIPLE_ROW_TEXT / TEXT: a text box (a text area for TEXT) per option, with the characters left.
import { useState } from 'react'
import { cx } from '~/components/ui'
import { fieldsNamed, useBrowserFields } from '~/components/form/browserFields'
import { field } from '~/domain/answerInput'
import { one, type FieldProps } from './parts'

const chars = (s: string) => [...s].length

/** Row text: max characters default 100. The remaining count is shown … single-row type strips a line break. */
export function TextField({ q, state, legendId, errorId, invalid, t }: FieldProps) {
  const options = q.rows[0].options
  const [values, setValues] = useState(() => options.map((o) => one(state[field.value(o.id)])))
  const clean = (v: string) => [...(q.type === 'TEXT' ? v : v.replace(/\r\n|\r|\n/g, ''))].slice(0, q.textMax).join('')
  const ref = useBrowserFields<HTMLDivElement>((root) =>
    setValues(options.map((o, i) => clean(fieldsNamed(root, field.value(o.id))[0]?.value ?? values[i]))),
  )
  const multi = q.type === 'MULTIPLE_ROW_TEXT'
  return (
    <div className="stack--sm" ref={ref}>
      {options.map((o, i) => {
        const id = `${legendId}-o${o.id}`
        const countId = `${id}-count`
        const labelled = multi || o.text
        const props = {
          id,
          name: field.value(o.id),
          maxLength: q.textMax,
          value: values[i],
          onChange: (e: { target: { value: string } }) =>
            setValues(values.map((x, j) => (j === i ? clean(e.target.value) : x))),
          'aria-labelledby': labelled ? undefined : legendId,
          'aria-describedby': cx(countId, invalid && errorId) || undefined,
          'aria-invalid': invalid || undefined,
          className: 'input',
          autoComplete: 'off',
        }
        return (
          <div key={o.id} className="field">
            {labelled ? (
              <label className="field__label" htmlFor={id}>
                {o.text}
              </label>
            ) : null}
            {q.type === 'TEXT' ? <textarea rows={4} {...props} /> : <input type="text" {...props} />}
            <p className="field__hint" id={countId}>
              {t('input.remaining', { count: q.textMax - chars(values[i]) })}
            </p>
          </div>
        )
      })}
    </div>
  )
}
