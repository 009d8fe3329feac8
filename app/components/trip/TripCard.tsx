// The ways list's cards: one way, and a day without ways. Everything shown is prepared by the loader
// (texts already formatted in the participant's language and the study's time zone), so server and browser render
// the same markup.
import type { ReactNode } from 'react'
import { Form, Link, useFetcher } from 'react-router'
import type { TFunction } from 'i18next'
import { Badge, Card, cx, LinkCard } from '~/components/ui'
import { Icon, ModeIcon } from '~/components/icons/ModeSprite'
import { wayTitle } from './wayTitle'
import { wayPath, type ListFilter } from '~/domain/waysUrls'
import type { WayStatus as TripListStatus } from '~/domain/wayState'

export interface TripCardData {
  id: number
  /** A name given to the way itself (not from its purposes), or null. */
  given: string | null
  /** The way's purposes as one text; '' when none is given yet. */
  purposes: string
  /** Names of where the way started and ended (a saved place or a street), when known. */
  from: string | null
  to: string | null
  /** 'HH:mm' */
  startTime: string
  endTime: string
  /** 'DD.MM.YYYY' when the way ends on a later day than it starts, else null. */
  endDate: string | null
  startIso: string
  endIso: string
  /** Formatted distance, '' for manually created ways. */
  distance: string
  duration: string
  manual: boolean
  /** Up to 5 mode dots. */
  modes: { constant: string; name: string }[]
  status: TripListStatus
  /** Neither confirmed nor reported: the list offers to report it (way.allows.report). */
  canReport: boolean
  /** Reported: the participant can withdraw the report (way.allows.withdrawReport). */
  canWithdraw?: boolean
  /** A manual way that can still be edited (way.allows.editManual): the card links to /ways/edit/{id}. */
  canEdit?: boolean
  /** The way can be confirmed from the card with one purpose (quickConfirmable), with the purpose to suggest. */
  quick?: {
    version: number
    suggestion: { purposeId: number; basis: 'samePlaces' | 'sameDestinationAndTime' } | null
  } | null
}

const STATUS_KEY: Record<TripListStatus, string> = {
  reported: 'status.reported',
  questionnairesUnanswered: 'status.qtnsUnanswered',
  unconfirmed: 'status.unconfirmed',
  confirmed: 'status.confirmed',
}

/** The status badge (its precedence is already applied in `status`), with `t` of the 'ways' namespace. */
function TripStatusBadge({ status, t }: { status: TripListStatus; t: TFunction }) {
  return <Badge status={status} label={t(STATUS_KEY[status])} className="trip-card__badge" />
}

export function tripTimeText(trip: Pick<TripCardData, 'startTime' | 'endTime' | 'endDate'>): string {
  return `${trip.startTime} – ${trip.endDate ? `${trip.endDate} ` : ''}${trip.endTime}`
}

export type TripCardProps = {
  trip: TripCardData
  /** Marks the way as the current one (the list's `:id` segment). */
  highlighted?: boolean
  /** Link that opens the report dialog for this way; none: no report action. */
  reportHref?: string
  /** Where a withdrawal of the report returns to (form post intent=withdraw-report); none: no withdraw button. */
  withdraw?: { returnTo: string } | null
  /** The study's purposes, for confirming from the card (trip.quick). */
  purposes?: readonly { id: number; name: string }[]
  /** The list tab the card is shown on (the way's page leads back to it). */
  from?: ListFilter
  /** The way's day as text: its controls' accessible names carry it, so they differ from other days' ways. */
  dayText?: string
}

