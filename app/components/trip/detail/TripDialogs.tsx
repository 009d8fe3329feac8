// The trip detail page's dialogs (purpose multi-select and confirm dialog; traffic-mode
// selector with back, ok and next and a report button in the first step). Each is a `?dialog=` URL rendered by
// the server (a <dialog> with JS, ADR 005) with a plain form post carrying an intent and the way's version.
import { memo, type ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { fieldError, type FormReply } from '~/lib/forms'
import { sameProps } from '~/lib/same-props'
import { Icon, ModeIcon } from '~/components/icons/ModeSprite'
import { ModeDrawing } from '~/components/icons/ModeDrawing'
import { MODES_BY_COMMONNESS } from '~/domain/modeOrder'
import { Choice, Dialog, DialogCloseLink, Fieldset, HiddenFields } from '~/components/ui'
import { legPurposesLabel } from '~/domain/tripName'
import { FormBasics, SubmitButton, timeOf, type DetailLeg, type DetailTrip } from './shared'

export const PurposeDialog = memo(function PurposeDialog({
  open,
  closeHref,
  purposes,
  chosen,
  leg,
  version,
  several,
  retry,
  lastResult,
}: {
  open: boolean
  closeHref: string
  purposes: { id: number; name: string }[]
  chosen: number[]
  /** Where the participant asked to give several purposes: the link that turns the single pick into checkboxes. */
  several: { on: boolean; href: string }
  /** What was picked in a post from an old version: checked again, with a note, so OK applies it once more. */
  retry: number[] | null
  /** Editing one leg's purposes (else: the whole way's, step 1's button). */
  leg: { id: number; n: number } | null
  version: number
  /** The action's reply to this form (invalid input). */
  lastResult?: FormReply
}) {
  const { t } = useTranslation('trip')
  const error = fieldError(lastResult, 'purposes')
  const checked = retry ?? chosen
  // One pick replaces the purpose; several are an explicit choice (or what the leg already has).
  const multiple = several.on || checked.length > 1
  return (
    <Dialog
      id="purpose"
      open={open}
      closeHref={closeHref}
      title={leg ? t('dialogs.purpose.titleLeg', { n: leg.n }) : t('dialogs.purpose.title')}
      closeLabel={t('common:actions.close')}
    >
      <Form method="post" className="stack" key={String(multiple)}>
        <FormBasics intent={leg ? 'set-leg-purposes' : 'set-purposes'} version={version} />
        <HiddenFields fields={{ legId: leg?.id }} />
        {retry ? (
          <p className="dialog__retry" role="status">
            {t('dialogs.retry')}
          </p>
        ) : null}
        <Fieldset
          id="purpose-choices"
          legend={t('dialogs.purpose.legend')}
          hint={multiple ? t('dialogs.purpose.hint') : undefined}
          error={error ? t(error) : undefined}
        >
          <div className="checkbox-list">
            {purposes.map((p) => (
              <Choice
                key={p.id}
                type={multiple ? 'checkbox' : 'radio'}
                name="purposes"
                value={p.id}
                label={p.name}
                defaultChecked={checked.includes(p.id)}
              />
            ))}
          </div>
        </Fieldset>
        {multiple ? null : <SeveralLink href={several.href}>{t('dialogs.purpose.several')}</SeveralLink>}
        <div className="dialog__actions">
          <DialogCloseLink>{t('common:actions.cancel')}</DialogCloseLink>
          <SubmitButton variant="primary">{t('dialogs.purpose.submit')}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  )
}, sameProps)

/** The explicit choice of several values instead of a single pick. */
function SeveralLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p className="text-small">
      <Link to={href} replace preventScrollReset>
        {children}
      </Link>
    </p>
  )
}

/**
 * The traffic-mode selector of one leg. "OK" saves and closes; "Next"/"Back" save and open the next/previous leg;
 * on the first leg a report link takes the place of "Back". Enter submits "Next" (or "OK" on the last leg): a
 * hidden first submit button makes it the form's default button.
 */
/** Modes whose meaning is not obvious from the name get a line of explanation. */
const MODE_HINTS = new Set(['STATIONARY', 'PUBLIC_TRANSPORT_CHANGE'])

