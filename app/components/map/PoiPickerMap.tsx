// The add/edit-place map (spec 2.8, 9: centre 52.52001, 13.40495, zoom 15): a click or tap places the marker,
// the marker can be dragged. Rendered only after hydration; Leaflet itself is imported lazily in an effect.
// Keyboard and screen-reader users have the coordinate inputs and the search result list next to it.
import { useEffect, useRef, useState } from 'react'
import type { Map as LeafletMap, Marker } from 'leaflet'
import { ADD_PLACE_ZOOM } from '~/domain/poi'
import { loadLeafletForPois, type LeafletModule } from './leaflet-pois'

type LatLon = { lat: number; lon: number }

const PIN_HTML =
  '<svg viewBox="0 0 28 36" width="28" height="36" aria-hidden="true" focusable="false">' +
  '<path d="M14 35C14 35 2 21.5 2 13.5a12 12 0 0 1 24 0C26 21.5 14 35 14 35z" fill="#0d5c6e" stroke="#fff" stroke-width="2"/>' +
  '<circle cx="14" cy="13.5" r="4.5" fill="#fff"/></svg>'

export function PoiPickerMap({
  position,
  centre,
  tileUrl,
  label,
  markerLabel,
  onPick,
}: {
  /** The placed marker, or null when none is placed yet. */
  position: LatLon | null
  /** Where the map looks when no marker is placed (default centre or the first search result). */
  centre: LatLon
  /** Leaflet tile template; empty: no tiles (a plain grey map still takes clicks). */
  tileUrl: string
  label: string
  markerLabel: string
  onPick: (lat: number, lon: number) => void
}) {
  const containerRef = useRef<HTMLDivElement>(null)
  const mapRef = useRef<LeafletMap | null>(null)
  const markerRef = useRef<Marker | null>(null)
  const leafletRef = useRef<LeafletModule | null>(null)
  const onPickRef = useRef(onPick)
  onPickRef.current = onPick
  const [ready, setReady] = useState(false)
  const initialView = useRef(position ?? centre)

  useEffect(() => {
    let cancelled = false
    void loadLeafletForPois().then((L) => {
      const el = containerRef.current
      if (cancelled || !el) return
      leafletRef.current = L
      const { lat, lon } = initialView.current
      const map = L.map(el, { center: [lat, lon], zoom: ADD_PLACE_ZOOM })
      if (tileUrl) {
        L.tileLayer(tileUrl, {
          maxZoom: 19,
          attribution: /openstreetmap\.org/.test(tileUrl) ? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' : '',
        }).addTo(map)
      }
      map.on('click', (e) => onPickRef.current(e.latlng.lat, e.latlng.lng))
      mapRef.current = map
      // The container may just have become visible (a <dialog> opening): measure again.
      requestAnimationFrame(() => map.invalidateSize())
      setReady(true)
    })
    return () => {
      cancelled = true
      mapRef.current?.remove()
      mapRef.current = null
      markerRef.current = null
    }
  }, [tileUrl])

  // Keep the marker where the form says it is.
  useEffect(() => {
    const map = mapRef.current
    const L = leafletRef.current
    if (!ready || !map || !L) return
    if (!position) {
      markerRef.current?.remove()
      markerRef.current = null
      return
    }
    const at: [number, number] = [position.lat, position.lon]
    if (!markerRef.current) {
      const icon = L.divIcon({ html: PIN_HTML, className: 'poi-map__pin', iconSize: [28, 36], iconAnchor: [14, 35] })
      const marker = L.marker(at, { icon, draggable: true, keyboard: false, title: markerLabel, autoPan: true })
      marker.on('dragend', () => {
        const p = marker.getLatLng()
        onPickRef.current(p.lat, p.lng)
      })
      marker.addTo(map)
      markerRef.current = marker
    } else {
      markerRef.current.setLatLng(at)
    }
    if (!map.getBounds().pad(-0.1).contains(at)) map.panTo(at)
  }, [ready, position?.lat, position?.lon, markerLabel]) // eslint-disable-line react-hooks/exhaustive-deps

  // Without a marker, follow the suggested centre (e.g. the first search result).
  useEffect(() => {
    const map = mapRef.current
    if (!ready || !map || position) return
    map.setView([centre.lat, centre.lon], map.getZoom())
  }, [ready, centre.lat, centre.lon]) // eslint-disable-line react-hooks/exhaustive-deps

  return <div ref={containerRef} className="poi-map" role="region" aria-label={label} />
}
