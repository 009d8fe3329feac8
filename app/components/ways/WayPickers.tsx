// The manual way form's parts: its values split into start and end, the hidden inputs that carry the values kept
// from the pickers, a picker's draft dialog (OK keeps it, Cancel drops it) and the four pickers themselves, named and
// uncontrolled in the form without JavaScript or controlled drafts in a dialog.
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogCloseLink } from '~/components/ui/Dialog'
import { Button, Choice } from '~/components/ui'
import { cx } from '~/components/ui/cx'
import { ModeIcon } from '~/components/icons/ModeSprite'
import type { WayFormValues } from '~/domain/manualWayForm'
import { clampHour, clampMinute, twoDigits } from '~/domain/timeInput'

/** The purposes and modes a form offers. */
type Offer = { purposes: { id: number; name: string }[]; modes: { constant: string; name: string }[] }

// ---------------------------------------------------------------------------------------------------------------
// Values

interface DateTime {
  date: string
  hour: number
  minute: number
}
export const pick = (v: WayFormValues, which: 'start' | 'end'): DateTime =>
  which === 'start'
    ? { date: v.startDate, hour: v.startHour, minute: v.startMinute }
    : { date: v.endDate, hour: v.endHour, minute: v.endMinute }
export const unpick = (which: 'start' | 'end', d: DateTime): Partial<WayFormValues> =>
  which === 'start'
    ? { startDate: d.date, startHour: d.hour, startMinute: d.minute }
    : { endDate: d.date, endHour: d.hour, endMinute: d.minute }

/** What the time inputs hold while being edited: text, clamped on blur and on OK; `last`: the last valid time shown. */
interface TimeDraft {
  date: string
  hour: string
  minute: string
  last: DateTime
}
export const timeDraft = (d: DateTime): TimeDraft => ({
  date: d.date,
  hour: twoDigits(d.hour),
  minute: twoDigits(d.minute),
  last: d,
})
/** Clamped to 0-24 / 0-59; invalid input falls back to the previous value. */
export const fromTimeDraft = (d: TimeDraft): DateTime => ({
  date: d.date,
  hour: clampHour(d.hour, d.last.hour),
  minute: clampMinute(d.minute, d.last.minute),
})

