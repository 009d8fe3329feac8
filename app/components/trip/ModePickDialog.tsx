// Fixing one leg's mode from the ways list: the participant taps the leg's mode on the card, this dialog opens
// (`?dialog=mode&leg=<id>`), and tapping a mode saves it as the leg's only mode — one form post, with and without
// JavaScript; with it, the post is answered in place with the way's card as stored now (useModePickAnswer). Each mode is a submit button of its own, so a pick is never added beside the old one. After a post
// from an old version the dialog comes back with what is stored now and the mode that was picked marked, so it is
// applied again in one tap. Focus starts on that mode, else on the stored one (a keyboard reaches its neighbours at
// once).
import { Link, useFetcher } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { TFunction } from 'i18next'
import { ModeIcon } from '~/components/icons/ModeSprite'
import { MODES_BY_COMMONNESS } from '~/domain/modeOrder'
import { isTrafficMode } from '~/domain/trafficModes'
import type { TripCardData } from './TripCard'
import { MODE_PICK_FETCHER_KEY } from '~/domain/waysUrls'
import { Dialog, DialogCloseLink, HiddenFields, cx } from '~/components/ui'

const MODE_DIALOG_ID = 'mode'

/**
 * The link that opens the picker for a leg, keeping the list page's other parameters. No #fragment: the picker is the
 * list page's first content, and a fragment would keep the browser from focusing its first stop (autofocus).
 */
export function modeDialogHref(legId: number, search = '', retry?: string): string {
  const params = new URLSearchParams(search)
  params.set('dialog', MODE_DIALOG_ID)
  params.set('leg', String(legId))
  if (retry) params.set('retry', retry)
  else params.delete('retry')
  return `?${params}`
}

export interface ModePick {
  tripId: number
  legId: number
  /** 1-based position of the leg and the way's leg count. */
  n: number
  count: number
  version: number
  /** The leg's stored modes. */
  current: string[]
  /** The mode picked in a post that came too late (another tab changed the way): offered again. */
  retry: string | null
}

/**
 * The mode picker of a leg shown on this page's cards; null for any other leg. The page reads it from its cards and
 * the URL (`?dialog=mode&leg=<id>&retry=<mode>`), so opening the picker needs nothing from the server.
 */
export function modePickOf(cards: Iterable<TripCardData>, legId: number, retry: string | null): ModePick | null {
  for (const card of cards) {
    const legs = card.quick?.legs ?? []
    const n = legs.findIndex((l) => l.id === legId)
    if (n < 0) continue
    return {
      tripId: card.id,
      legId,
      n: n + 1,
      count: legs.length,
      version: card.quick!.version,
      current: legs[n]!.known ? legs[n]!.modes.map((m) => m.constant) : [],
      retry: retry && isTrafficMode(retry) ? retry : null,
    }
  }
  return null
}

/** The answer to a mode picked with JavaScript: the leg, and its way's card as stored after the pick. */
export interface ModePickAnswer {
  picked: number
  card: TripCardData
}

/** The list's mode-pick fetcher: its answer, once there is one. */
export function useModePickFetcher() {
  return useFetcher<ModePickAnswer>({ key: MODE_PICK_FETCHER_KEY })
}

export function ModePickDialog({
  pick,
  closeHref,
  wayLabel,
  severalHref,
  t,
}: {
  pick: ModePick
  closeHref: string
  /** The way's name and time, so the dialog says which way it changes. */
  wayLabel: string
  /** The way page's mode dialog for this leg with several modes to choose (an explicit choice, never by a tap). */
  severalHref: string
  t: TFunction
}) {
  const current = new Set(pick.current)
  const fetcher = useModePickFetcher()
  const hydrated = useHydrated()
  // From the tap until the answer is there the modes are busy: one pick is sent once.
  const busy = fetcher.state === 'submitting'
  const offered = MODES_BY_COMMONNESS.filter((m) => m !== 'UNKNOWN')
  // The first stop, for the keyboard: the mode picked in a post that came too late (Enter applies it again), else the
  // stored mode (the list around it is what replaces it), else the first of the list.
  const first = offered.find((m) => m === pick.retry) ?? offered.find((m) => current.has(m)) ?? offered[0]
  return (
    <Dialog
      id={MODE_DIALOG_ID}
      open
      closeHref={closeHref}
      title={pick.count > 1 ? t('modePick.titleLeg', { n: pick.n, count: pick.count }) : t('modePick.title')}
      closeLabel={t('common:actions.close')}
      className="mode-pick"
    >
      <fetcher.Form method="post" className="stack">
        <HiddenFields
          fields={{
            intent: 'pick-mode',
            inPlace: hydrated ? '1' : null,
            tripId: pick.tripId,
            legId: pick.legId,
            version: pick.version,
          }}
        />
        <p className="text-muted">{wayLabel}</p>
        {pick.retry ? (
          <p className="mode-pick__retry" role="status">
            {t('modePick.retry', { mode: t(`common:modes.${pick.retry}`) })}
          </p>
        ) : null}
        <p className="mode-pick__hint">{t('modePick.hint')}</p>
        <div className="mode-pick__grid">
          {offered.map((mode) => (
            <button
              key={mode}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- only a dialog the participant just opened: its first stop (the page without JavaScript; with it, Dialog focuses data-autofocus once the dialog is open)
              autoFocus={!hydrated && mode === first}
              data-autofocus={mode === first ? '' : undefined}
              type="submit"
              name="mode"
              value={mode}
              // Not `disabled`: the picked mode keeps the focus (a refused pick comes back to it, ADR 270).
              aria-disabled={busy || undefined}
              aria-busy={busy || undefined}
              onClick={busy ? (event) => event.preventDefault() : undefined}
              className={cx(
                'btn mode-pick__mode',
                current.has(mode) && 'mode-pick__mode--current',
                pick.retry === mode && 'mode-pick__mode--retry',
              )}
              aria-describedby={current.has(mode) ? `mode-pick-current-${mode}` : undefined}
            >
              <ModeIcon mode={mode} />
              {t(`common:modes.${mode}`)}
              {current.has(mode) ? (
                <span className="mode-pick__now" id={`mode-pick-current-${mode}`}>
                  {t('modePick.current')}
                </span>
              ) : null}
            </button>
          ))}
        </div>
        <p className="text-small">
          <Link to={severalHref}>{t('modePick.several')}</Link>
        </p>
        <div className="dialog__actions">
          <DialogCloseLink>{t('common:actions.cancel')}</DialogCloseLink>
        </div>
      </fetcher.Form>
    </Dialog>
  )
}
