// DURATION: an hours box and a minutes box, and the allowed range in minutes. With JavaScript, minutes above 59 carry
// into the hours when leaving the box; without it the server counts them on the same way.
import { useState } from 'react'
import { cx } from '~/components/ui'
import { fieldsNamed, useBrowserFields } from '~/components/form/browserFields'
import { field } from '~/domain/answerInput'
import { one, type FieldProps } from './parts'

export function DurationField({ q, state, legendId, errorId, invalid, t }: FieldProps) {
  const opt = q.rows[0].options[0]
  const hourName = field.hour(opt.id)
  const minuteName = field.minute(opt.id)
  const [hours, setHours] = useState(one(state[hourName]))
  const [minutes, setMinutes] = useState(one(state[minuteName]))
  const ref = useBrowserFields<HTMLDivElement>((root) => {
    setHours(fieldsNamed(root, hourName)[0]?.value ?? hours)
    setMinutes(fieldsNamed(root, minuteName)[0]?.value ?? minutes)
  })
  const carry = () => {
    const m = Number(minutes.trim())
    const h = hours.trim() === '' ? 0 : Number(hours.trim())
    if (!/^\d+$/.test(minutes.trim()) || m < 60 || !Number.isInteger(h)) return
    setHours(String(h + Math.floor(m / 60)))
    setMinutes(String(m % 60))
  }
  const hourId = `${legendId}-h`
  const minuteId = `${legendId}-m`
  const rangeId = `${legendId}-range`
  const box = {
    className: 'input qtn-num',
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'off',
    'aria-describedby': cx(rangeId, invalid && errorId) || undefined,
    'aria-invalid': invalid || undefined,
  } as const
  return (
    <div className="stack--sm" ref={ref}>
      <div className="qtn-value">
        <input {...box} id={hourId} name={hourName} value={hours} onChange={(e) => setHours(e.target.value)} />
        <label htmlFor={hourId}>{t('input.hours')}</label>
        <input
          {...box}
          id={minuteId}
          name={minuteName}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          onBlur={carry}
        />
        <label htmlFor={minuteId}>{t('input.minutes')}</label>
      </div>
      <p className="field__hint" id={rangeId}>
        {t('input.durationRange', { min: q.range.min, max: q.range.max })}
      </p>
    </div>
  )
}
