// Several days without ways in a row in the ways list: one card for the whole run ("3 days without ways", its date
// range) that confirms every day of it in one go (a dialog with one form post), and a disclosure that opens the run
// day by day, each day with its own card and single-day dialog. Works without JavaScript: the dialog is a URL
// (?dialog=noTripsRun&days=FROM..TO) and the disclosure a <details> element, opened by the server when the URL asks
// for it (?expand=FROM..TO, or a single-day dialog of one of its days).
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import type { TFunction } from 'i18next'
import { ButtonLink, buttonClass, Card, Dialog, DialogCloseLink, HiddenFields, SubmitButton } from '~/components/ui'
import { Icon } from '~/components/icons/ModeSprite'
import { dayRangeParam } from '~/domain/dayRange'

/** A run as the list page's loader prepares it. */
export interface NoTripRunView {
  /** Oldest and newest day of the run ('YYYY-MM-DD'). */
  from: string
  to: string
  count: number
  /** Its first and last day in few characters ('Mo 16.11.', 'Mi 18.11.'), in the participant's language. */
  fromText: string
  toText: string
  /** Show its days one by one (the URL asked for it). */
  expanded: boolean
}

/** The query that opens a run's confirm-all dialog. */
const noTripRunDialogQuery = (run: { from: string; to: string }) => `?dialog=noTripsRun&days=${dayRangeParam(run)}`
/** The query that shows a run's days one by one. */
export const noTripRunExpandQuery = (run: { from: string; to: string }) => `?expand=${dayRangeParam(run)}`

/**
 * The run's section in the list: header with its date range, the card with "confirm all", and its days (children,
 * each the list's usual day section with an h3 heading) behind a disclosure. `dialog`: the confirm-all dialog when
 * open, rendered inside the section so that without JavaScript it appears right there.
 */
const noTripRunRange = (run: Pick<NoTripRunView, 'fromText' | 'toText'>) => `${run.fromText} – ${run.toText}`

export function NoTripRun({
  run,
  t,
  children,
  dialog,
}: {
  run: NoTripRunView
  t: TFunction
  children: ReactNode
  dialog?: ReactNode
}) {
  const titleId = `run-${run.from}-title`
  const range = noTripRunRange(run)
  return (
    <section
      id={`run-${run.from}`}
      className="trip-run"
      aria-labelledby={titleId}
      data-from={run.from}
      data-to={run.to}
    >
      <header className="day-header">
        <h2 className="day-header__title" id={titleId}>
          {range}
        </h2>
      </header>
      <Card className="no-trip-card no-trip-run">
        <Icon name="plus" className="no-trip-card__icon" />
        <div className="no-trip-card__text">
          <p className="no-trip-card__title">{t('noTrips.run.card', { count: run.count })}</p>
          <p className="no-trip-card__hint">{t('noTrips.run.hint')}</p>
        </div>
        <Link
          to={`${noTripRunDialogQuery(run)}#noTripsRun`}
          className={buttonClass({ variant: 'primary', size: 'small' }, 'no-trip-run__confirm')}
          preventScrollReset
        >
          {t('noTrips.run.confirmAll', { count: run.count })}
          <span className="visually-hidden">: {range}</span>
        </Link>
      </Card>
      {dialog}
      <details className="no-trip-run__days" open={run.expanded || undefined}>
        <summary className="no-trip-run__toggle">
          {t('noTrips.run.show', { count: run.count })}
          <span className="visually-hidden">: {range}</span>
        </summary>
        <div className="no-trip-run__list">{children}</div>
      </details>
    </section>
  )
}

/** Confirm every day of a run as without ways: one form post (intent set-zero-trip-days, from, to). */
export function NoTripsRunDialog({ run, closeHref, t }: { run: NoTripRunView; closeHref: string; t: TFunction }) {
  return (
    <Dialog
      id="noTripsRun"
      open
      title={t('noTrips.run.title')}
      closeHref={closeHref}
      closeLabel={t('common:actions.close')}
    >
      <p>{t('noTrips.run.text', { count: run.count, from: run.fromText, to: run.toText })}</p>
      <div className="no-trips-actions">
        <Form method="post">
          <HiddenFields fields={{ intent: 'set-zero-trip-days', from: run.from, to: run.to }} />
          <SubmitButton variant="primary" block>
            {t('noTrips.run.confirm', { count: run.count })}
          </SubmitButton>
        </Form>
        <ButtonLink to={`${noTripRunExpandQuery(run)}#run-${run.from}`} variant="secondary" block>
          {t('noTrips.run.oneByOne')}
        </ButtonLink>
        <DialogCloseLink className={buttonClass({ variant: 'ghost', block: true })}>
          {t('common:actions.cancel')}
        </DialogCloseLink>
      </div>
    </Dialog>
  )
}
