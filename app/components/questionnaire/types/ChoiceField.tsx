// SINGLE_CHOICE / MULTIPLE_CHOICE: radio buttons or checkboxes; with JavaScript an exclusive option clears the others
// and no more than max can be ticked.
import { field } from '~/domain/answerInput'
import { horizontal, many, OptionGroup, type FieldProps } from './parts'

export function ChoiceField({ q, state, t }: FieldProps) {
  const row = q.rows[0]
  const multiple = q.type === 'MULTIPLE_CHOICE'
  return (
    <>
      {multiple && q.max != null && !q.hint ? (
        <p className="field__hint">{t('input.chooseUpTo', { count: q.max })}</p>
      ) : null}
      <OptionGroup
        name={field.choice(q.id)}
        options={row.options}
        initial={many(state[field.choice(q.id)])}
        multiple={multiple}
        max={multiple ? q.max : null}
        inline={horizontal(q)}
        t={t}
      />
    </>
  )
}