export const ModesDialog = memo(function ModesDialog({
  open,
  closeHref,
  leg,
  index,
  count,
  version,
  reportHref,
  several,
  retry,
  lastResult,
}: {
  open: boolean
  closeHref: string
  leg: DetailLeg
  index: number
  count: number
  version: number
  /** The link that offers several modes for this leg (checkboxes instead of a single pick). */
  several: { on: boolean; href: string }
  /** What was picked in a post from an old version: checked again, with a note, so OK applies it once more. */
  retry: string[] | null
  /** The report dialog's URL (first leg only); null hides the button. */
  reportHref: string | null
  /** The action's reply to this form (invalid input). */
  lastResult?: FormReply
}) {
  const { t } = useTranslation('trip')
  const error = fieldError(lastResult, 'tfcModes')
  // Every mode the leg has is checked, so OK without a change sends the same set back. A pick replaces the mode;
  // several modes on one leg are an explicit choice (or what the leg already has).
  const current = new Set(retry ?? (leg.modes.length ? leg.modes.map((m) => m.constant) : ['UNKNOWN']))
  const multiple = several.on || current.size > 1
  const isLast = index === count - 1
  return (
    <Dialog
      id="modes"
      open={open}
      closeHref={closeHref}
      title={t('dialogs.modes.title', { n: index + 1, count })}
      closeLabel={t('common:actions.close')}
      className="modes-dialog"
    >
      {/* key: a new leg gets a fresh form (the default checked boxes follow the leg). */}
      <Form method="post" className="stack" key={`${leg.id}-${multiple}`}>
        <FormBasics intent="set-leg-modes" version={version} />
        <HiddenFields fields={{ legId: leg.id }} />
        <button type="submit" name="go" value={isLast ? 'ok' : 'next'} hidden tabIndex={-1} />
        <p className="text-muted">
          {t('dialogs.modes.legInfo', { start: timeOf(leg.startTime), end: timeOf(leg.endTime) })}
        </p>
        {retry ? (
          <p className="dialog__retry" role="status">
            {t('dialogs.retry')}
          </p>
        ) : null}
        <Fieldset id="mode-choices" legend={t('dialogs.modes.legend')} error={error ? t(error) : undefined}>
          <div className="choice-grid">
            {MODES_BY_COMMONNESS.map((mode) => (
              <Choice
                key={mode}
                type={multiple ? 'checkbox' : 'radio'}
                name="tfcModes"
                value={mode}
                defaultChecked={current.has(mode)}
                className="mode-choice"
                hint={MODE_HINTS.has(mode) ? t(`common:modeHints.${mode}`) : undefined}
                label={
                  <>
                    <ModeDrawing mode={mode} />
                    {t(`common:modes.${mode}`)}
                  </>
                }
              />
            ))}
          </div>
        </Fieldset>
        {multiple ? null : <SeveralLink href={several.href}>{t('dialogs.modes.several')}</SeveralLink>}
        {/* Previous and next leg move through the legs (saving this one); OK saves and closes. */}
        <div className="dialog__actions modes-dialog__actions">
          {index > 0 ? (
            <SubmitButton name="go" value="prev">
              <Icon name="chevron-left" />
              {t('dialogs.modes.back')}
            </SubmitButton>
          ) : null}
          {isLast ? null : (
            <SubmitButton name="go" value="next">
              {t('dialogs.modes.next')}
              <Icon name="chevron-right" />
            </SubmitButton>
          )}
          <SubmitButton name="go" value="ok" variant="primary">
            {t('dialogs.modes.ok')}
          </SubmitButton>
        </div>
        {index === 0 && reportHref ? (
          <p className="modes-dialog__report text-small">
            {t('dialogs.modes.reportHint')}{' '}
            <Link to={reportHref} preventScrollReset>
              {t('dialogs.modes.report')}
            </Link>
          </p>
        ) : null}
      </Form>
    </Dialog>
  )
}, sameProps)

