// A map to pick a point on, as one of several ways to give a position (saved places, address search,
// coordinates, the device's position): shown only with JavaScript and a tile server, loaded after hydration.
// When its tiles cannot load it steps aside — the box and its hint disappear and a line says the map could not
// load — so nobody taps on an empty grey box.
import { useLazyMapClient } from './useLazyMapClient'
import { useTranslation } from 'react-i18next'
import type { LatLon } from '~/domain/geometry'
import type { TileSource } from './tile-source'

interface PickPoint extends LatLon {
  label: string
  /** The point a tap places (a draggable pin); the others are shown for orientation. */
  active: boolean
}

export interface PickMapClientProps {
  points: PickPoint[]
  /** Where the map looks while no point is placed. */
  centre: LatLon
  zoom: number
  tiles: TileSource
  markerLabel: string
  zoomInTitle: string
  zoomOutTitle: string
  onPick: (lat: number, lon: number) => void
  /** Whether the tiles load: true at the first tile, false when tiles fail before any loaded. */
  onTiles: (ok: boolean) => void
}

export interface PickMapProps extends Omit<PickMapClientProps, 'tiles' | 'onTiles' | 'zoomInTitle' | 'zoomOutTitle'> {
  tiles: TileSource | undefined
  /** Accessible name of the map region. */
  label: string
  /** Says what a tap does. */
  hint: string
}

const loadPickMapClient = () => import('./PickMap.client').then((m) => m.PickMapClient)

export function PickMap({ tiles, label, hint, ...props }: PickMapProps) {
  const { t } = useTranslation()
  const { Client, state, onTiles } = useLazyMapClient(tiles?.url, loadPickMapClient, 'failed')

  if (!tiles?.url || state === 'failed') {
    return (
      <p className="pick-map__failed" role="status">
        {t('map.pickFailed')}
      </p>
    )
  }
  return (
    <div className="pick-map stack--sm" data-state={state}>
      <p className="field__hint">{hint}</p>
      <div className="pick-map__box" role="region" aria-label={label}>
        {Client ? (
          <Client
            {...props}
            tiles={tiles}
            onTiles={onTiles}
            zoomInTitle={t('map.zoomIn')}
            zoomOutTitle={t('map.zoomOut')}
          />
        ) : null}
      </div>
    </div>
  )
}
