// The add/edit way form: trip purposes, start date-time, end date-time, traffic modes, Save.
//
// Without JavaScript (and until it runs) the four pickers are plain sections of the one <form> (checkboxes, a date
// input, hour and minute inputs), so the whole way is entered and saved on one page. Browsers with scripting on show
// the four summary fields right away (CSS `@media (scripting: enabled)`); once React runs, each field opens its picker
// as a dialog (`?dialog=purposes|start|end|modes`, ADR 005) holding a draft: OK keeps it, Cancel/Escape drops it.
// The form then carries the kept values in hidden inputs with the same names (fixed field names).
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
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
import { Dialog } from '~/components/ui/Dialog'
import { Button, ButtonLink, Choice } from '~/components/ui'
import { cx } from '~/components/ui/cx'
import { Icon } from '~/components/icons/ModeSprite'
import { displayDateTime, readWayForm, type WayFormValues } from '~/domain/manualWayForm'
import { fieldError, firstError, type FormReply } from '~/lib/forms'
import { FIRST_LIST_PAGE } from '~/domain/waysUrls'
import {
  DateTimeFields,
  DraftForm,
  fromTimeDraft,
  HiddenValues,
  ModeFields,
  pick,
  PurposeFields,
  timeDraft,
  unpick,
} from './WayPickers'

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

/** Which picker each field belongs to (a field error marks its picker). */
const PICKER_OF = { purposes: 'purposes', tfcModes: 'modes', startDate: 'start', endDate: 'end' } as const

/**
 * The pickers whose fields the reply marks (a missing value stops being marked once it is chosen), and the message
 * shown above the form (one per reply).
 */
function markedPickers(reply: FormReply | null, v: WayFormValues): Invalid {
  const given = {
    purposes: v.purposes.length > 0,
    tfcModes: v.tfcModes.length > 0,
    startDate: !!v.startDate,
    endDate: !!v.endDate,
  }
  const invalid: Invalid = { purposes: false, start: false, end: false, modes: false }
  for (const [field, picker] of Object.entries(PICKER_OF)) {
    const message = fieldError(reply ?? undefined, field)
    invalid[picker] = message != null && !(message === 'ways:addWay.fillAll' && given[field as keyof typeof given])
  }
  return invalid
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
  const error = firstError(data.reply ?? undefined) ?? null
  const invalid = markedPickers(data.reply, shown)
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
