// The ways list's cards (spec 2.7): one way, and a day without ways. Everything shown is prepared by the loader
// (texts already formatted in the participant's language and the study's time zone), so server and browser render
// the same markup.
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { useTranslation } from '~/lib/i18n'
import type { TFunction } from '~/lib/i18n'
import { Badge, Card, cx, LinkCard } from '~/components/ui'
import { Icon, ModeDot } from '~/components/icons/ModeSprite'
import type { TripListStatus } from '~/domain/tripStatus'

export interface TripCardData {
  id: number
  /** The way's name or the name from its purposes; '' when it has neither. */
  name: string
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
  /** Neither confirmed nor reported: the list offers to report it. */
  canReport: boolean
}

const STATUS_KEY: Record<TripListStatus, string> = {
  reported: 'status.reported',
  questionnairesUnanswered: 'status.qtnsUnanswered',
  unconfirmed: 'status.unconfirmed',
  confirmed: 'status.confirmed',
}

/** The status badge (spec 4 precedence, already applied in `status`); pass `t` of the 'ways' namespace when at hand. */
export function TripStatusBadge({ status, t }: { status: TripListStatus; t?: TFunction }) {
  return t ? <Badge status={status} label={t(STATUS_KEY[status])} className="trip-card__badge" /> : <TripStatusBadgeOwnT status={status} />
}
function TripStatusBadgeOwnT({ status }: { status: TripListStatus }) {
  const { t } = useTranslation('ways')
  return <TripStatusBadge status={status} t={t} />
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
  /** Debug mode: a reported way offers to withdraw the report (form post intent=withdraw-report). */
  withdraw?: { returnTo: string } | null
}

export function TripCard(props: TripCardProps) {
  const { t } = useTranslation('ways')
  return <TripCardView {...props} t={t} />
}

/** TripCard with the translation function given (a list renders many cards: one useTranslation for all). */
export function TripCardView({ trip, highlighted, reportHref, withdraw, t }: TripCardProps & { t: TFunction }) {
  const reported = trip.status === 'reported'
  const name = trip.name || t('card.unnamed')
  const titleId = `trip-${trip.id}-title`
  const time = (
    <p className="trip-card__time">
      <time dateTime={trip.startIso}>{trip.startTime}</time>
      <span aria-hidden="true"> – </span>
      <span className="visually-hidden"> {t('card.until')} </span>
      <time dateTime={trip.endIso}>
        {trip.endDate ? `${trip.endDate} ` : ''}
        {trip.endTime}
      </time>
    </p>
  )
  let actions: ReactNode = null
  if (reported && withdraw) {
    actions = (
      <Form method="post" className="trip-card__action">
        <input type="hidden" name="intent" value="withdraw-report" />
        <input type="hidden" name="tripId" value={trip.id} />
        <input type="hidden" name="returnTo" value={withdraw.returnTo} />
        <button type="submit" className="btn btn--ghost btn--small">
          <Icon name="flag" />
          {t('card.withdraw')}
          <span className="visually-hidden">: {name}</span>
        </button>
      </Form>
    )
  } else if (reportHref && trip.canReport) {
    actions = (
      <Link to={reportHref} className="btn btn--ghost btn--small trip-card__action" preventScrollReset>
        <Icon name="flag" />
        {t('card.report')}
        <span className="visually-hidden">: {name}, {tripTimeText(trip)}</span>
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
      className={cx('trip-card', !reported && 'card--link', reported && 'trip-card--reported', highlighted && 'trip-card--highlight')}
    >
      <h3 className={cx('trip-card__name', !trip.name && 'trip-card__name--unnamed')} id={titleId}>
        {reported ? (
          name
        ) : (
          <Link className="card__link" to={`/ways/tripDetails/${trip.id}`}>
            {name}
          </Link>
        )}
      </h3>
      <TripStatusBadge status={trip.status} t={t} />
      {time}
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
              <li key={i}>
                <ModeDot mode={m.constant} label={m.name} />
              </li>
            ))}
          </ul>
        ) : (
          <span />
        )}
        {actions}
      </div>
      {reported && !withdraw ? <p className="trip-card__note">{t('card.reportedNote')}</p> : null}
    </Card>
  )
}

/** A day without ways: opens the no-trip-day dialog, or shows that the day was confirmed as such. */
export function NoTripDayCard({ day, state, dialogHref, t }: { day: string; state: 'open' | 'confirmed'; dialogHref: string; t: TFunction }) {
  if (state === 'confirmed') {
    return (
      <Card className="no-trip-card no-trip-card--confirmed" data-day={day}>
        <Icon name="check" className="no-trip-card__icon" />
        <p className="no-trip-card__title">{t('noTrips.confirmedCard')}</p>
      </Card>
    )
  }
  return (
    <LinkCard to={dialogHref} className="no-trip-card" data-day={day} preventScrollReset>
      <Icon name="plus" className="no-trip-card__icon" />
      <span className="no-trip-card__text">
        <span className="no-trip-card__title">{t('noTrips.card')}</span>
        <span className="no-trip-card__hint">{t('noTrips.cardHint')}</span>
      </span>
    </LinkCard>
  )
}
