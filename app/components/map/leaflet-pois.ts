// Lazy Leaflet for the place dialogs: Leaflet touches `window` when it is imported, so it is loaded only in the
// browser, from inside an effect, and once per page, with its stylesheet (leaflet.client.ts).
import type * as Leaflet from 'leaflet'

export type LeafletModule = typeof Leaflet

let loading: Promise<LeafletModule> | null = null

export function loadLeafletForPois(): Promise<LeafletModule> {
  loading ??= import('./leaflet.client').then((m) => m.default as unknown as LeafletModule)
  return loading
}
