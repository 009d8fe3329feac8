// The add/edit way form: trip purposes, start date-time, end date-time, traffic modes, Save.
//
// Without JavaScript (and until it runs) the four pickers are plain sections of the one <form> (checkboxes, a date
// input, hour and minute inputs), so the whole way is entered and saved on one page. Browsers with scripting on show
// the four summary fields right away (CSS `@media (scripting: enabled)`); once React runs, each field opens its picker
// as a dialog (`?dialog=purposes|start|end|modes`, ADR 005) holding a draft: OK keeps it, Cancel/Escape drops it.
// The form then carries the kept values in hidden inputs with the same names (fixed field names).
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import {
  Form,
  Link,
  useLocation,
  useNavigate,
  useNavigation,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { useTranslation } from 'react-i18next'
import { Dialog, DialogCloseLink } from '~/components/ui/Dialog'
import { Button, ButtonLink, Choice } from '~/components/ui'
import { cx } from '~/components/ui/cx'
import { Icon, ModeIcon } from '~/components/icons/ModeSprite'
import { displayDateTime, readWayForm, type WayFormValues } from '~/domain/manualWayForm'
import type { FormReply } from '~/lib/forms'
import { WAY_FORM_PICKERS } from '~/lib/way-forms'
import { FIRST_LIST_PAGE } from '~/domain/waysUrls'
import { clampHour, clampMinute, twoDigits } from '~/domain/timeInput'

export interface WayFormData {
  /** 0: a new way (id '0' means add). */
  id: number
  values: WayFormValues
  /** The action's reply when the way was not saved (field errors and form errors: catalogue keys), or null. */
  reply: FormReply | null
  purposes: { id: number; name: string }[]
  modes: { constant: string; name: string }[]
  /** YYYY-MM-DD in the study time zone: the date pickers' max (no future dates). */
  today: string
  /** The edited way's version (sent back as `version`); absent for a new way. */
  version?: number
}

type PickerId = 'purposes' | 'start' | 'end' | 'modes'

const LIST_URL = FIRST_LIST_PAGE

/** Opening or closing a picker (`?dialog=`) needs no new data from this route. */
export function shouldRevalidateWayForm({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod) return defaultShouldRevalidate
  const strip = (u: URL) => {
    const p = new URLSearchParams(u.search)
    p.delete('dialog')
    return `${u.pathname}?${p}`
  }
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate
}

/** The page body: heading and form; a new action result (400 with what was entered) or new loader data resets it. */
export function ManualWayPage({
  title,
  loaderData,
  actionData,
}: {
  title: string
  loaderData: WayFormData
  actionData?: WayFormData
}) {
  const isNew = loaderData.id === 0
  const { t } = useTranslation('ways')
  const [state, setState] = useState(() => ({ key: 0, data: actionData ?? loaderData }))
  const last = useRef({ actionData, loaderData })
  useEffect(() => {
    const prev = last.current
    last.current = { actionData, loaderData }
    if (actionData && actionData !== prev.actionData) setState((s) => ({ key: s.key + 1, data: actionData }))
    else if (loaderData !== prev.loaderData) setState((s) => ({ key: s.key + 1, data: loaderData }))
  }, [actionData, loaderData])
  return (
    <section className="stack way-page" aria-labelledby="way-title">
      <h1 id="way-title">{title}</h1>
      <p className="text-muted">{t(isNew ? 'manual.intro' : 'manual.editIntro')}</p>
      <WayForm key={state.key} data={state.data} />
    </section>
  )
}

type Invalid = Record<PickerId, boolean>

/**
 * The pickers whose fields the reply marks (a missing value stops being marked once it is chosen), and the message
 * shown above the form (one per reply).
 */
function replyErrors(reply: FormReply | null, v: WayFormValues): { message: string | null; invalid: Invalid } {
  const errors = reply?.error ?? {}
  const given = {
    purposes: v.purposes.length > 0,
    tfcModes: v.tfcModes.length > 0,
    startDate: !!v.startDate,
    endDate: !!v.endDate,
  }
  const invalid: Invalid = { purposes: false, start: false, end: false, modes: false }
  for (const [field, picker] of Object.entries(WAY_FORM_PICKERS)) {
    const message = errors[field]?.[0]
    invalid[picker] = message != null && !(message === 'ways:addWay.fillAll' && given[field as keyof typeof given])
  }
  const message = errors['']?.[0] ?? Object.values(errors).find((list) => list?.length)?.[0] ?? null
  return { message, invalid }
}

function WayForm({ data }: { data: WayFormData }) {
  const { t } = useTranslation('ways')
  const location = useLocation()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const [searchParams] = useSearchParams()
  const formRef = useRef<HTMLFormElement>(null)
  const errorRef = useRef<HTMLDivElement>(null)
  const [enhanced, setEnhanced] = useState(false)
  const [values, setValues] = useState(data.values)

  // JavaScript runs: keep whatever the server-rendered inputs hold now (even if typed before hydration), then show
  // the pickers as dialogs. A layout effect, so the switch happens before the browser paints.
  useLayoutEffect(() => {
    if (formRef.current) setValues(readWayForm(new FormData(formRef.current), data.values))
    setEnhanced(true)
    if (data.reply?.error) errorRef.current?.focus()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const shown = enhanced ? values : data.values
  const { message: error, invalid } = replyErrors(data.reply, shown)
  const open = enhanced ? searchParams.get('dialog') : null
  const closeParams = new URLSearchParams(searchParams)
  closeParams.delete('dialog')
  const closeHref = location.pathname + (closeParams.size ? `?${closeParams}` : '')
  const openHref = (id: PickerId) => {
    const p = new URLSearchParams(closeParams)
    p.set('dialog', id)
    return `${location.pathname}?${p}`
  }
  const commit = (patch: Partial<WayFormValues>) => {
    setValues((v) => ({ ...v, ...patch }))
    void navigate(closeHref, { replace: true, preventScrollReset: true })
  }
  const busy = navigation.state === 'submitting' && navigation.formAction === location.pathname

  const purposeNames = data.purposes.filter((p) => shown.purposes.includes(p.id)).map((p) => p.name)
  const modeNames = data.modes.filter((m) => shown.tfcModes.includes(m.constant)).map((m) => m.name)
  const summary: { id: PickerId; label: string; value: string }[] = [
    { id: 'purposes', label: t('manual.purposes'), value: purposeNames.join(', ') },
    {
      id: 'start',
      label: t('manual.start'),
      value: displayDateTime(shown.startDate, shown.startHour, shown.startMinute),
    },
    { id: 'end', label: t('manual.end'), value: displayDateTime(shown.endDate, shown.endHour, shown.endMinute) },
    { id: 'modes', label: t('manual.modes'), value: modeNames.join(', ') },
  ]
  const dialogProps = (id: PickerId, title: string) => ({
    id,
    title,
    open: open === id,
    closeHref,
    closeLabel: t('common:actions.close'),
    className: 'way-dialog',
  })

  return (
    <>
      <Form
        method="post"
        action={location.pathname}
        ref={formRef}
        className={cx('way-form stack', enhanced && 'way-form--enhanced')}
        aria-describedby={error ? 'way-error' : undefined}
      >
        {error ? (
          <div className="notice notice--error" id="way-error" role="alert" tabIndex={-1} ref={errorRef}>
            <Icon name="alert" />
            <div className="notice__body">
              <p>{t(error)}</p>
              {/* A way of more than a day is saved as entered once the participant says it is meant. */}
              {error === 'ways:addWay.tooLong' ? (
                <Choice name="confirmLong" value="yes" label={t('addWay.confirmLong')} />
              ) : null}
            </div>
          </div>
        ) : null}
        <input type="hidden" name="id" value={data.id} />
        {data.version != null ? <input type="hidden" name="version" value={data.version} /> : null}

        <ul className="way-summary">
          {summary.map((f) => {
            const content = (
              <>
                <span className="way-field__label">{f.label}</span>
                <span className={cx('way-field__value', !f.value && 'way-field__value--empty')}>
                  {f.value || t('manual.notChosen')}
                </span>
                <Icon name="edit" className="way-field__icon" />
                <span className="visually-hidden">{t('manual.change')}</span>
              </>
            )
            const className = cx('way-field', invalid[f.id] && 'way-field--invalid')
            const describedBy = invalid[f.id] ? 'way-error' : undefined
            return (
              <li key={f.id}>
                {enhanced ? (
                  <Link
                    to={openHref(f.id)}
                    replace
                    preventScrollReset
                    className={className}
                    aria-describedby={describedBy}
                    aria-haspopup="dialog"
                    data-dialog-return={f.id}
                  >
                    {content}
                  </Link>
                ) : (
                  <a href={`#${f.id}`} className={className} aria-describedby={describedBy}>
                    {content}
                  </a>
                )}
              </li>
            )
          })}
        </ul>

        {enhanced ? (
          <HiddenValues values={values} />
        ) : (
          <div className="way-pickers">
            <div id="purposes" className={cx('picker card', invalid.purposes && 'picker--invalid')}>
              <PurposeFields
                purposes={data.purposes}
                selected={data.values.purposes}
                named
                invalid={invalid.purposes}
              />
            </div>
            <div id="start" className={cx('picker card', invalid.start && 'picker--invalid')}>
              <DateTimeFields
                which="start"
                legend={t('manual.start')}
                value={pick(data.values, 'start')}
                today={data.today}
                named
                invalid={invalid.start}
              />
            </div>
            <div id="end" className={cx('picker card', invalid.end && 'picker--invalid')}>
              <DateTimeFields
                which="end"
                legend={t('manual.end')}
                value={pick(data.values, 'end')}
                today={data.today}
                named
                invalid={invalid.end}
              />
            </div>
            <div id="modes" className={cx('picker card', invalid.modes && 'picker--invalid')}>
              <ModeFields modes={data.modes} selected={data.values.tfcModes} named invalid={invalid.modes} />
            </div>
          </div>
        )}

        <div className="way-form__actions">
          <Button variant="primary" disabled={busy}>
            {busy ? t('manual.saving') : t('common:actions.save')}
          </Button>
          <ButtonLink to={LIST_URL} variant="ghost">
            {t('manual.backToList')}
          </ButtonLink>
        </div>
      </Form>

      {enhanced ? (
        <>
          <Dialog {...dialogProps('purposes', t('manual.purposesTitle'))}>
            <DraftForm
              initial={values.purposes}
              onOk={(purposes) => commit({ purposes })}
              render={(draft, set) => (
                <PurposeFields purposes={data.purposes} selected={draft} onChange={set} legendHidden />
              )}
            />
          </Dialog>
          {(['start', 'end'] as const).map((which) => (
            <Dialog key={which} {...dialogProps(which, t(which === 'start' ? 'manual.startTitle' : 'manual.endTitle'))}>
              <DraftForm
                initial={timeDraft(pick(values, which))}
                onOk={(d) => commit(unpick(which, fromTimeDraft(d)))}
                render={(draft, set) => (
                  <DateTimeFields
                    which={which}
                    legend={t(which === 'start' ? 'manual.start' : 'manual.end')}
                    legendHidden
                    today={data.today}
                    draft={draft}
                    onDraft={set}
                  />
                )}
              />
            </Dialog>
          ))}
          <Dialog {...dialogProps('modes', t('manual.modesTitle'))}>
            <DraftForm
              initial={values.tfcModes}
              onOk={(tfcModes) => commit({ tfcModes })}
              render={(draft, set) => <ModeFields modes={data.modes} selected={draft} onChange={set} legendHidden />}
            />
          </Dialog>
        </>
      ) : null}
    </>
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Values

interface DateTime {
  date: string
  hour: number
  minute: number
}
const pick = (v: WayFormValues, which: 'start' | 'end'): DateTime =>
  which === 'start'
    ? { date: v.startDate, hour: v.startHour, minute: v.startMinute }
    : { date: v.endDate, hour: v.endHour, minute: v.endMinute }
const unpick = (which: 'start' | 'end', d: DateTime): Partial<WayFormValues> =>
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
const timeDraft = (d: DateTime): TimeDraft => ({
  date: d.date,
  hour: twoDigits(d.hour),
  minute: twoDigits(d.minute),
  last: d,
})
/** Clamped to 0-24 / 0-59; invalid input falls back to the previous value. */
const fromTimeDraft = (d: TimeDraft): DateTime => ({
  date: d.date,
  hour: clampHour(d.hour, d.last.hour),
  minute: clampMinute(d.minute, d.last.minute),
})

function HiddenValues({ values }: { values: WayFormValues }) {
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

function DraftForm<T>({
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

function PurposeFields({
  purposes,
  selected,
  named,
  onChange,
  invalid,
  legendHidden,
}: ChoiceProps<number> & { purposes: WayFormData['purposes'] }) {
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

function ModeFields({
  modes,
  selected,
  named,
  onChange,
  invalid,
  legendHidden,
}: ChoiceProps<string> & { modes: WayFormData['modes'] }) {
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
function DateTimeFields(props: DateTimeFieldsProps) {
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
