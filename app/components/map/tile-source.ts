// The tile server every interactive map draws from, as the root loader hands it to the pages.
export interface TileSource {
  /** A tile URL template with {z}/{x}/{y} (and optionally {s}); empty: no tile server. */
  url: string
  /** The credit the tile server's licence asks for, as plain text. */
  attribution: string
}

const escapeHtml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The credit as Leaflet's attribution control shows it (it sets HTML): the text escaped, with a mention of
 * OpenStreetMap linked to its copyright page, as the OpenStreetMap licence asks.
 */
export function attributionHtml(text: string): string {
  return escapeHtml(text).replace(
    'OpenStreetMap',
    '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  )
}
