// Lazy Leaflet for the place dialogs: Leaflet touches `window` when it is imported, so it is loaded only in the
// browser, from inside an effect, and once per page. (Its stylesheet is linked by the route that shows a map.)
import type * as Leaflet from 'leaflet'

export type LeafletModule = typeof Leaflet

let loading: Promise<LeafletModule> | null = null

export function loadLeafletForPois(): Promise<LeafletModule> {
  loading ??= import('leaflet').then((m) => ((m as { default?: LeafletModule }).default ?? m) as LeafletModule)
  return loading
}