/** TripCard with the translation function given (a list renders many cards: one useTranslation for all). */
export function TripCardView({
  trip,
  highlighted,
  reportHref,
  withdraw,
  purposes,
  from,
  dayText,
  t,
}: TripCardProps & { t: TFunction }) {
  const reported = trip.status === 'reported'
  const title = wayTitle(t, { ...trip, times: tripTimeText(trip) })
  const name = title.text
  // What the card's own controls are named after: the way, its day and (unless the name is the times) its times.
  const controlName = [name, dayText, title.kind === 'times' ? null : tripTimeText(trip)].filter(Boolean).join(', ')
  const titleId = `trip-${trip.id}-title`
  const time =
    title.kind !== 'times' ? (
      <p className="trip-card__time">
        <time dateTime={trip.startIso}>{trip.startTime}</time>
        <span aria-hidden="true"> – </span>
        <span className="visually-hidden"> {t('card.until')} </span>
        <time dateTime={trip.endIso}>
          {trip.endDate ? `${trip.endDate} ` : ''}
          {trip.endTime}
        </time>
      </p>
    ) : null
  let actions: ReactNode = null
  const edit = trip.canEdit ? (
    <Link to={`/ways/edit/${trip.id}`} className="btn btn--ghost btn--small trip-card__action">
      <Icon name="edit" />
      {t('review17.edit')}
      <span className="visually-hidden">: {controlName}</span>
    </Link>
  ) : null
  if (reported && withdraw && trip.canWithdraw !== false) {
    actions = (
      <Form method="post" className="trip-card__action">
        <input type="hidden" name="intent" value="withdraw-report" />
        <input type="hidden" name="tripId" value={trip.id} />
        <input type="hidden" name="returnTo" value={withdraw.returnTo} />
        <button type="submit" className="btn btn--ghost btn--small">
          <Icon name="flag" />
          {t('card.withdraw')}
          <span className="visually-hidden">: {controlName}</span>
        </button>
      </Form>
    )
  } else if (reportHref && trip.canReport) {
    actions = (
      <Link to={reportHref} className="btn btn--ghost btn--small trip-card__action" preventScrollReset>
        <Icon name="flag" />
        {t('card.report')}
        <span className="visually-hidden">: {controlName}</span>
      </Link>
    )
  }
  return (
    <Card
      as="article"
      id={`trip-${trip.id}`}
      data-trip-id={trip.id}
      aria-labelledby={titleId}
      aria-current={highlighted ? 'true' : undefined}
      className={cx(
        'trip-card',
        'card--link',
        reported && 'trip-card--reported',
        highlighted && 'trip-card--highlight',
      )}
    >
      <h3 className={cx('trip-card__name', title.kind === 'times' && 'trip-card__name--times')} id={titleId}>
        <Link className="card__link" to={wayPath(trip.id, from)}>
          {name}
        </Link>
      </h3>
      <TripStatusBadge status={trip.status} t={t} />
      {time}
      {title.kind === 'purposes' ? null : (
        <p className={cx('trip-card__purpose', !trip.purposes && 'trip-card__purpose--open')}>
          {trip.purposes ? t('card.purpose', { purposes: trip.purposes }) : t('card.purposeOpen')}
        </p>
      )}
      <ul className="trip-card__stats">
        {trip.distance ? (
          <li>
            <span className="visually-hidden">{t('card.distance')}: </span>
            {trip.distance}
          </li>
        ) : trip.manual ? (
          <li>{t('card.manual')}</li>
        ) : null}
        <li>
          <span className="visually-hidden">{t('card.duration')}: </span>
          {trip.duration}
        </li>
      </ul>
      <div className="trip-card__foot">
        {trip.modes.length ? (
          <ul className="trip-card__modes" aria-label={t('card.modes')}>
            {trip.modes.map((m, i) => (
              <li key={i} className="trip-card__mode">
                <ModeIcon mode={m.constant} />
                {m.name}
              </li>
            ))}
          </ul>
        ) : (
          <span />
        )}
        {edit}
        {actions}
      </div>
      {trip.quick && purposes?.length ? (
        <QuickConfirm trip={trip} quick={trip.quick} purposes={purposes} label={controlName} t={t} />
      ) : null}
      {reported && !withdraw ? <p className="trip-card__note">{t('card.reportedNote')}</p> : null}
    </Card>
  )
}

/**
 * Confirm a way from its card: one purpose for the whole way, then confirmed — one form post without JavaScript;
 * with it, the list stays where it is (a fetcher) and the card shows its new state. A suggested purpose is
 * pre-selected and marked as a suggestion; nothing is saved until "Confirm" is pressed.
 */
function QuickConfirm({
  trip,
  quick,
  purposes,
  label,
  t,
}: {
  trip: TripCardData
  quick: NonNullable<TripCardData['quick']>
  purposes: readonly { id: number; name: string }[]
  label: string
  t: TFunction
}) {
  const fetcher = useFetcher()
  const selectId = `quick-${trip.id}-purpose`
  const suggested = quick.suggestion?.purposeId
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post" className="trip-card__quick">
      <input type="hidden" name="intent" value="confirm-way" />
      <input type="hidden" name="tripId" value={trip.id} />
      <input type="hidden" name="version" value={quick.version} />
      <label className="trip-card__quick-label" htmlFor={selectId}>
        {t('quick.purpose')}
        <span className="visually-hidden">: {label}</span>
      </label>
      <select
        id={selectId}
        className="input"
        name="purposeId"
        required
        defaultValue={suggested ?? ''}
        aria-describedby={suggested ? `${selectId}-hint` : undefined}
      >
        <option value="" disabled>
          {t('quick.choose')}
        </option>
        {purposes.map((p) => (
          <option key={p.id} value={p.id}>
            {p.id === suggested ? t('quick.suggested', { purpose: p.name }) : p.name}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn--primary trip-card__quick-confirm" disabled={busy}>
        <Icon name="check" />
        {t('quick.confirm')}
        <span className="visually-hidden">: {label}</span>
      </button>
      {suggested ? (
        <p className="trip-card__quick-hint" id={`${selectId}-hint`}>
          {t(`quick.basis.${quick.suggestion!.basis}`)}
        </p>
      ) : null}
    </fetcher.Form>
  )
}

/** A day without ways: opens the no-trip-day dialog, or shows that the day was confirmed as such. */
export function NoTripDayCard({
  day,
  state,
  dialogHref,
  dayText,
  t,
}: {
  day: string
  state: 'open' | 'confirmed'
  dialogHref: string
  /** The day as text: the card's controls are named with it (several such days are on one page). */
  dayText?: string
  t: TFunction
}) {
  const dayName = dayText ? <span className="visually-hidden">: {dayText}</span> : null
  if (state === 'confirmed') {
    return (
      <Card className="no-trip-card no-trip-card--confirmed" data-day={day}>
        <Icon name="check" className="no-trip-card__icon" />
        <p className="no-trip-card__title">{t('noTrips.confirmedCard')}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="unset-zero-trip-day" />
          <input type="hidden" name="day" value={day} />
          <button type="submit" className="btn btn--ghost btn--small">
            {t('review17.unmark')}
            {dayName}
          </button>
        </Form>
      </Card>
    )
  }
  return (
    <LinkCard to={dialogHref} className="no-trip-card" data-day={day} preventScrollReset>
      <Icon name="plus" className="no-trip-card__icon" />
      <span className="no-trip-card__text">
        <span className="no-trip-card__title">
          {t('noTrips.card')}
          {dayName}
        </span>
        <span className="no-trip-card__hint">{t('noTrips.cardHint')}</span>
      </span>
    </LinkCard>
  )
}
