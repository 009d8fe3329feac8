// One question as form fields (the question engine): its text, hint, help, error and notice around the field
// component of its type (./types/registry.ts). Server-rendered and complete without JavaScript:
// every type posts plain fields (names in ~/domain/answerInput `field`), and the server applies the same rules
// (exclusive options, clamping, the constant sum, text limits). With JavaScript the rules also apply while typing:
// exclusive options clear the others, the last moved slider is reduced, the remaining characters count down.
// What the fields hold when the JavaScript arrives (typed before it, on a slow phone) becomes the fields' state.
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Notice, cx } from '~/components/ui'
import type { FormState } from '~/domain/answerInput'
import type { QuestionView } from '~/services/questionnaire/flow-view.server'
import type { TileSource } from '~/components/map/tile-source'
import type { PlaceOption } from './types/parts'
import { fieldOf } from './types/registry'

export interface QuestionFieldProps {
  q: QuestionView
  state: FormState
  /** Translated error of the last Next (shown next to the question), or null. */
  error: string | null
  /** Translated notice about adjusted input, or null. */
  notice: string | null
  debug: boolean
  today: string
  places: PlaceOption[]
  tiles: TileSource | undefined
  /** Focus the question when it appears after a navigation (not on the first page load). */
  autoFocus: boolean
}

export function QuestionField({ q, state, error, notice, debug, today, places, tiles, autoFocus }: QuestionFieldProps) {
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

  const Field = fieldOf(q.type)
  return (
    <fieldset
      className={cx('qtn-q', error && 'field--invalid')}
      data-type={q.type}
      aria-describedby={cx(q.hint && hintId, error && errorId) || undefined}
      title={debug ? q.type : undefined}
    >
      <legend className="qtn-q__text" id={legendId} ref={legendRef} tabIndex={-1}>
        {q.text}
        {q.mandatory ? <span className="qtn-q__req"> {t('flow.required')}</span> : null}
      </legend>
      {debug ? <small className="qtn-q__type">{t('flow.type', { type: q.type })}</small> : null}
      {q.hint ? (
        <p className="field__hint" id={hintId}>
          {q.hint}
        </p>
      ) : null}
      {q.help ? (
        <details className="qtn-q__help">
          <summary>{t('flow.help')}</summary>
          <p>{q.help}</p>
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
      ) : Field ? (
        <Field
          q={q}
          state={state}
          legendId={legendId}
          hintId={hintId}
          errorId={errorId}
          invalid={error != null}
          today={today}
          places={places}
          tiles={tiles}
          t={t}
        />
      ) : null}
      {q.textAfter ? <p className="text-muted">{q.textAfter}</p> : null}
    </fieldset>
  )
}
