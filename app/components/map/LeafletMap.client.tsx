// The interactive map of a way (issue 5): Leaflet with tiles from MAP_TILE_URL (256 px), the legs as polylines in
// their mode colours, the selected leg highlighted, start and end marked. Leaflet touches `window` when it is
// imported, so this module is only ever loaded with a dynamic import() from TripMap's effect (never on the server,
// never in another page's bundle); its stylesheet comes with this chunk.
import { useEffect, useRef } from 'react'
import L from 'leaflet'
import '~/styles/leaflet.css'
import { modeColor } from '~/components/icons/modes'
import { DEFAULT_CENTER, DEFAULT_ZOOM } from '~/domain/geometry'
import type { RouteSvgLeg } from './RouteSvg'

export interface LeafletMapProps {
  legs: RouteSvgLeg[]
  selectedLegId: number | null
  /** A tile URL template with {z}/{x}/{y} (and optionally {s}). */
  tileUrl: string
  zoomInTitle: string
  zoomOutTitle: string
  /** The first tile has loaded: the map can replace the server-drawn route. */
  onReady: () => void
  onSelectLeg: (id: number) => void
}

const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'

export function LeafletMap({ legs, selectedLegId, tileUrl, zoomInTitle, zoomOutTitle, onReady, onSelectLeg }: LeafletMapProps) {
  const containerRef = useRef<HTMLDivElement>(null)
  const mapRef = useRef<L.Map | null>(null)
  const groupRef = useRef<L.LayerGroup | null>(null)
  const callbacks = useRef({ onReady, onSelectLeg })
  callbacks.current = { onReady, onSelectLeg }

  useEffect(() => {
    const container = containerRef.current
    if (!container) return
    const map = L.map(container, { zoomControl: false })
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>')
    L.control.zoom({ zoomInTitle, zoomOutTitle }).addTo(map)
    const tiles = L.tileLayer(tileUrl, {
      tileSize: 256,
      maxZoom: 19,
      attribution: /openstreetmap\.org/.test(tileUrl) ? OSM_ATTRIBUTION : '',
    })
    tiles.once('tileload', () => callbacks.current.onReady())
    tiles.addTo(map)
    groupRef.current = L.layerGroup().addTo(map)
    mapRef.current = map
    return () => {
      map.remove()
      mapRef.current = null
      groupRef.current = null
    }
  }, [tileUrl, zoomInTitle, zoomOutTitle])

  useEffect(() => {
    const map = mapRef.current
    const group = groupRef.current
    if (!map || !group) return
    group.clearLayers()
    const drawn = legs.filter((l) => l.geom.length > 0)
    const hasSelection = selectedLegId != null && drawn.some((l) => l.id === selectedLegId)
    const ordered = hasSelection ? [...drawn.filter((l) => l.id !== selectedLegId), ...drawn.filter((l) => l.id === selectedLegId)] : drawn
    for (const leg of ordered) {
      const selected = leg.id === selectedLegId
      const opacity = hasSelection && !selected ? 0.45 : 1
      const latlngs = leg.geom.map((p) => L.latLng(p.lat, p.lon))
      L.polyline(latlngs, { color: '#fff', weight: selected ? 12 : 8, opacity, interactive: false }).addTo(group)
      L.polyline(latlngs, { color: modeColor(leg.mode), weight: selected ? 8 : 5, opacity, className: `leg-line leg-line--${leg.id}` })
        .on('click', () => callbacks.current.onSelectLeg(leg.id))
        .addTo(group)
    }
    const first = drawn[0]?.geom[0]
    const last = drawn.at(-1)?.geom.at(-1)
    if (first)
      L.circleMarker([first.lat, first.lon], { radius: 8, color: '#1f6f3f', weight: 4, fillColor: '#fff', fillOpacity: 1, interactive: false }).addTo(group)
    if (last)
      L.circleMarker([last.lat, last.lon], { radius: 8, color: '#fff', weight: 3, fillColor: '#1b2631', fillOpacity: 1, interactive: false }).addTo(group)

    const focus = hasSelection ? drawn.filter((l) => l.id === selectedLegId) : drawn
    const points = focus.flatMap((l) => l.geom.map((p) => L.latLng(p.lat, p.lon)))
    if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 17 })
    else if (points.length === 1) map.setView(points[0], 16)
    else map.setView([DEFAULT_CENTER.lat, DEFAULT_CENTER.lon], DEFAULT_ZOOM) // spec 9: no geometry
  }, [legs, selectedLegId, tileUrl])

  return <div ref={containerRef} className="leaflet-map" />
}
