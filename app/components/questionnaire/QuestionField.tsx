// One question as form fields (the question engine). Server-rendered and complete without JavaScript:
// every type posts plain fields (names in ~/domain/answerInput `field`), and the server applies the same rules
// (exclusive options, clamping, the constant sum, text limits). With JavaScript the rules also apply while typing:
// exclusive options clear the others, the last moved slider is reduced, the remaining characters count down.
// What the fields hold when the JavaScript arrives (typed before it, on a slow phone) becomes the fields' state.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Choice, Notice, cx } from '~/components/ui'
import { field, type FormState } from '~/domain/answerInput'
import { applyConstantSum, clampNumber } from '~/domain/numbers'
import { toggleChoice } from '~/domain/questionValidity'
import type { QuestionView } from '~/services/questionnaire/flow.server'
import { fieldsNamed, useBrowserFields } from '~/components/form/browserFields'
import { LocatorInput, type PlaceOption } from './LocatorInput'
import type { TileSource } from '~/components/map/tile-source'

export interface QuestionFieldProps {
  q: QuestionView
  state: FormState
  /** Translated error of the last Next (shown next to the question), or null. */
  error: string | null
  /** Translated notice about adjusted input, or null. */
  notice: string | null
  debug: boolean
  today: string
  pois: PlaceOption[]
  tiles: TileSource | undefined
  /** Focus the question when it appears after a navigation (not on the first page load). */
  autoFocus: boolean
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''))
const many = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : [])
const chars = (s: string) => [...s].length
const digits = (v: string) => v.replace(/\D/g, '')
/** A field's value when it was changed in the browser (it differs from what the server rendered), else null. */
const edited = (el: { value: string; defaultValue?: string } | undefined) =>
  el && el.value !== el.defaultValue ? el.value : null

export function QuestionField({ q, state, error, notice, debug, today, pois, tiles, autoFocus }: QuestionFieldProps) {
  const { t } = useTranslation('questionnaire')
  const base = useId()
  const legendId = `${base}-legend`
  const hintId = `${base}-hint`
  const errorId = `${base}-error`
  const legendRef = useRef<HTMLLegendElement>(null)
  const errorRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (error) errorRef.current?.focus()
    else if (autoFocus) legendRef.current?.focus()
  }, [error, autoFocus])

  const ctx: InputCtx = { q, state, legendId, hintId, errorId, invalid: error != null, today, t }
  return (
    <fieldset
      className={cx('qtn-q', error && 'field--invalid')}
      data-type={q.type}
      aria-describedby={cx(q.hintTxt && hintId, error && errorId) || undefined}
      title={debug ? q.type : undefined}
    >
      <legend className="qtn-q__text" id={legendId} ref={legendRef} tabIndex={-1}>
        {q.introTxt}
        {q.mandatory ? <span className="qtn-q__req"> {t('flow.required')}</span> : null}
      </legend>
      {debug ? <small className="qtn-q__type">{t('flow.type', { type: q.type })}</small> : null}
      {q.hintTxt ? (
        <p className="field__hint" id={hintId}>
          {q.hintTxt}
        </p>
      ) : null}
      {q.helpTxt ? (
        <details className="qtn-q__help">
          <summary>{t('flow.help')}</summary>
          <p>{q.helpTxt}</p>
        </details>
      ) : null}
      <div className="field__error" id={errorId} aria-live="polite" ref={errorRef} tabIndex={-1}>
        {error}
      </div>
      {notice ? (
        <Notice type="warning" role="status">
          <p>{notice}</p>
        </Notice>
      ) : null}
      {q.shapeProblem ? (
        <Notice type="error" role="alert">
          <p>{t('errors:QUESTION_SHAPE_UNEXPECTED')}</p>
        </Notice>
      ) : q.type === 'SINGLE_LOCATOR' || q.type === 'MULTIPLE_LOCATOR' ? (
        <LocatorInput q={q} state={state} pois={pois} tiles={tiles} />
      ) : (
        <Inputs {...ctx} />
      )}
      {q.subseqTxt ? <p className="text-muted">{q.subseqTxt}</p> : null}
    </fieldset>
  )
}