export function HiddenValues({ values }: { values: WayFormValues }) {
  return (
    <>
      {values.purposes.map((id) => (
        <input key={`p${id}`} type="hidden" name="purposes" value={id} />
      ))}
      {values.tfcModes.map((m) => (
        <input key={m} type="hidden" name="tfcModes" value={m} />
      ))}
      <input type="hidden" name="startDate" value={values.startDate} />
      <input type="hidden" name="startHour" value={twoDigits(values.startHour)} />
      <input type="hidden" name="startMinute" value={twoDigits(values.startMinute)} />
      <input type="hidden" name="endDate" value={values.endDate} />
      <input type="hidden" name="endHour" value={twoDigits(values.endHour)} />
      <input type="hidden" name="endMinute" value={twoDigits(values.endMinute)} />
    </>
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Dialog bodies: a draft of one field; OK (also Enter) keeps it, Cancel closes without it.

export function DraftForm<T>({
  initial,
  onOk,
  render,
}: {
  initial: T
  onOk: (draft: T) => void
  render: (draft: T, set: (d: T) => void) => ReactNode
}) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState(initial)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onOk(draft)
  }
  return (
    <form onSubmit={onSubmit} className="stack">
      {render(draft, setDraft)}
      <div className="dialog__actions">
        <DialogCloseLink>{t('actions.cancel')}</DialogCloseLink>
        <Button variant="primary">{t('actions.ok')}</Button>
      </div>
    </form>
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Pickers: named and uncontrolled in the form (no JS), or controlled drafts in a dialog.

type ChoiceProps<T> = {
  selected: T[]
  /** Part of the page's form: inputs carry the fixed field name. */
  named?: boolean
  onChange?: (selected: T[]) => void
  invalid?: boolean
  legendHidden?: boolean
}

function toggle<T>(list: T[], item: T, on: boolean): T[] {
  return on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item)
}

export function PurposeFields({
  purposes,
  selected,
  named,
  onChange,
  invalid,
  legendHidden,
}: ChoiceProps<number> & { purposes: Offer['purposes'] }) {
  const { t } = useTranslation('ways')
  return (
    <fieldset className="fieldset" aria-describedby={cx('purposes-hint', invalid && 'way-error')}>
      <legend className={cx('fieldset__legend', legendHidden && 'visually-hidden')}>{t('manual.purposes')}</legend>
      <p className="field__hint" id="purposes-hint">
        {t('manual.purposesHint')}
      </p>
      <div className="choice-grid">
        {purposes.map((p) => (
          <Choice
            key={p.id}
            label={p.name}
            {...(named
              ? { name: 'purposes', value: p.id, defaultChecked: selected.includes(p.id) }
              : {
                  checked: selected.includes(p.id),
                  onChange: (e) => onChange?.(toggle(selected, p.id, e.currentTarget.checked)),
                })}
          />
        ))}
      </div>
    </fieldset>
  )
}

export function ModeFields({
  modes,
  selected,
  named,
  onChange,
  invalid,
  legendHidden,
}: ChoiceProps<string> & { modes: Offer['modes'] }) {
  const { t } = useTranslation('ways')
  return (
    <fieldset className="fieldset" aria-describedby={cx('modes-hint', invalid && 'way-error')}>
      <legend className={cx('fieldset__legend', legendHidden && 'visually-hidden')}>{t('manual.modes')}</legend>
      <p className="field__hint" id="modes-hint">
        {t('manual.modesHint')}
      </p>
      <div className="choice-grid choice-grid--modes">
        {modes.map((m) => (
          <Choice
            key={m.constant}
            className="mode-choice"
            label={
              <>
                <ModeIcon mode={m.constant} />
                {m.name}
              </>
            }
            {...(named
              ? { name: 'tfcModes', value: m.constant, defaultChecked: selected.includes(m.constant) }
              : {
                  checked: selected.includes(m.constant),
                  onChange: (e) => onChange?.(toggle(selected, m.constant, e.currentTarget.checked)),
                })}
          />
        ))}
      </div>
    </fieldset>
  )
}

type DateTimeFieldsProps = {
  which: 'start' | 'end'
  legend: string
  legendHidden?: boolean
  today: string
  invalid?: boolean
} & (
  | { named: true; value: DateTime; draft?: never; onDraft?: never }
  | { named?: false; value?: never; draft: TimeDraft; onDraft: (d: TimeDraft) => void }
)

/** A date picker and a time picker (hour and minute text inputs, with an 'at ... o'clock' label). */
export function DateTimeFields(props: DateTimeFieldsProps) {
  const { t } = useTranslation('ways')
  const { which, today, invalid } = props
  const id = (part: string) => `${which}-${part}`
  const hintId = id('hint')
  const describedBy = cx(hintId, invalid && 'way-error') || undefined
  const input = (part: 'date' | 'hour' | 'minute') => {
    const name = `${which}${part[0].toUpperCase()}${part.slice(1)}`
    if (props.named) {
      const v = props.value
      return { name, defaultValue: part === 'date' ? v.date : twoDigits(part === 'hour' ? v.hour : v.minute) }
    }
    const { draft, onDraft } = props
    return {
      value: draft[part],
      onChange: (e: { currentTarget: HTMLInputElement }) => onDraft({ ...draft, [part]: e.currentTarget.value }),
      // Clamp, show two digits, fall back to the previous value on invalid input.
      onBlur:
        part === 'date'
          ? undefined
          : () => {
              const last = fromTimeDraft(draft)
              onDraft({ ...draft, hour: twoDigits(last.hour), minute: twoDigits(last.minute), last })
            },
    }
  }
  return (
    <fieldset className="fieldset">
      <legend className={cx('fieldset__legend', props.legendHidden && 'visually-hidden')}>{props.legend}</legend>
      <p className="field__hint" id={hintId}>
        {t('manual.timeHint')}
      </p>
      <div className="datetime">
        <div className="field datetime__date">
          <label className="field__label" htmlFor={id('date')}>
            {t('manual.date')}
          </label>
          <input
            type="date"
            id={id('date')}
            max={today}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...input('date')}
          />
        </div>
        <div className="datetime__time">
          <span className="field__label" id={id('time')}>
            {t('manual.time')}
          </span>
          <div className="time-input" role="group" aria-labelledby={id('time')}>
            <span>{t('manual.at')}</span>
            <label className="visually-hidden" htmlFor={id('hour')}>
              {t('manual.hour')}
            </label>
            <input
              type="text"
              id={id('hour')}
              className="input time-input__part"
              inputMode="numeric"
              autoComplete="off"
              maxLength={3}
              aria-describedby={describedBy}
              {...input('hour')}
            />
            <span aria-hidden="true">:</span>
            <label className="visually-hidden" htmlFor={id('minute')}>
              {t('manual.minute')}
            </label>
            <input
              type="text"
              id={id('minute')}
              className="input time-input__part"
              inputMode="numeric"
              autoComplete="off"
              maxLength={3}
              aria-describedby={describedBy}
              {...input('minute')}
            />
            <span>{t('manual.oclock')}</span>
          </div>
        </div>
      </div>
    </fieldset>
  )
}
