// The map in the split dialog (JavaScript only, with a tile server): the way's legs, and a tap on the track of a leg
// that can be cut picks where to split it (the page names the nearest point of the track by its time and offers it
// for one more tap). Leaflet is loaded lazily, after hydration; without JavaScript, or when the map cannot load, the
// dialog's list of points is the way to choose, and nothing here is shown.
import { useCallback, useEffect, useState, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { LatLon } from '~/domain/geometry'
import type { TileSource } from './tile-source'

export interface SplitMapLeg {
  id: number
  geom: LatLon[]
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

type State = 'loading' | 'ready' | 'failed'

export function SplitMap({ tiles, label, hint, ...props }: SplitMapProps) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [Client, setClient] = useState<ComponentType<SplitMapClientProps> | null>(null)
  const [state, setState] = useState<State>(tiles?.url ? 'loading' : 'failed')
  const url = tiles?.url

  useEffect(() => {
    if (!url) return
    let cancelled = false
    import('./SplitMap.client')
      .then((m) => !cancelled && setClient(() => m.SplitMapClient))
      .catch(() => !cancelled && setState('failed'))
    return () => {
      cancelled = true
    }
  }, [url])
  const onTiles = useCallback((ok: boolean) => setState((s) => (s === 'ready' ? s : ok ? 'ready' : 'failed')), [])

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
    </div>
  )
}
