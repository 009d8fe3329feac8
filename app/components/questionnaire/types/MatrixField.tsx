// SINGLE_CHOICE_MATRIX / MULTIPLE_CHOICE_MATRIX: one option group per row.
import { field } from '~/domain/answerInput'
import { many, OptionGroup, type FieldProps } from './parts'

/** One fieldset per row (sub-question): readable at 360 px, one answer per row for the single-choice matrix. */
export function MatrixField({ q, state, t }: FieldProps) {
  const multiple = q.type === 'MULTIPLE_CHOICE_MATRIX'
  return (
    <div className="qtn-matrix">
      {q.rows.map((row) => (
        <fieldset key={row.id} className="qtn-row">
          <legend>{row.text}</legend>
          <OptionGroup
            name={field.row(row.id)}
            options={row.options}
            initial={many(state[field.row(row.id)])}
            multiple={multiple}
            max={null}
            inline
            t={t}
          />
        </fieldset>
      ))}
    </div>
  )
}
