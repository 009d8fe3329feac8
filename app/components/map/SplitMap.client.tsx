// The split dialog's Leaflet map: every leg in its mode colour, the chosen one on top and the others dimmed; each
// leg that can be cut carries a wide invisible line over its track, so a tap near the track (a finger's width) picks
// it; the picked point is marked. Leaflet touches `window` when imported: only SplitMap loads this module, with a
// dynamic import() in the browser; its stylesheet comes with the chunk.
import { Fragment, useEffect, useRef, type RefObject } from 'react'
import L from 'leaflet'
import { CircleMarker, MapContainer, Polyline, useMap } from 'react-leaflet'
import '~/styles/leaflet.css'
import { modeColor } from '~/components/icons/modes'
import { BaseLayers } from './BaseLayers.client'
import type { SplitMapClientProps, SplitMapLeg } from './SplitMap'

/** The width of the invisible line that takes a tap on a track, in pixels: a finger's width. */
const TAP_WIDTH = 44

/**
 * Shows the chosen leg, else every leg; measured again once visible (the dialog has just opened). A leg chosen by a
 * tap on the map keeps the view the participant tapped in.
 */
function FitView({
  legs,
  focusLegId,
  tappedLegId,
}: {
  legs: SplitMapLeg[]
  focusLegId: number | null
  tappedLegId: RefObject<number | null>
}) {
  const map = useMap()
  const shown = useRef<number | null | undefined>(undefined)
  useEffect(() => {
    requestAnimationFrame(() => map.invalidateSize())
  }, [map])
  useEffect(() => {
    const focus = legs.some((l) => l.id === focusLegId) ? legs.filter((l) => l.id === focusLegId) : legs
    const points = focus.flatMap((l) => l.points.map((p) => L.latLng(p.lat, p.lon)))
    if (shown.current === focusLegId || points.length === 0) return
    const first = shown.current === undefined
    shown.current = focusLegId
    if (!first && focusLegId === tappedLegId.current) return
    if (points.length === 1) map.setView(points[0], 16)
    else map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 17 })
  }, [map, legs, focusLegId, tappedLegId])
  return null
}

export function SplitMapClient({
  legs,
  focusLegId,
  picked,
  tiles,
  zoomInTitle,
  zoomOutTitle,
  onPick,
  onTiles,
}: SplitMapClientProps) {
  const drawn = legs.filter((l) => l.points.length > 0)
  const focused = drawn.some((l) => l.id === focusLegId)
  // The chosen leg is drawn last, so it lies on top (its tap line too).
  const ordered = focused
    ? [...drawn.filter((l) => l.id !== focusLegId), ...drawn.filter((l) => l.id === focusLegId)]
    : drawn
  const start = drawn[0]?.points[0]
  const tappedLegId = useRef<number | null>(null)
  return (
    <MapContainer
      className="pick-map__leaflet"
      center={start ? [start.lat, start.lon] : [0, 0]}
      zoom={15}
      zoomControl={false}
      attributionControl={false}
    >
      <BaseLayers tiles={tiles} zoomInTitle={zoomInTitle} zoomOutTitle={zoomOutTitle} onTiles={onTiles} />
      {ordered.map((leg) => {
        const positions = leg.points.map((p) => [p.lat, p.lon] as [number, number])
        const opacity = focused && leg.id !== focusLegId ? 0.45 : 1
        return (
          <Fragment key={leg.id}>
            <Polyline positions={positions} pathOptions={{ color: '#fff', weight: 9, opacity }} interactive={false} />
            <Polyline
              positions={positions}
              pathOptions={{ color: modeColor(leg.mode), weight: 5, opacity }}
              interactive={false}
            />
            {leg.cuttable ? (
              <Polyline
                positions={positions}
                // Leaflet applies a class only when the line is made: it is an option of its own, not a style.
                className={`split-tap split-tap--${leg.id}`}
                pathOptions={{ color: '#000', weight: TAP_WIDTH, opacity: 0 }}
                eventHandlers={{
                  click: (e) => {
                    L.DomEvent.stopPropagation(e)
                    tappedLegId.current = leg.id
                    onPick(leg.id, { lat: e.latlng.lat, lon: e.latlng.lng })
                  },
                }}
              />
            ) : null}
          </Fragment>
        )
      })}
      {picked ? (
        <CircleMarker
          center={[picked.lat, picked.lon]}
          radius={9}
          pathOptions={{ color: '#fff', weight: 3, fillColor: '#0d5c6e', fillOpacity: 1 }}
          className="split-picked"
          interactive={false}
        />
      ) : null}
      <FitView legs={drawn} focusLegId={focusLegId} tappedLegId={tappedLegId} />
    </MapContainer>
  )
}
