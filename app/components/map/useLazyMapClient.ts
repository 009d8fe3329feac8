// A Leaflet map component loaded after hydration (leaflet touches `window` at import), and whether it shows: loading
// until the first tile arrives, then ready; failed when there is no tile server or the code cannot load. When tiles
// fail before any arrived, the caller says what that means for its map (`onTilesFail`): gone, or drawn without tiles.
import { useCallback, useEffect, useState, type ComponentType } from 'react'

export type LazyMapState = 'loading' | 'ready' | 'noTiles' | 'failed'

/** `load` must be stable (a module-level function), since the client is loaded again when it changes. */
export function useLazyMapClient<P>(
  url: string | undefined,
  load: () => Promise<ComponentType<P>>,
  onTilesFail: 'failed' | 'noTiles',
) {
  const [Client, setClient] = useState<ComponentType<P> | null>(null)
  const [state, setState] = useState<LazyMapState>(url ? 'loading' : 'failed')
  useEffect(() => {
    if (!url) return
    let cancelled = false
    load()
      .then((component) => !cancelled && setClient(() => component))
      .catch(() => !cancelled && setState('failed'))
    return () => {
      cancelled = true
    }
  }, [url, load])
  const onTiles = useCallback(
    (ok: boolean) => setState((s) => (s === 'ready' ? s : ok ? 'ready' : onTilesFail)),
    [onTilesFail],
  )
  return { Client, state, onTiles }
}
