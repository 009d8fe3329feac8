// The interactive map of a way: react-leaflet over the configured tile server, the legs as polylines in their mode
// colours, the selected leg highlighted, start and end marked, a scale. Leaflet touches `window` when it is
// imported, so this module is only ever loaded with a dynamic import() from TripMap's effect (never on the server,
// never in another page's bundle); its stylesheet comes with this chunk.
import { Fragment, memo, useEffect } from 'react'
import L from 'leaflet'
import { CircleMarker, MapContainer, Polyline, useMap } from 'react-leaflet'
import '~/styles/leaflet.css'
import { modeColor } from '~/components/icons/modes'
import { DEFAULT_CENTER, DEFAULT_ZOOM } from '~/domain/geometry'
import type { RouteSvgLeg } from './RouteSvg'
import { BaseLayers } from './BaseLayers.client'
import type { TileSource } from './tile-source'
import { sameProps } from '~/lib/same-props'

export interface LeafletMapProps {
  legs: RouteSvgLeg[]
  selectedLegId: number | null
  tiles: TileSource
  zoomInTitle: string
  zoomOutTitle: string
  /** A tile has loaded: the map can replace the server-drawn route. */
  onReady: () => void
  /** Tiles fail and none has loaded: the server-drawn route stays. */
  onFailed: () => void
  onSelectLeg: (id: number) => void
}

/** Shows the selected leg, else the whole way, else the default centre (a way without any points). */
function FitView({ legs, selectedLegId }: { legs: RouteSvgLeg[]; selectedLegId: number | null }) {
  const map = useMap()
  useEffect(() => {
    const drawn = legs.filter((l) => l.points.length > 0)
    const focus =
      selectedLegId != null && drawn.some((l) => l.id === selectedLegId)
        ? drawn.filter((l) => l.id === selectedLegId)
        : drawn
    const points = focus.flatMap((l) => l.points.map((p) => L.latLng(p.lat, p.lon)))
    if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 17 })
    else if (points.length === 1) map.setView(points[0], 16)
    else map.setView([DEFAULT_CENTER.lat, DEFAULT_CENTER.lon], DEFAULT_ZOOM)
  }, [map, legs, selectedLegId])
  return null
}

export const LeafletMap = memo(function LeafletMap({
  legs,
  selectedLegId,
  tiles,
  zoomInTitle,
  zoomOutTitle,
  onReady,
  onFailed,
  onSelectLeg,
}: LeafletMapProps) {
  const drawn = legs.filter((l) => l.points.length > 0)
  const hasSelection = selectedLegId != null && drawn.some((l) => l.id === selectedLegId)
  // The selected leg is drawn last, so it lies on top.
  const ordered = hasSelection
    ? [...drawn.filter((l) => l.id !== selectedLegId), ...drawn.filter((l) => l.id === selectedLegId)]
    : drawn
  const first = drawn[0]?.points[0]
  const last = drawn.at(-1)?.points.at(-1)
  return (
    <MapContainer
      className="leaflet-map"
      center={[DEFAULT_CENTER.lat, DEFAULT_CENTER.lon]}
      zoom={DEFAULT_ZOOM}
      zoomControl={false}
      attributionControl={false}
    >
      <BaseLayers
        tiles={tiles}
        zoomInTitle={zoomInTitle}
        zoomOutTitle={zoomOutTitle}
        onTiles={(ok) => (ok ? onReady() : onFailed())}
      />
      {ordered.map((leg) => {
        const selected = leg.id === selectedLegId
        const opacity = hasSelection && !selected ? 0.45 : 1
        const positions = leg.points.map((p) => [p.lat, p.lon] as [number, number])
        return (
          <Fragment key={leg.id}>
            <Polyline
              positions={positions}
              pathOptions={{ color: '#fff', weight: selected ? 12 : 8, opacity }}
              interactive={false}
            />
            <Polyline
              positions={positions}
              // Leaflet applies a class only when the line is made: it is an option of its own, not a style.
              className={`leg-line leg-line--${leg.id}`}
              pathOptions={{ color: modeColor(leg.mode), weight: selected ? 8 : 5, opacity }}
              eventHandlers={{ click: () => onSelectLeg(leg.id) }}
            />
          </Fragment>
        )
      })}
      {first ? (
        <CircleMarker
          center={[first.lat, first.lon]}
          radius={8}
          pathOptions={{ color: '#1f6f3f', weight: 4, fillColor: '#fff', fillOpacity: 1 }}
          interactive={false}
        />
      ) : null}
      {last ? (
        <CircleMarker
          center={[last.lat, last.lon]}
          radius={8}
          pathOptions={{ color: '#fff', weight: 3, fillColor: '#1b2631', fillOpacity: 1 }}
          interactive={false}
        />
      ) : null}
      <FitView legs={legs} selectedLegId={selectedLegId} />
    </MapContainer>
  )
}, sameProps)
