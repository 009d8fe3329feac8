// What every interactive map has, inside a react-leaflet MapContainer: the tile server's layer with its credit,
// the zoom buttons (with translated titles) and a metric scale. Reports once whether the tiles load: true at the
// first tile, false when tiles fail before any has loaded. Only for modules loaded in the browser (Leaflet).
import { useRef } from 'react'
import { AttributionControl, ScaleControl, TileLayer, ZoomControl } from 'react-leaflet'
import { attributionHtml, type TileSource } from './tile-source'

const LEAFLET_CREDIT = '<a href="https://leafletjs.com">Leaflet</a>'

export function BaseLayers({
  tiles,
  zoomInTitle,
  zoomOutTitle,
  onTiles,
}: {
  tiles: TileSource
  zoomInTitle: string
  zoomOutTitle: string
  onTiles: (ok: boolean) => void
}) {
  const loaded = useRef(false)
  return (
    <>
      <AttributionControl prefix={LEAFLET_CREDIT} />
      <ZoomControl zoomInTitle={zoomInTitle} zoomOutTitle={zoomOutTitle} />
      <ScaleControl imperial={false} />
      <TileLayer
        url={tiles.url}
        tileSize={256}
        maxZoom={19}
        attribution={attributionHtml(tiles.attribution)}
        eventHandlers={{
          tileload: () => {
            if (!loaded.current) onTiles(true)
            loaded.current = true
          },
          tileerror: () => {
            if (!loaded.current) onTiles(false)
          },
        }}
      />
    </>
  )
}
