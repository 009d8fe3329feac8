// The map in the split dialog (JavaScript only, with a tile server): the way's legs, and a tap on the track of a leg
// that can be cut picks where to split it (the page names the nearest point of the track by its time and offers it
// for one more tap). Leaflet is loaded lazily, after hydration; without JavaScript, or when the map cannot load, the
// dialog's list of points is the way to choose, and nothing here is shown. When only the background tiles fail, the
// map stays: the tracks are drawn on a plain background and can still be tapped.
import { useLazyMapClient } from './useLazyMapClient'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { LatLon } from '~/domain/geometry'
import type { TileSource } from './tile-source'

export interface SplitMapLeg {
  id: number
  points: LatLon[]
  mode: string
  /** It has inner points: a tap on its track picks a cut. */
  cuttable: boolean
}

export interface SplitMapClientProps {
  legs: SplitMapLeg[]
  /** The leg chosen in the dialog: the map shows it, the others dimmed. */
  focusLegId: number | null
  /** The point picked by the last tap. */
  picked: LatLon | null
  tiles: TileSource
  zoomInTitle: string
  zoomOutTitle: string
  onPick: (legId: number, at: LatLon) => void
  /** Whether the tiles load: true at the first tile, false when tiles fail before any loaded. */
  onTiles: (ok: boolean) => void
}

export interface SplitMapProps extends Omit<SplitMapClientProps, 'tiles' | 'onTiles' | 'zoomInTitle' | 'zoomOutTitle'> {
  tiles: TileSource | undefined
  /** Accessible name of the map region. */
  label: string
  /** Says what a tap does. */
  hint: string
}

const loadSplitMapClient = () => import('./SplitMap.client').then((m) => m.SplitMapClient)

export function SplitMap({ tiles, label, hint, ...props }: SplitMapProps) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const { Client, state, onTiles } = useLazyMapClient(tiles?.url, loadSplitMapClient, 'noTiles')

  // Nothing to tap without JavaScript or a map: the list below is the way to choose then.
  if (!hydrated || !tiles?.url || state === 'failed') return null
  return (
    <div className="pick-map stack--sm" data-state={state}>
      <p className="field__hint">{hint}</p>
      <div className="pick-map__box split-map" role="region" aria-label={label}>
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
      {state === 'noTiles' ? <p className="field__hint">{t('map.noBackgroundSplit')}</p> : null}
    </div>
  )
}
