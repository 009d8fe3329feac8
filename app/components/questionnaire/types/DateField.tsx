// DATE / DATE_TIME: a date picker (max today), for DATE_TIME with hour and minute boxes.
import { field } from '~/domain/answerInput'
import { one, TwoDigits, type FieldProps } from './parts'

/** Date picker: no future dates (max today). Default answer when empty is today at 12:00. */
export function DateField({ q, state, legendId, errorId, invalid, today, t }: FieldProps) {
  const opt = q.rows[0].options[0]
  const hourId = `${legendId}-h`
  const minuteId = `${legendId}-m`
  return (
    <div className="qtn-datetime">
      <input
        className="input qtn-date"
        type="date"
        name={field.value(opt.id)}
        max={today}
        defaultValue={one(state[field.value(opt.id)])}
        aria-labelledby={legendId}
        aria-describedby={invalid ? errorId : undefined}
        aria-invalid={invalid || undefined}
      />
      {q.type === 'DATE_TIME' ? (
        <span className="qtn-value">
          <span aria-hidden="true">{t('input.at')}</span>
          <TwoDigits
            id={hourId}
            name={field.hour(opt.id)}
            label={t('input.hour')}
            value={one(state[field.hour(opt.id)])}
            max={24}
          />
          <span aria-hidden="true">:</span>
          <TwoDigits
            id={minuteId}
            name={field.minute(opt.id)}
            label={t('input.minute')}
            value={one(state[field.minute(opt.id)])}
            max={59}
          />
          <span aria-hidden="true">{t('input.oclock')}</span>
        </span>
      ) : null}
    </div>
  )
}
