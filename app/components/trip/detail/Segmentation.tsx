// Correcting the phone's segmentation on the way's page: undo, merge with the previous or next way, and the split
// dialog (?dialog=split): "split here" between two legs, or a leg chosen (?leg=ID) and then one of its points, named
// by time and saved place or street, where the recording paused first; with JavaScript, a tap on a leg's track on
// the dialog's map picks the nearest point of it instead (?leg=ID&at=LAT,LON), offered for one more tap. Every
// control is a plain form post.
import { Form, Link, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { SplitMap } from '~/components/map/SplitMap'
import type { TileSource } from '~/components/map/tile-source'
import { ButtonLink, Dialog, DialogCloseLink, HiddenFields } from '~/components/ui'
import type { CutPoint, SegmentationView } from '~/services/trip/segmentation-view.server'
import { FormBasics, SubmitButton, hrefWith, timeOf, type DetailTrip } from './shared'

export function SegmentationActions({
  trip,
  view,
  splitHref,
}: {
  trip: DetailTrip
  view: SegmentationView
  splitHref: string | null
}) {
  const { t } = useTranslation('trip')
  const merge = (key: 'mergePrevious' | 'mergeNext') => {
    const other = view[key]
    return other ? (
      <Form method="post">
        <FormBasics intent="merge" version={trip.version} />
        <HiddenFields fields={{ withId: other.id, withVersion: other.version }} />
        <SubmitButton size="small">{t(`segmentation.${key}`)}</SubmitButton>
      </Form>
    ) : null
  }
  if (!view.undo && !splitHref && !view.mergePrevious && !view.mergeNext) return null
  return (
    <div className="stack stack--sm trip-detail__segmentation" role="group" aria-labelledby="segmentation-title">
      <h3 id="segmentation-title" className="text-small">
        {t('segmentation.title')}
      </h3>
      {view.undo ? (
        <Form method="post">
          <FormBasics intent="undo-edit" version={trip.version} />
          <SubmitButton size="small" variant="primary">
            {t(view.undo === 'split' ? 'segmentation.undoSplit' : 'segmentation.undoMerge')}
          </SubmitButton>
        </Form>
      ) : null}
      <div className="cluster cluster--sm">
        {splitHref ? (
          <ButtonLink size="small" to={splitHref} preventScrollReset>
            {t('segmentation.split')}
          </ButtonLink>
        ) : null}
        {merge('mergePrevious')}
        {merge('mergeNext')}
      </div>
      <p className="text-small text-muted">{t('segmentation.hint')}</p>
    </div>
  )
}

/** A cut point's button text: its time, the saved place or street there, and whether the recording paused. */
function cutLabel(t: TFunction, p: CutPoint) {
  const text = p.name
    ? t('segmentation.splitAtNamed', { time: p.time, name: p.name })
    : t('segmentation.splitAt', { time: p.time })
  return p.paused ? `${text} (${t('segmentation.paused')})` : text
}

/** The form that splits the way at point `pointIdx` of leg `legId`. */
function SplitAtPoint({
  trip,
  legId,
  point,
  primary,
}: {
  trip: DetailTrip
  legId: number
  point: CutPoint
  primary?: boolean
}) {
  const { t } = useTranslation('trip')
  return (
    <Form method="post">
      <FormBasics intent="split" version={trip.version} />
      <HiddenFields fields={{ legId, pointIdx: point.idx }} />
      <SubmitButton size="small" variant={primary ? 'primary' : undefined}>
        {cutLabel(t, point)}
      </SubmitButton>
    </Form>
  )
}

export function SplitDialog({
  open,
  closeHref,
  trip,
  view,
  pathname,
  search,
  tiles,
}: {
  open: boolean
  closeHref: string
  trip: DetailTrip
  view: SegmentationView
  pathname: string
  search: URLSearchParams
  /** The map's tile server: with JavaScript, a tap on a leg's track on the map picks where to cut it. */
  tiles: TileSource | undefined
}) {
  const { t } = useTranslation('trip')
  const navigate = useNavigate()
  const cutLeg = view.cuts ? trip.legs.find((l) => l.id === view.cuts!.legId) : undefined
  const cutN = cutLeg ? trip.legs.indexOf(cutLeg) + 1 : 0
  const splittable = trip.legs.filter((l) => view.cuttable.includes(l.id))
  const picked = view.picked
  const pickedN = picked ? trip.legs.findIndex((l) => l.id === picked.legId) + 1 : 0
  // A tap on a leg's track: the page names the nearest point of it and offers it (the tap replaces the last one).
  const onPick = (legId: number, at: { lat: number; lon: number }) =>
    void navigate(
      hrefWith(
        pathname,
        search,
        { dialog: 'split', leg: legId, at: `${at.lat.toFixed(6)},${at.lon.toFixed(6)}` },
        'split-picked',
      ),
      { replace: true, preventScrollReset: true },
    )
  return (
    <Dialog
      id="split"
      open={open}
      closeHref={closeHref}
      title={t('segmentation.dialogTitle')}
      closeLabel={t('common:actions.close')}
    >
      <div className="stack">
        {trip.legs.length > 1 ? (
          <section className="stack" aria-labelledby="split-between">
            <h3 id="split-between">{t('segmentation.betweenLegs')}</h3>
            <ul className="stack">
              {trip.legs.slice(1).map((leg, i) => (
                <li key={leg.id}>
                  <Form method="post">
                    <FormBasics intent="split" version={trip.version} />
                    <HiddenFields fields={{ legId: leg.id }} />
                    <SubmitButton size="small">
                      {t('segmentation.splitBefore', { time: timeOf(leg.startTime), n: i + 2 })}
                    </SubmitButton>
                  </Form>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {splittable.length ? (
          <section className="stack" aria-labelledby="split-inside">
            <h3 id="split-inside">{t('segmentation.insideLeg')}</h3>
            <SplitMap
              legs={trip.legs.map((l) => ({
                id: l.id,
                points: l.points,
                mode: l.modes[0]?.constant ?? 'UNKNOWN',
                cuttable: view.cuttable.includes(l.id),
              }))}
              focusLegId={cutLeg?.id ?? null}
              picked={picked}
              tiles={tiles}
              label={t('segmentation.map')}
              hint={t('segmentation.chooseLegMap')}
              onPick={onPick}
            />
            {picked ? (
              <section className="stack" id="split-picked" aria-labelledby="split-picked-title">
                <h4 id="split-picked-title">{t('segmentation.picked', { n: pickedN })}</h4>
                <SplitAtPoint trip={trip} legId={picked.legId} point={picked} primary />
              </section>
            ) : null}
            <ul className="stack">
              {splittable.map((leg) => {
                const n = trip.legs.indexOf(leg) + 1
                return (
                  <li key={leg.id}>
                    <Link
                      to={hrefWith(pathname, search, { dialog: 'split', leg: leg.id, at: null }, 'split-points')}
                      aria-current={leg.id === cutLeg?.id ? 'true' : undefined}
                      preventScrollReset
                    >
                      {t('segmentation.chooseLeg', { n, start: timeOf(leg.startTime), end: timeOf(leg.endTime) })}
                    </Link>
                  </li>
                )
              })}
            </ul>
          </section>
        ) : null}
        {/* The leg's other points; none left besides the one picked on the map: nothing to list. */}
        {view.cuts && cutLeg && (view.cuts.points.length || !picked) ? (
          <section className="stack" id="split-points" aria-labelledby="split-points-title">
            <h3 id="split-points-title">{t('segmentation.points', { n: cutN })}</h3>
            {view.cuts.points.length ? (
              <ul className="stack">
                {view.cuts.points.map((p) => (
                  <li key={p.idx}>
                    <SplitAtPoint trip={trip} legId={cutLeg.id} point={p} />
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t('segmentation.noPoints')}</p>
            )}
          </section>
        ) : null}
        {trip.legs.length < 2 && !splittable.length ? <p>{t('segmentation.nothing')}</p> : null}
        <div className="dialog__actions">
          <DialogCloseLink>{t('common:actions.cancel')}</DialogCloseLink>
        </div>
      </div>
    </Dialog>
  )
}
