// The map panel of a way: the server-drawn RouteSvg always (start and end named, a scale bar); with JavaScript and
// a tile server, react-leaflet is loaded lazily (dynamic import in an effect: only this page, only in the browser)
// and laid over the SVG once a tile has loaded. Until then, or if Leaflet or the tiles fail, or without a tile
// server, the SVG is the map and a line under it says that the background map could not load. The SVG stays in
// the accessibility tree (it carries the route's description) underneath the interactive map.
import { memo, useCallback, useEffect, useMemo, useState, type ComponentType } from 'react'
import { useNavigate } from 'react-router'
import { sameProps } from '~/lib/same-props'
import type { LeafletMapProps } from './LeafletMap.client'
import { RouteSvg, type RouteSvgLeg } from './RouteSvg'
import type { TileSource } from './tile-source'

export interface TripMapProps {
  legs: RouteSvgLeg[]
  selectedLegId: number | null
  tiles: TileSource | undefined
  title: string
  description: string
  emptyText: string
  startName?: string | null
  endName?: string | null
  /** Said under the drawing while it is the only map: no background map could be shown. */
  noBackgroundText: string
  interactiveLabel: string
  zoomInTitle: string
  zoomOutTitle: string
}

/** 'drawing': the server's SVG only; 'loading': Leaflet or its first tile is on its way; 'map': tiles show. */
type Shown = 'drawing' | 'loading' | 'map'

/**
 * Renders again only when what it shows changed: the page renders again for every change of its address (a dialog
 * opened or closed), and the map would redraw its lines each time.
 */
export const TripMap = memo(function TripMap(props: TripMapProps) {
  const {
    legs,
    selectedLegId,
    tiles,
    title,
    description,
    emptyText,
    startName,
    endName,
    noBackgroundText,
    interactiveLabel,
    zoomInTitle,
    zoomOutTitle,
  } = props
  const [Leaflet, setLeaflet] = useState<ComponentType<LeafletMapProps> | null>(null)
  const [shown, setShown] = useState<Shown>('drawing')
  const navigate = useNavigate()
  const tileUrl = tiles?.url

  useEffect(() => {
    if (!tileUrl) return
    let cancelled = false
    setShown('loading')
    import('./LeafletMap.client')
      .then((m) => {
        if (!cancelled) setLeaflet(() => m.LeafletMap)
      })
      .catch(() => {
        // Offline or blocked: the drawing stays the map.
        if (!cancelled) setShown('drawing')
      })
    return () => {
      cancelled = true
    }
  }, [tileUrl])

  const onReady = useCallback(() => setShown('map'), [])
  const onFailed = useCallback(() => setShown((s) => (s === 'map' ? s : 'drawing')), [])
  // The address as it is when the line is tapped (the map does not render again for each change of it).
  const onSelectLeg = useCallback(
    (id: number) => {
      const next = new URLSearchParams(window.location.search)
      next.set('leg', String(id))
      next.delete('dialog')
      void navigate(`?${next}`, { replace: true, preventScrollReset: true })
    },
    [navigate],
  )
  // Keep the legs' identity stable across renders so the map redraws only when they change.
  const legsKey = JSON.stringify(legs)
  const stableLegs = useMemo(() => JSON.parse(legsKey) as RouteSvgLeg[], [legsKey])
  const hasRoute = legs.some((l) => l.points.length > 0)

  return (
    <div className="trip-map-wrap">
      <div className="trip-map" data-map={shown === 'map' ? 'leaflet' : 'svg'}>
        <RouteSvg
          legs={legs}
          selectedLegId={selectedLegId}
          title={title}
          description={description}
          emptyText={emptyText}
          startName={startName}
          endName={endName}
        />
        {Leaflet && tiles?.url ? (
          <div className="trip-map__interactive" role="region" aria-label={interactiveLabel}>
            <Leaflet
              legs={stableLegs}
              selectedLegId={selectedLegId}
              tiles={tiles}
              zoomInTitle={zoomInTitle}
              zoomOutTitle={zoomOutTitle}
              onReady={onReady}
              onFailed={onFailed}
              onSelectLeg={onSelectLeg}
            />
          </div>
        ) : null}
      </div>
      {hasRoute && shown === 'drawing' ? <p className="trip-map__note">{noBackgroundText}</p> : null}
    </div>
  )
}, sameProps)
