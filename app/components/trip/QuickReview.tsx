// A way's review on its list card: the legs' modes, each a link to the mode picker, and the quick confirmation
// (the purpose for the legs without one, then confirmed) as one form post.
import { useFetcher } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { confirmFetcherKey } from '~/domain/waysUrls'
import { useEffect, type ReactNode } from 'react'
import type { TFunction } from 'i18next'
import { cx, HiddenFields } from '~/components/ui'
import { ListLink } from '~/components/ways/ListLink'
import { handPostFocusTo } from '~/components/layout/Chrome'
import { Icon, ModeIcon } from '~/components/icons/ModeSprite'
import type { TripCardData } from './TripCard'

/**
 * The legs' modes on a card that can still be reviewed: each is a link that opens the mode picker for that leg
 * (tap the mode, pick, saved). A mode the phone did not know is shown as a question.
 */
export function LegModes({
  legs,
  modeHref,
  label,
  t,
}: {
  legs: NonNullable<TripCardData['quick']>['legs']
  modeHref: (legId: number) => string
  label: string
  t: TFunction
}) {
  return (
    <ul className="trip-card__modes" aria-label={t('card.modes')}>
      {legs.map((leg, i) => {
        const names = leg.known ? leg.modes.map((m) => m.name).join(' + ') : t('card.modeUnknown')
        return (
          <li key={leg.id} className="trip-card__mode">
            <ListLink
              to={modeHref(leg.id)}
              preventScrollReset
              className={cx('trip-card__mode-fix', !leg.known && 'trip-card__mode-fix--open')}
            >
              <ModeIcon mode={leg.known ? leg.modes[0]!.constant : 'UNKNOWN'} />
              {names}
              <span className="visually-hidden">
                {' '}
                {legs.length > 1 ? t('card.modeFixLeg', { n: i + 1, way: label }) : t('card.modeFix', { way: label })}
              </span>
            </ListLink>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * Confirm a way from its card — one form post without JavaScript; with it, the list stays where it is (a fetcher
 * answered in place) and the card shows its new state, or leaves a tab that shows only unconfirmed ways as soon as
 * the server has confirmed it (ConfirmedCardSlot). Confirming changes nothing the participant did not choose here: legs that have
 * a purpose keep it, the chosen purpose fills only the legs without one (a suggestion is pre-selected and marked as
 * such); legs with different purposes are confirmed as they are, and the card says so. While a leg's mode is
 * unknown there is no confirm button: the card asks for that mode first.
 */
export function QuickConfirm({
  trip,
  quick,
  nextId,
  purposes,
  modeHref,
  label,
  t,
}: {
  trip: TripCardData
  quick: NonNullable<TripCardData['quick']>
  nextId?: number | null
  purposes: readonly { id: number; name: string }[]
  modeHref?: (legId: number) => string
  label: string
  t: TFunction
}) {
  const fetcher = useFetcher({ key: confirmFetcherKey(trip.id) })
  const hydrated = useHydrated()
  const selectId = `quick-${trip.id}-purpose`
  const suggested = quick.suggestion?.purposeId
  const retry = purposes.find((p) => p.id === quick.retryPurpose)
  const busy = fetcher.state !== 'idle'
  if (!quick.confirmable) {
    const open = quick.legs.findIndex((l) => !l.known)
    const leg = quick.legs[open]
    return (
      <div className="trip-card__quick">
        <p className="trip-card__quick-hint">
          {quick.legs.length > 1 ? t('quick.modeOpenLeg', { n: open + 1 }) : t('quick.modeOpen')}
        </p>
        {leg && modeHref ? (
          <ListLink to={modeHref(leg.id)} preventScrollReset className="btn btn--primary trip-card__quick-confirm">
            {t('quick.chooseMode')}
            <span className="visually-hidden">: {label}</span>
          </ListLink>
        ) : null}
      </div>
    )
  }
  return (
    <fetcher.Form method="post" className="trip-card__quick">
      <HiddenFields
        fields={{
          intent: 'confirm-way',
          tripId: trip.id,
          version: quick.version,
          next: nextId || null,
          inPlace: hydrated ? '1' : null,
        }}
      />
      {quick.needsPurpose ? (
        <>
          <label className="trip-card__quick-label" htmlFor={selectId}>
            {quick.mixed ? t('quick.purposeOpenLegs') : t('quick.purpose')}
            <span className="visually-hidden">: {label}</span>
          </label>
          <select
            id={selectId}
            className="input"
            name="purposeId"
            required
            defaultValue={retry?.id ?? suggested ?? ''}
            aria-describedby={retry || suggested ? `${selectId}-hint` : undefined}
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
        </>
      ) : quick.mixed ? (
        <p className="trip-card__quick-hint">{t('quick.mixed')}</p>
      ) : null}
      <button type="submit" className="btn btn--primary trip-card__quick-confirm" disabled={busy}>
        <Icon name="check" />
        {t('quick.confirm')}
        <span className="visually-hidden">: {label}</span>
      </button>
      {quick.needsPurpose && retry ? (
        <p className="trip-card__quick-hint trip-card__quick-retry" id={`${selectId}-hint`} role="status">
          {t('quick.retry', { purpose: retry.name })}
        </p>
      ) : quick.needsPurpose && suggested ? (
        <p className="trip-card__quick-hint" id={`${selectId}-hint`}>
          {t(`quick.basis.${quick.suggestion!.basis}`)}
        </p>
      ) : null}
    </fetcher.Form>
  )
}

/**
 * A card's place in a list tab that shows only unconfirmed ways: once the card's confirmation has been answered with
 * JavaScript (the way is confirmed), the card leaves at once, without waiting for the page's data, and focus goes to
 * the card the review goes on with (`nextId`), as the redirect without JavaScript does with its #fragment.
 */
export function ConfirmedCardSlot({
  tripId,
  nextId,
  leaves,
  children,
}: {
  tripId: number
  nextId?: number | null
  /** Whether the tab stops showing a confirmed way (domain/waysUrls.ts, confirmLeavesTab). */
  leaves: boolean
  children: ReactNode
}) {
  const fetcher = useFetcher<{ confirmed?: number }>({ key: confirmFetcherKey(tripId) })
  const gone = leaves && fetcher.data?.confirmed === tripId
  useEffect(() => {
    if (!gone || !nextId) return
    // Only when the confirm button went with the card (focus fell to the page), never away from another control.
    if (document.activeElement && document.activeElement !== document.body) return
    const next = document.getElementById(`trip-${nextId}`)
    if (next) handPostFocusTo(next)
  }, [gone, nextId])
  return gone ? null : children
}
