// The map of the locator questions (SINGLE_LOCATOR, MULTIPLE_LOCATOR): a click or tap places the point of the
// active field. Leaflet touches `window` when imported, so this module is only loaded with a dynamic import() from
// LocatorInput's effect (browser only, only when a locator question shows); its stylesheet comes with the chunk.
import { useEffect, useRef } from 'react'
import L from 'leaflet'
import '~/styles/leaflet.css'
import { DEFAULT_CENTER, DEFAULT_ZOOM } from '~/domain/geometry'

export interface LocatorMapProps {
  points: { lat: number; lon: number; label: string; active: boolean }[]
  tileUrl: string
  zoomInTitle: string
  zoomOutTitle: string
  onPick: (lat: number, lon: number) => void
}

const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'

export function LocatorMap({ points, tileUrl, zoomInTitle, zoomOutTitle, onPick }: LocatorMapProps) {
  const containerRef = useRef<HTMLDivElement>(null)
  const mapRef = useRef<L.Map | null>(null)
  const groupRef = useRef<L.LayerGroup | null>(null)
  const pickRef = useRef(onPick)
  pickRef.current = onPick
  const fitted = useRef(false)

  useEffect(() => {
    const el = containerRef.current
    if (!el) return
    const map = L.map(el, { zoomControl: false, center: [DEFAULT_CENTER.lat, DEFAULT_CENTER.lon], zoom: DEFAULT_ZOOM })
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>')
    L.control.zoom({ zoomInTitle, zoomOutTitle }).addTo(map)
    if (tileUrl) L.tileLayer(tileUrl, { tileSize: 256, maxZoom: 19, attribution: /openstreetmap\.org/.test(tileUrl) ? OSM_ATTRIBUTION : '' }).addTo(map)
    map.on('click', (e) => pickRef.current(e.latlng.lat, e.latlng.lng))
    groupRef.current = L.layerGroup().addTo(map)
    mapRef.current = map
    requestAnimationFrame(() => map.invalidateSize())
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
    for (const p of points) {
      L.circleMarker([p.lat, p.lon], {
        radius: p.active ? 10 : 8,
        color: '#fff',
        weight: 3,
        fillColor: p.active ? '#c2410c' : '#0d5c6e',
        fillOpacity: 1,
        interactive: false,
      })
        .bindTooltip(p.label, { permanent: points.length > 1, direction: 'top', offset: [0, -8] })
        .addTo(group)
    }
    // Show the placed points once; later clicks keep the view the participant chose.
    if (!fitted.current && points.length) {
      fitted.current = true
      if (points.length === 1) map.setView([points[0].lat, points[0].lon], 15)
      else map.fitBounds(L.latLngBounds(points.map((p) => L.latLng(p.lat, p.lon))), { padding: [32, 32], maxZoom: 15 })
    }
  }, [points])

  return <div ref={containerRef} className="qtn-map" />
}
