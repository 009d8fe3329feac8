// The way page's dialogs. Without JS an open dialog is the page's first content, so it and its error are on the first
// screen; with JS it is a modal <dialog>. Which one is open is the URL's (?dialog=…); each is offered only where the
// way's state allows what it does.
import { useActionData } from 'react-router'
import type { TFunction } from 'i18next'
import type { Route } from './+types/route'
import type { action } from './route'
import { useRootData } from '~/root'
import { replyFor } from '~/lib/forms'
import { SplitDialog } from '~/components/trip/detail/Segmentation'
import { ReportDialog, reportDialogHref, REPORT_FALLBACK } from '~/components/trip/ReportDialog'
import {
  AgainDialog,
  ConfirmDialog,
  DeleteLegDialog,
  DeleteWayDialog,
  ModesDialog,
  PurposeDialog,
} from '~/components/trip/detail/TripDialogs'
import { againOfferOf } from '~/components/trip/detail/againOffer'
import { hrefWith } from '~/components/trip/detail/shared'
import { isTrafficMode } from '~/domain/trafficModes'
import { canDeleteLeg } from '~/domain/legRules'
import { WAY_DIALOGS } from '~/domain/dialogUrl'
import { useDialogSearch, useDialogTaps } from '~/lib/dialog-opening'

type Data = Route.ComponentProps['loaderData']
type Leg = Data['trip']['legs'][number]

/** The leg the address selects (`?leg=<id>`) and its index on the way; none when it names no leg of this way. */
export function selectedLegOf(legs: Leg[], search: URLSearchParams): { leg: Leg | null; index: number } {
  const leg = legs.find((l) => l.id === Number(search.get('leg'))) ?? null
  return { leg, index: leg ? legs.indexOf(leg) : -1 }
}

export function WayDialogs({
  t,
  data,
  pathname,
  wayLabel,
}: {
  t: TFunction
  data: Data
  pathname: string
  /** The way as the report dialog names it. */
  wayLabel: string
}) {
  const { trip, purposes, reasons, segmentation } = data
  const allows = trip.way.allows
  const editable = allows.deleteWay
  const editLegs = allows.setPurposes
  const editModes = allows.setModes
  const actionData = useActionData<typeof action>()
  const root = useRootData()
  // Read here rather than by the page: a tap on a dialog's link renders this alone at once (dialog-opening.ts).
  useDialogTaps(WAY_DIALOGS)
  const search = useDialogSearch()
  const dialog = search.get('dialog')
  const { leg: selectedLeg, index: legIndex } = selectedLegOf(trip.legs, search)
  // ?dialog=again&do=<request>: a one-tap request refused because the way had changed meanwhile, offered again as it
  // can be made now (nothing when the way no longer allows it: the page and the message say what is stored).
  const againOffer = dialog === 'again' ? againOfferOf(t, search, { trip, selectedLeg, legIndex, segmentation }) : null
  const closeHref = hrefWith(pathname, search, { dialog: null, several: null, retry: null })
  // ?several=1: the participant asked for several purposes or modes; ?retry=…: what a post from an old version held.
  const severalOn = search.get('several') === '1'
  const retry = search.get('retry')?.split(',').filter(Boolean) ?? null
  const legIds = trip.legs.map((l) => l.id)
  return (
    <>
      {editLegs ? (
        <PurposeDialog
          open={dialog === 'purpose'}
          closeHref={closeHref}
          purposes={purposes}
          chosen={
            selectedLeg
              ? selectedLeg.tripPurposes.map((p) => p.id)
              : [...new Set(trip.legs.flatMap((l) => l.tripPurposes.map((p) => p.id)))]
          }
          leg={selectedLeg ? { id: selectedLeg.id, n: legIndex + 1 } : null}
          version={trip.version}
          several={{ on: severalOn, href: hrefWith(pathname, search, { several: 1 }, 'purpose') }}
          retry={retry?.map(Number).filter((n) => purposes.some((p) => p.id === n)) || null}
          lastResult={replyFor(actionData, 'set-purposes', 'set-leg-purposes')}
        />
      ) : null}
      {editLegs && selectedLeg && canDeleteLeg(legIds, selectedLeg.id).ok ? (
        <DeleteLegDialog
          open={dialog === 'delete-leg'}
          closeHref={hrefWith(pathname, search, { dialog: null, retry: null })}
          leg={selectedLeg}
          n={legIndex + 1}
          version={trip.version}
          retry={search.get('retry') === '1'}
        />
      ) : null}
      {againOffer ? (
        <AgainDialog
          open
          closeHref={hrefWith(pathname, search, { dialog: null, do: null, with: null, point: null })}
          offer={againOffer}
          version={trip.version}
        />
      ) : null}
      {editModes && selectedLeg ? (
        <ModesDialog
          open={dialog === 'modes'}
          closeHref={closeHref}
          leg={selectedLeg}
          index={legIndex}
          count={trip.legs.length}
          version={trip.version}
          reportHref={reportDialogHref(trip.id, search.toString())}
          several={{ on: severalOn, href: hrefWith(pathname, search, { several: 1 }, 'modes') }}
          retry={retry?.filter(isTrafficMode) || null}
          lastResult={replyFor(actionData, 'set-leg-modes')}
        />
      ) : null}
      {allows.split ? (
        <SplitDialog
          open={dialog === 'split'}
          closeHref={hrefWith(pathname, search, { dialog: null, leg: null, at: null })}
          trip={trip}
          view={segmentation}
          pathname={pathname}
          search={search}
          tiles={root?.mapTileUrl ? { url: root.mapTileUrl, attribution: root.mapTileAttribution } : undefined}
        />
      ) : null}
      {allows.confirm ? <ConfirmDialog open={dialog === 'confirm'} closeHref={closeHref} trip={trip} /> : null}
      {editable ? <DeleteWayDialog open={dialog === 'delete'} closeHref={closeHref} version={trip.version} /> : null}
      {allows.report ? (
        <ReportDialog
          tripId={trip.id}
          reasons={reasons}
          open={dialog === 'report'}
          closeHref={hrefWith(pathname, search, { dialog: null, trip: null })}
          returnTo={REPORT_FALLBACK}
          tripLabel={wayLabel}
        />
      ) : null}
    </>
  )
}
