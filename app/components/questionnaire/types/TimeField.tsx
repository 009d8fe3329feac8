// TIME: hour and minute boxes.
import { field } from '~/domain/answerInput'
import { one, TwoDigits, type FieldProps } from './parts'

/** Time input: hour 0 to 24, minute 0 to 59. Stored as 'HH:mm:ss'. */
export function TimeField({ q, state, legendId, t }: FieldProps) {
  const opt = q.rows[0].options[0]
  return (
    <div className="qtn-value">
      <TwoDigits
        id={`${legendId}-h`}
        name={field.hour(opt.id)}
        label={t('input.hour')}
        value={one(state[field.hour(opt.id)])}
        max={24}
      />
      <span aria-hidden="true">:</span>
      <TwoDigits
        id={`${legendId}-m`}
        name={field.minute(opt.id)}
        label={t('input.minute')}
        value={one(state[field.minute(opt.id)])}
        max={59}
      />
      <span aria-hidden="true">{t('input.oclock')}</span>
    </div>
  )
}
