// The map panel of trip detail: the server-drawn RouteSvg always; with JavaScript and a MAP_TILE_URL, Leaflet is
// loaded lazily (dynamic import in an effect: only this page, only in the browser) and laid over the SVG once its
// first tile has loaded. Until then, or if Leaflet or the tiles fail, or without a tile URL, the SVG is the map.
// The SVG stays in the accessibility tree (it carries the route's description) underneath the interactive map.
import { useCallback, useEffect, useMemo, useState, type ComponentType } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import type { LeafletMapProps } from './LeafletMap.client'
import { RouteSvg, type RouteSvgLeg } from './RouteSvg'

export interface TripMapProps {
  legs: RouteSvgLeg[]
  selectedLegId: number | null
  tileUrl: string | undefined
  title: string
  description: string
  emptyText: string
  interactiveLabel: string
  zoomInTitle: string
  zoomOutTitle: string
}

export function TripMap({ legs, selectedLegId, tileUrl, title, description, emptyText, interactiveLabel, zoomInTitle, zoomOutTitle }: TripMapProps) {
  const [Leaflet, setLeaflet] = useState<ComponentType<LeafletMapProps> | null>(null)
  const [ready, setReady] = useState(false)
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()

  useEffect(() => {
    if (!tileUrl) return
    let cancelled = false
    import('./LeafletMap.client')
      .then((m) => {
        if (!cancelled) setLeaflet(() => m.LeafletMap)
      })
      .catch(() => {
        // Offline or blocked: the SVG stays the map.
      })
    return () => {
      cancelled = true
    }
  }, [tileUrl])

  const onReady = useCallback(() => setReady(true), [])
  const onSelectLeg = useCallback(
    (id: number) => {
      const next = new URLSearchParams(searchParams)
      next.set('leg', String(id))
      next.delete('dialog')
      void navigate(`?${next}`, { replace: true, preventScrollReset: true })
    },
    [navigate, searchParams],
  )
  // Keep the legs' identity stable across renders so the map redraws only when they change.
  const legsKey = JSON.stringify(legs)
  const stableLegs = useMemo(() => JSON.parse(legsKey) as RouteSvgLeg[], [legsKey])

  return (
    <div className="trip-map" data-map={ready ? 'leaflet' : 'svg'}>
      <RouteSvg legs={legs} selectedLegId={selectedLegId} title={title} description={description} emptyText={emptyText} />
      {Leaflet && tileUrl ? (
        <div className="trip-map__interactive" role="region" aria-label={interactiveLabel}>
          <Leaflet
            legs={stableLegs}
            selectedLegId={selectedLegId}
            tileUrl={tileUrl}
            zoomInTitle={zoomInTitle}
            zoomOutTitle={zoomOutTitle}
            onReady={onReady}
            onSelectLeg={onSelectLeg}
          />
        </div>
      ) : null}
    </div>
  )
}