/** Step 2's confirm dialog: a summary of every leg, then confirmTrip. */
export const ConfirmDialog = memo(function ConfirmDialog({
  open,
  closeHref,
  trip,
}: {
  open: boolean
  closeHref: string
  trip: DetailTrip
}) {
  const { t } = useTranslation('trip')
  return (
    <Dialog
      id="confirm"
      open={open}
      closeHref={closeHref}
      title={t('dialogs.confirm.title')}
      closeLabel={t('common:actions.close')}
    >
      <Form method="post" className="stack">
        <FormBasics intent="confirm" version={trip.version} />
        <p>{t('dialogs.confirm.text')}</p>
        <ol className="confirm-legs">
          {trip.legs.map((leg, i) => (
            <li key={leg.id}>
              <ModeIcon mode={leg.modes[0]?.constant ?? 'UNKNOWN'} />
              <span>
                <strong>{t('legs.leg', { n: i + 1 })}</strong> {`${timeOf(leg.startTime)} – ${timeOf(leg.endTime)}`}:{' '}
                {leg.modes.map((m) => t(`common:modes.${m.constant}`)).join(', ')}
                {' · '}
                {legPurposesLabel(leg.tripPurposes.map((p) => p.name)) || t('legs.noPurpose')}
              </span>
            </li>
          ))}
        </ol>
        <div className="dialog__actions">
          <DialogCloseLink>{t('common:actions.cancel')}</DialogCloseLink>
          <SubmitButton variant="primary">{t('dialogs.confirm.submit')}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  )
}, sameProps)

/** "Delete this way" with a confirmation. */
export const DeleteWayDialog = memo(function DeleteWayDialog({
  open,
  closeHref,
  version,
}: {
  open: boolean
  closeHref: string
  version: number
}) {
  const { t } = useTranslation('trip')
  return (
    <Dialog
      id="delete"
      open={open}
      closeHref={closeHref}
      title={t('dialogs.delete.title')}
      closeLabel={t('common:actions.close')}
    >
      <Form method="post" className="stack">
        <FormBasics intent="delete-trip" version={version} />
        <p>{t('dialogs.delete.text')}</p>
        <div className="dialog__actions">
          <DialogCloseLink>{t('common:actions.cancel')}</DialogCloseLink>
          <SubmitButton variant="danger">{t('dialogs.delete.submit')}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  )
}, sameProps)

/**
 * Deleting a leg (step 1, first or last leg only) asks first: it cannot be undone. After a delete from an old version
 * (`retry`) it comes back with the leg as stored now and a note, so one tap deletes it.
 */
export const DeleteLegDialog = memo(function DeleteLegDialog({
  open,
  closeHref,
  leg,
  n,
  version,
  retry = false,
}: {
  open: boolean
  closeHref: string
  leg: DetailLeg
  n: number
  version: number
  retry?: boolean
}) {
  const { t } = useTranslation('trip')
  return (
    <Dialog
      id="delete-leg"
      open={open}
      closeHref={closeHref}
      title={t('dialogs.deleteLeg.title', { n })}
      closeLabel={t('common:actions.close')}
    >
      <Form method="post" className="stack">
        <FormBasics intent="delete-leg" version={version} />
        <HiddenFields fields={{ legId: leg.id }} />
        {retry ? (
          <p className="dialog__retry" role="status">
            {t('dialogs.again.text')}
          </p>
        ) : null}
        <p>{t('dialogs.deleteLeg.text', { start: timeOf(leg.startTime), end: timeOf(leg.endTime) })}</p>
        <div className="dialog__actions">
          <DialogCloseLink>{t('common:actions.cancel')}</DialogCloseLink>
          <SubmitButton variant="danger">{t('dialogs.deleteLeg.submit')}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  )
}, sameProps)

/** A request of the way's page that was refused because the way had changed meanwhile, as it can be made now. */
export interface AgainOffer {
  intent: string
  /** The form's fields besides the intent and the version (as stored now). */
  fields: Record<string, string | number>
  /** What it does, as the button says it. */
  label: string
}

/**
 * A one-tap request of the way's page (copy a leg or the way, split, merge, undo, complete) that was refused because
 * the way had changed meanwhile (another tab, or an earlier tap): it says so, the page behind it shows what is stored
 * now, and one tap makes the same request against that version. Offered only while the way still allows it.
 */
export function AgainDialog({
  open,
  closeHref,
  offer,
  version,
}: {
  open: boolean
  closeHref: string
  offer: AgainOffer
  version: number
}) {
  const { t } = useTranslation('trip')
  return (
    <Dialog
      id="again"
      open={open}
      closeHref={closeHref}
      title={t('dialogs.again.title')}
      closeLabel={t('common:actions.close')}
    >
      <Form method="post" className="stack">
        <FormBasics intent={offer.intent} version={version} />
        <HiddenFields fields={offer.fields} />
        <p className="dialog__retry" role="status">
          {t('dialogs.again.text')}
        </p>
        <div className="dialog__actions">
          <DialogCloseLink>{t('common:actions.cancel')}</DialogCloseLink>
          <SubmitButton variant="primary">{offer.label}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  )
}
