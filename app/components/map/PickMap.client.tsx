// The map on which a participant picks a point (a place's position, a location question's answer): react-leaflet
// over the tile server. A tap or click places the active point; the active point is a pin that can be dragged, the
// other points of the same question show as labelled dots. Leaflet touches `window` when it is imported, so this
// module is only loaded with a dynamic import() by PickMap, in the browser; its stylesheet comes with the chunk.
import { useEffect, useRef } from 'react'
import L from 'leaflet'
import { CircleMarker, MapContainer, Marker, Tooltip, useMap, useMapEvents } from 'react-leaflet'
import '~/styles/leaflet.css'
import type { LatLon } from '~/domain/geometry'
import { BaseLayers } from './BaseLayers.client'
import type { PickMapClientProps } from './PickMap'

const PIN_HTML =
  '<svg viewBox="0 0 28 36" width="28" height="36" aria-hidden="true" focusable="false">' +
  '<path d="M14 35C14 35 2 21.5 2 13.5a12 12 0 0 1 24 0C26 21.5 14 35 14 35z" fill="#0d5c6e" stroke="#fff" stroke-width="2"/>' +
  '<circle cx="14" cy="13.5" r="4.5" fill="#fff"/></svg>'

/** Clicks place the active point; the map is measured again once visible (a dialog may just have opened). */
function Behaviour({
  points,
  centre,
  zoom,
  onPick,
}: Pick<PickMapClientProps, 'points' | 'centre' | 'zoom' | 'onPick'>) {
  const map = useMap()
  const pick = useRef(onPick)
  pick.current = onPick
  useMapEvents({ click: (e) => pick.current(e.latlng.lat, e.latlng.lng) })
  useEffect(() => {
    requestAnimationFrame(() => map.invalidateSize())
  }, [map])
  // Show the placed points once; later taps keep the view the participant chose.
  const fitted = useRef(false)
  useEffect(() => {
    if (fitted.current || points.length === 0) return
    fitted.current = true
    if (points.length === 1) map.setView([points[0].lat, points[0].lon], zoom)
    else map.fitBounds(L.latLngBounds(points.map((p) => L.latLng(p.lat, p.lon))), { padding: [32, 32], maxZoom: zoom })
  }, [map, points, zoom])
  // Without a point, follow the suggested centre (e.g. the first search result).
  useEffect(() => {
    if (points.length === 0) map.setView([centre.lat, centre.lon], map.getZoom())
  }, [map, centre.lat, centre.lon]) // eslint-disable-line react-hooks/exhaustive-deps
  // Keep the active point in view.
  const active = points.find((p) => p.active)
  useEffect(() => {
    if (active && !map.getBounds().pad(-0.1).contains([active.lat, active.lon])) map.panTo([active.lat, active.lon])
  }, [map, active?.lat, active?.lon]) // eslint-disable-line react-hooks/exhaustive-deps
  return null
}

export function PickMapClient({
  points,
  centre,
  zoom,
  tiles,
  markerLabel,
  zoomInTitle,
  zoomOutTitle,
  onPick,
  onTiles,
}: PickMapClientProps) {
  const pin = useRef(L.divIcon({ html: PIN_HTML, className: 'poi-map__pin', iconSize: [28, 36], iconAnchor: [14, 35] }))
  const start: LatLon = points[0] ?? centre
  return (
    <MapContainer
      className="pick-map__leaflet"
      center={[start.lat, start.lon]}
      zoom={zoom}
      zoomControl={false}
      attributionControl={false}
    >
      <BaseLayers tiles={tiles} zoomInTitle={zoomInTitle} zoomOutTitle={zoomOutTitle} onTiles={onTiles} />
      {points.map((p, i) =>
        p.active ? (
          <Marker
            key={`active-${i}`}
            position={[p.lat, p.lon]}
            icon={pin.current}
            draggable
            keyboard={false}
            title={markerLabel}
            eventHandlers={{
              dragend: (e) => {
                const at = (e.target as L.Marker).getLatLng()
                onPick(at.lat, at.lng)
              },
            }}
          />
        ) : (
          <CircleMarker
            key={`other-${i}`}
            center={[p.lat, p.lon]}
            radius={8}
            pathOptions={{ color: '#fff', weight: 3, fillColor: '#0d5c6e', fillOpacity: 1 }}
            interactive={false}
          >
            {p.label ? (
              <Tooltip permanent direction="top" offset={[0, -8]}>
                {p.label}
              </Tooltip>
            ) : null}
          </CircleMarker>
        ),
      )}
      <Behaviour points={points} centre={centre} zoom={zoom} onPick={onPick} />
    </MapContainer>
  )
}
