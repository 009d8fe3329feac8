// The ways list's two dialogs of a card: reporting a way and picking a leg's mode. Which one is open is the URL's
// (?dialog=report&trip=<id>, ?dialog=mode&leg=<id>(&retry=<mode>)), and only for a way on this page. They sit before
// the list: without JS each is the page's first content, so it, its error and its first stop are on the first screen
// wherever its card is; with JS each is a modal <dialog>.
import { useEffect, useState } from 'react'
import { useFetchers, useLocation, useNavigate, useNavigation } from 'react-router'
import type { TFunction } from 'i18next'
import { parseIdText } from '~/domain/ids'
import { LIST_DIALOGS } from '~/domain/dialogUrl'
import { routerTapsSoFar, useDialogSearch, useDialogTaps } from '~/lib/dialog-opening'
import { parseDayRange } from '~/domain/dayRange'
import { NoTripsDialog } from '~/components/ways/ListParts'
import { NoTripsRunDialog, type NoTripRunView } from '~/components/trip/NoTripRun'
import { listPath, wayPath, type ListFilter } from '~/domain/waysUrls'
import { ReportDialog } from '~/components/trip/ReportDialog'
import { ModePickDialog, modePickOf, useModePickFetcher } from '~/components/trip/ModePickDialog'
import { tripTimeText, type TripCardData } from '~/components/trip/TripCard'
import { noTripRunExpandQuery } from '~/components/trip/NoTripRun'
import { wayTitle } from '~/components/trip/wayTitle'

type Day = { label: string; trips: TripCardData[] }
type Group = { kind: 'day'; day: Day } | { kind: 'run'; from: string; to: string; days: Day[] }

/** The way as a dialog names it: its title, its day and its times. */
const wayLabel = (t: TFunction, trip: TripCardData, day: Day) =>
  `${wayTitle(t, { ...trip, times: tripTimeText(trip) }).text}, ${day.label}, ${tripTimeText(trip)}`

export function CardDialogs(props: {
  t: TFunction
  groups: Group[]
  filter: ListFilter
  page: number
  /** The list's own address (without a dialog). */
  here: string
  reasons: Parameters<typeof ReportDialog>[0]['reasons']
}) {
  const { t, groups, filter, page, here } = props
  // Read here rather than by the page: a tap on a card's dialog link renders this alone at once (dialog-opening.ts).
  useDialogTaps(LIST_DIALOGS)
  const search = useDialogSearch()
  const dialog = search.get('dialog')
  const onPage = groups.flatMap((g) => {
    const run = g.kind === 'run' ? { from: g.from, to: g.to } : null
    return (g.kind === 'day' ? [g.day] : g.days).flatMap((d) => d.trips.map((trip) => ({ trip, d, run })))
  })
  const reported =
    dialog === 'report'
      ? onPage.find(({ trip }) => String(trip.id) === search.get('trip') && trip.canReport)
      : undefined
  const modePick =
    dialog === 'mode'
      ? modePickOf(
          onPage.map(({ trip }) => trip),
          parseIdText(search.get('leg')) ?? -1,
          search.get('retry'),
        )
      : null
  const picked = modePick ? onPage.find(({ trip }) => trip.id === modePick.tripId) : undefined
  const pickCloseHref = picked
    ? `${here}${picked.run ? noTripRunExpandQuery(picked.run) : ''}#trip-${picked.trip.id}`
    : null
  const pickAnswered = usePickAnsweredHere(pickCloseHref, modePick?.legId)
  return (
    <>
      {reported ? (
        <ReportDialog
          open
          tripId={reported.trip.id}
          reasons={props.reasons}
          closeHref={`${here}#trip-${reported.trip.id}`}
          returnTo={`${listPath(filter, page, reported.trip.id)}#trip-${reported.trip.id}`}
          tripLabel={wayLabel(t, reported.trip, reported.d)}
        />
      ) : null}
      {picked && modePick && pickCloseHref && !pickAnswered ? (
        <ModePickDialog
          pick={modePick}
          t={t}
          closeHref={pickCloseHref}
          wayLabel={wayLabel(t, picked.trip, picked.d)}
          severalHref={`${wayPath(picked.trip.id, filter)}${filter === 'all' ? '?' : '&'}dialog=modes&leg=${modePick.legId}&several=1#modes`}
        />
      ) : null}
    </>
  )
}

/** The day whose no-trip dialog the address names (`?dialog=noTrips&day=<day>`), if any. */
export const noTripsDialogDay = (search: URLSearchParams) =>
  search.get('dialog') === 'noTrips' ? search.get('day') : null

/**
 * A day's no-trip dialog, in its day's place on the page; only for a day still open. It reads the address itself, so
 * it opens in the frame of its tap.
 */
export function NoTripsDialogSlot(props: Parameters<typeof NoTripsDialog>[0] & { open: boolean }) {
  const { open, ...dialog } = props
  const search = useDialogSearch()
  if (!open || noTripsDialogDay(search) !== dialog.day) return null
  return <NoTripsDialog {...dialog} />
}

/** The dialog of a run of days without ways (`?dialog=noTripsRun&days=FROM..TO`), read from the address too. */
export function NoTripsRunDialogSlot(props: { run: NoTripRunView; closeHref: string; t: TFunction }) {
  const search = useDialogSearch()
  const days = search.get('dialog') === 'noTripsRun' ? parseDayRange(search.get('days')) : null
  if (!days || days.from !== props.run.from || days.to !== props.run.to) return null
  return <NoTripsRunDialog {...props} />
}

/**
 * Whether the mode picker open at this address has been answered in place. The picker then closes at once (its way's
 * card shows the answer). Its address is left for `closeHref` only once nothing loads or posts any more: that
 * navigation only closes a dialog and loads nothing, and would cut short a reload of the page's data under way.
 * A tap can open the next leg's picker before the router has left the address of the last one answered (the page's
 * data still reloading): only an answer for the picker's own leg closes it, and the close is dropped when a tap came
 * after the render that decided it (the tap's navigation leads the page on).
 */
function usePickAnsweredHere(closeHref: string | null, legId: number | undefined): boolean {
  const fetcher = useModePickFetcher()
  const location = useLocation()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const fetchers = useFetchers()
  // The page reloads its data only after a navigation or a fetcher's post (it never asks the router to revalidate).
  const quiet = navigation.state === 'idle' && fetchers.every((f) => f.state === 'idle')
  // The answer there was when this address was reached: only a newer one, for this leg, closes its picker.
  const [before, setBefore] = useState({ key: location.key, data: fetcher.data })
  if (before.key !== location.key) setBefore({ key: location.key, data: fetcher.data })
  const answered = before.key === location.key && fetcher.data !== before.data && fetcher.data?.picked === legId
  const leave = answered && quiet && closeHref
  const taps = routerTapsSoFar()
  useEffect(() => {
    if (leave && routerTapsSoFar() === taps) void navigate(leave, { replace: true, preventScrollReset: true })
  }, [leave, navigate, taps])
  return answered
}
