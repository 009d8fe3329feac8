// The ways list's cards: one way, and a day without ways. Everything shown is prepared by the loader
// (texts already formatted in the participant's language and the study's time zone), so server and browser render
// the same markup.
import { memo, type ReactNode } from 'react'
import { sameProps } from '~/lib/same-props'
import { Form } from 'react-router'
import type { TFunction } from 'i18next'
import { Badge, Card, cx, HiddenFields, LinkCard } from '~/components/ui'
import { ListLink } from '~/components/ways/ListLink'
import { Icon, ModeIcon } from '~/components/icons/ModeSprite'
import { wayTitle } from './wayTitle'
import { LegModes, QuickConfirm } from './QuickReview'
import { modeDialogHref } from './ModePickDialog'
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
  /** The way's version, for the card's posts that change it. */
  version?: number
  /** A split or merge made this way and can be undone now: the card offers the undo in one tap. */
  undo?: 'split' | 'merge' | null
  /**
   * The way can still be reviewed from its card (purposes settable, not reported, with legs): its legs' modes are
   * fixed in place, and it is confirmed there once every mode is known (quickConfirmable).
   */
  quick?: {
    version: number
    suggestion: { purposeId: number; basis: 'samePlaces' | 'sameDestinationAndTime' } | null
    /** The legs in order with their stored modes; `known` false: asked for before the way can be confirmed. */
    legs: { id: number; modes: { constant: string; name: string }[]; known: boolean }[]
    /** Every mode known: the confirm button is offered. */
    confirmable: boolean
    /** Some leg has no purpose yet: the chosen purpose fills those legs (and only those). */
    needsPurpose: boolean
    /** The legs' purposes differ: confirmed as they are. */
    mixed: boolean
    /** The purpose chosen in a confirmation that came from an old version: selected again for one tap. */
    retryPurpose?: number | null
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
  /** The list page's query the mode picker's link keeps (the card's modes are tapped to fix them); none: the modes
   * are not links. */
  modeSearch?: string
  /** The way's day as text: its controls' accessible names carry it, so they differ from other days' ways. */
  dayText?: string
  /** The card after this one on the page (the one before it for the last): where the review goes on once it is
   * confirmed, on a tab that then no longer shows it. */
  nextId?: number | null
}

/**
 * TripCard with the translation function given (a list renders many cards: one useTranslation for all). A card
 * renders again only when what it shows changed (`sameProps`): opening a dialog or the page's data coming back after a
 * post renders the page again, and on a slow phone re-rendering every card is what a tap waits for.
 */
export const TripCardView = memo(function TripCardView({
  trip,
  highlighted,
  reportHref,
  withdraw,
  purposes,
  from,
  modeSearch,
  dayText,
  nextId,
  t,
}: TripCardProps & { t: TFunction }) {
  const modeHref = modeSearch === undefined ? undefined : (legId: number) => modeDialogHref(legId, modeSearch)
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
    <ListLink to={`/ways/edit/${trip.id}`} className="btn btn--ghost btn--small trip-card__action">
      <Icon name="edit" />
      {t('review.edit')}
      <span className="visually-hidden">: {controlName}</span>
    </ListLink>
  ) : null
  // A confirmed way with questions open leads straight to them.
  const questions =
    trip.status === 'questionnairesUnanswered' ? (
      <ListLink
        to={`${wayPath(trip.id, from)}${from && from !== 'all' ? '&' : '?'}view=questionnaire#questionnaire`}
        className="btn btn--primary btn--small trip-card__action"
      >
        {t('card.questions')}
        <span className="visually-hidden">: {controlName}</span>
      </ListLink>
    ) : null
  if (reported && withdraw && trip.canWithdraw !== false) {
    actions = (
      <Form method="post" className="trip-card__action">
        <HiddenFields fields={{ intent: 'withdraw-report', tripId: trip.id, returnTo: withdraw.returnTo }} />
        <button type="submit" className="btn btn--ghost btn--small">
          <Icon name="flag" />
          {t('card.withdraw')}
          <span className="visually-hidden">: {controlName}</span>
        </button>
      </Form>
    )
  } else if (reportHref && trip.canReport) {
    actions = (
      <ListLink to={reportHref} className="btn btn--ghost btn--small trip-card__action" preventScrollReset>
        <Icon name="flag" />
        {t('card.report')}
        <span className="visually-hidden">: {controlName}</span>
      </ListLink>
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
        <ListLink className="card__link" to={wayPath(trip.id, from)}>
          {name}
        </ListLink>
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
        {trip.quick && modeHref ? (
          <LegModes legs={trip.quick.legs} modeHref={modeHref} label={controlName} t={t} />
        ) : trip.modes.length ? (
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
        {questions}
        {trip.undo ? (
          <Form method="post" className="trip-card__action">
            <HiddenFields fields={{ intent: 'undo-edit', tripId: trip.id, version: trip.version }} />
            <button type="submit" className="btn btn--secondary btn--small">
              {t(trip.undo === 'split' ? 'card.undoSplit' : 'card.undoMerge')}
              <span className="visually-hidden">: {controlName}</span>
            </button>
          </Form>
        ) : null}
        {actions}
      </div>
      {trip.quick && (purposes?.length || !trip.quick.needsPurpose) ? (
        <QuickConfirm
          trip={trip}
          quick={trip.quick}
          nextId={nextId}
          purposes={purposes ?? []}
          modeHref={modeHref}
          label={controlName}
          t={t}
        />
      ) : null}
      {reported && !withdraw ? <p className="trip-card__note">{t('card.reportedNote')}</p> : null}
    </Card>
  )
}, sameProps)

/** A card of the list with the text of its day (a control between two cards names both ways by day and time). */
interface ShownWay {
  trip: TripCardData
  dayText: string
}

/**
 * Under the card of a way, when it and the way before it (the next card down) may be merged: one tap merges them,
 * and the merged way's card then offers the undo. Its text names the earlier way's times (on a wide screen the cards
 * stand side by side, so "the next card down" is not where the eye looks); its accessible name adds both ways' days,
 * so no two are alike.
 */
export const MergeWithBefore = memo(function MergeWithBefore({
  merge,
  later,
  earlier,
  t,
}: {
  merge: { earlier: { id: number; version: number }; later: { id: number; version: number } }
  later: ShownWay
  earlier: ShownWay
  t: TFunction
}) {
  const name = (w: ShownWay) => `${w.dayText}, ${tripTimeText(w.trip)}`
  return (
    <Form method="post" className="trip-merge">
      <HiddenFields
        fields={{
          intent: 'merge-ways',
          tripId: merge.later.id,
          version: merge.later.version,
          withId: merge.earlier.id,
          withVersion: merge.earlier.version,
        }}
      />
      <button type="submit" className="btn btn--ghost btn--small trip-merge__button">
        {t('card.merge', { time: tripTimeText(earlier.trip) })}
        <span className="visually-hidden">: {t('card.mergeName', { earlier: name(earlier), later: name(later) })}</span>
      </button>
    </Form>
  )
}, sameProps)

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
          <HiddenFields fields={{ intent: 'unset-zero-trip-day', day }} />
          <button type="submit" className="btn btn--ghost btn--small">
            {t('review.unmark')}
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