interface InputCtx {
  q: QuestionView
  state: FormState
  legendId: string
  hintId: string
  errorId: string
  invalid: boolean
  today: string
  t: (key: string, opts?: Record<string, unknown>) => string
}

function Inputs(c: InputCtx) {
  switch (c.q.type) {
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE':
      return <ChoiceInput {...c} />
    case 'SINGLE_CHOICE_MATRIX':
    case 'MULTIPLE_CHOICE_MATRIX':
      return <MatrixInput {...c} />
    case 'INT_NO_INPUT':
    case 'FLOATING_NO_INPUT':
      return <NumberInput {...c} />
    case 'SINGLE_NUM_SLIDER':
    case 'MULTIPLE_NUM_SLIDER':
      return <SlidersInput {...c} />
    case 'CONSTANT_SUM_INPUT':
      return <ConstantSumInput {...c} />
    case 'SINGLE_ROW_TEXT':
    case 'MULTIPLE_ROW_TEXT':
    case 'TEXT':
      return <TextInput {...c} />
    case 'DATE':
    case 'DATE_TIME':
      return <DateInput {...c} />
    case 'TIME':
      return <TimeInput {...c} />
    default:
      return null
  }
}

const horizontal = (q: QuestionView) => q.alignment === 'HORIZONTAL'

/** A group of options (one choice question, or one matrix row). Multiple: exclusive options and max while clicking. */
function OptionGroup({
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
  t: InputCtx['t']
}) {
  const [selected, setSelected] = useState<number[]>(() => initial.map(Number))
  const ref = useBrowserFields<HTMLDivElement>((root) =>
    setSelected(
      fieldsNamed(root, name)
        .filter((el) => (el as HTMLInputElement).checked)
        .map((el) => Number(el.value)),
    ),
  )
  const choiceOpts = options.map((o) => ({ id: o.id, exclOpt: o.exclOpt }))
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
          label={o.introTxt}
          hint={[o.subseqTxt, multiple && o.exclOpt ? t('input.exclusive') : ''].filter(Boolean).join(' ') || undefined}
          aria-describedby={describedBy}
        />
      ))}
    </div>
  )
}

