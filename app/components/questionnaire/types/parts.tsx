// What the question types' field components share: their props, the option group of choice questions and matrix
// rows, the slider with its number box, and the two-digit hour and minute boxes.
import { useState, type ReactNode } from 'react'
import { Choice, cx } from '~/components/ui'
import { fieldsNamed, useBrowserFields } from '~/components/form/browserFields'
import type { TileSource } from '~/components/map/tile-source'
import { field, type FormState } from '~/domain/answerInput'
import { toggleChoice, type ChoiceOption } from '~/domain/questionValidity'
import type { QuestionView } from '~/services/questionnaire/flow-view.server'

export interface PlaceOption {
  id: number
  name: string
  lat: number
  lon: number
}

/** What a question type's field component gets: the question, its field values, and ids for its labels. */
export interface FieldProps {
  q: QuestionView
  state: FormState
  legendId: string
  hintId: string
  errorId: string
  invalid: boolean
  today: string
  /** The participant's saved places (for questions about places). */
  places: PlaceOption[]
  tiles: TileSource | undefined
  t: (key: string, opts?: Record<string, unknown>) => string
}

export const one = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''))
export const many = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : [])
const digits = (v: string) => v.replace(/\D/g, '')
/** A field's value when it was changed in the browser (it differs from what the server rendered), else null. */
const edited = (el: { value: string; defaultValue?: string } | undefined) =>
  el && el.value !== el.defaultValue ? el.value : null

export const horizontal = (q: QuestionView) => q.alignment === 'HORIZONTAL'

/** A group of options (one choice question, or one matrix row). Multiple: exclusive options and max while clicking. */
export function OptionGroup({
  name,
  options,
  initial,
  multiple,
  max,
  inline,
  describedBy,
  t,
}: {
  name: string
  options: QuestionView['rows'][number]['options']
  initial: string[]
  multiple: boolean
  max: number | null
  inline: boolean
  describedBy?: string
  t: FieldProps['t']
}) {
  const [selected, setSelected] = useState<number[]>(() => initial.map(Number))
  const ref = useBrowserFields<HTMLDivElement>((root) =>
    setSelected(
      fieldsNamed(root, name)
        .filter((el) => (el as HTMLInputElement).checked)
        .map((el) => Number(el.value)),
    ),
  )
  const choiceOpts = options.map((o): ChoiceOption => ({ id: o.id, exclOpt: o.exclusive }))
  return (
    <div className={cx('checkbox-list', inline && 'qtn-inline')} ref={ref}>
      {options.map((o) => (
        <Choice
          key={o.id}
          type={multiple ? 'checkbox' : 'radio'}
          name={name}
          value={String(o.id)}
          checked={selected.includes(o.id)}
          onChange={() => setSelected(multiple ? toggleChoice(selected, o.id, choiceOpts, max) : [o.id])}
          label={o.text}
          hint={
            [o.textAfter, multiple && o.exclusive ? t('input.exclusive') : ''].filter(Boolean).join(' ') || undefined
          }
          aria-describedby={describedBy}
        />
      ))}
    </div>
  )
}

export function unitOf(q: QuestionView, optUnit: string) {
  return optUnit || q.slider.unit || ''
}

/** A range input and a number box for one value (they follow each other with JavaScript; without, the box wins). */
export function Slider({
  q,
  optId,
  labelId,
  value,
  onValue,
  unit,
}: {
  q: QuestionView
  optId: number
  labelId: string
  value: string
  onValue: (v: string) => void
  unit: string
}) {
  const { min, max, step } = q.slider
  const unitId = `${labelId}-u`
  return (
    <div className="qtn-slider">
      <input
        type="range"
        name={field.value(optId)}
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-labelledby={labelId}
        aria-valuetext={unit ? `${value} ${unit}` : value}
      />
      <span className="qtn-value">
        <input
          className="input qtn-num"
          type="number"
          name={field.number(optId)}
          min={min}
          max={max}
          step={step}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-labelledby={cx(labelId, unit && unitId) || undefined}
        />
        {unit ? <span id={unitId}>{unit}</span> : null}
      </span>
    </div>
  )
}

/** A slider changed in the browser: its number box when that was changed (the two are not in sync), else the range. */
export const sliderEdit = (root: HTMLElement, optId: number) =>
  edited(fieldsNamed(root, field.number(optId))[0]) ?? edited(fieldsNamed(root, field.value(optId))[0])

/** An hour or minute box: digits only, clamped to 0..max and shown with two digits when leaving it (with JS). */
export function TwoDigits({
  id,
  name,
  label,
  value: initial,
  max,
}: {
  id: string
  name: string
  label: ReactNode
  value: string
  max: number
}) {
  const [value, setValue] = useState(initial)
  const ref = useBrowserFields<HTMLInputElement>((el) => setValue(digits(el.value)))
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input qtn-2d"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={2}
        name={name}
        ref={ref}
        value={value}
        onChange={(e) => setValue(digits(e.target.value))}
        onBlur={() => {
          if (value === '') return
          setValue(String(Math.min(max, Number(value))).padStart(2, '0'))
        }}
      />
    </>
  )
}