function ChoiceInput({ q, state, t }: InputCtx) {
  const row = q.rows[0]
  const multiple = q.type === 'MULTIPLE_CHOICE'
  return (
    <>
      {multiple && q.max != null && !q.hintTxt ? (
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

/** One fieldset per row (sub-question): readable at 360 px, one answer per row for the single-choice matrix. */
function MatrixInput({ q, state, t }: InputCtx) {
  const multiple = q.type === 'MULTIPLE_CHOICE_MATRIX'
  return (
    <div className="qtn-matrix">
      {q.rows.map((row) => (
        <fieldset key={row.id} className="qtn-row">
          <legend>{row.introTxt}</legend>
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

/** The value is clamped to min (default 0) and max (default 1000). Floats allow 2 decimals. */
function NumberInput({ q, state, legendId, errorId, invalid, t }: InputCtx) {
  const opt = q.rows[0].options[0]
  const name = field.value(opt.id)
  const [value, setValue] = useState(one(state[name]))
  const ref = useBrowserFields<HTMLDivElement>((root) => setValue(fieldsNamed(root, name)[0]?.value ?? value))
  const rangeId = `${legendId}-range`
  const unitId = `${legendId}-unit`
  const unit = opt.subseqTxt
  return (
    <div className="stack--sm" ref={ref}>
      {opt.introTxt ? <p>{opt.introTxt}</p> : null}
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

const fmt = (n: number) => String(n)

function unitOf(q: QuestionView, optUnit: string) {
  return optUnit || q.slider.unit || ''
}

/** A range input and a number box for one value (they follow each other with JavaScript; without, the box wins). */
function Slider({
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
const sliderEdit = (root: HTMLElement, optId: number) =>
  edited(fieldsNamed(root, field.number(optId))[0]) ?? edited(fieldsNamed(root, field.value(optId))[0])

function SlidersInput({ q, state, legendId, t }: InputCtx) {
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
        const labelId = single && !o.introTxt ? legendId : `${legendId}-o${o.id}`
        return (
          <div key={o.id} className="qtn-field">
            {single && !o.introTxt ? null : (
              <span className="qtn-field__label" id={labelId}>
                {o.introTxt}
              </span>
            )}
            <Slider
              q={q}
              optId={o.id}
              labelId={labelId}
              value={values[i]}
              unit={unitOf(q, o.subseqTxt)}
              onValue={(v) => setValues(values.map((x, j) => (j === i ? v : x)))}
            />
          </div>
        )
      })}
    </div>
  )
}

/** The total of all sliders may not exceed maximum_sum … The last moved slider is reduced by the excess. */
function ConstantSumInput({ q, state, legendId, t }: InputCtx) {
  const options = q.rows[0].options
  const [values, setValues] = useState(() => options.map((o) => Number(one(state[field.value(o.id)])) || 0))
  const sum = Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100
  const unit = q.slider.unit ?? ''
  const move = (i: number, raw: string) => {
    const n = Number(clampNumber(raw, { min: q.slider.min, max: q.slider.max, float: true }) ?? values[i])
    const next = values.map((x, j) => (j === i ? n : x))
    setValues(applyConstantSum(next, i, q.slider.maxSum).values)
  }
  // Each slider moved in the browser is taken over as if moved now, in page order (the last one is reduced).
  const ref = useBrowserFields<HTMLDivElement>((root) => {
    let next = values
    options.forEach((o, i) => {
      const raw = sliderEdit(root, o.id)
      if (raw == null) return
      const n = Number(clampNumber(raw, { min: q.slider.min, max: q.slider.max, float: true }) ?? next[i])
      next = applyConstantSum(
        next.map((x, j) => (j === i ? n : x)),
        i,
        q.slider.maxSum,
      ).values
    })
    setValues(next)
  })
  return (
    <div className="stack--sm" ref={ref}>
      {q.hintTxt ? null : <p className="field__hint">{t('input.sumRule', { max: q.slider.maxSum, unit })}</p>}
      {options.map((o, i) => {
        const labelId = `${legendId}-o${o.id}`
        return (
          <div key={o.id} className="qtn-field">
            <span className="qtn-field__label" id={labelId}>
              {o.introTxt}
            </span>
            <Slider
              q={q}
              optId={o.id}
              labelId={labelId}
              value={String(values[i])}
              unit={unitOf(q, o.subseqTxt)}
              onValue={(v) => move(i, v)}
            />
          </div>
        )
      })}
      <p className="qtn-total" aria-live="polite">
        {t('input.total', { sum, max: q.slider.maxSum, unit })}
      </p>
    </div>
  )
}

/** Row text: max characters default 100. The remaining count is shown … single-row type strips a line break. */
function TextInput({ q, state, legendId, errorId, invalid, t }: InputCtx) {
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
        const labelled = multi || o.introTxt
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
                {o.introTxt}
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

/** Date picker: no future dates (max today). Default answer when empty is today at 12:00. */
function DateInput({ q, state, legendId, errorId, invalid, today, t }: InputCtx) {
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

/** Time input: hour 0 to 24, minute 0 to 59. Stored as 'HH:mm:ss'. */
function TimeInput({ q, state, legendId, t }: InputCtx) {
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

/** An hour or minute box: digits only, clamped to 0..max and shown with two digits when leaving it (with JS). */
function TwoDigits({
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
