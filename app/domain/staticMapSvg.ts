// A place's picture, drawn on the server as an SVG, in one of two kinds:
// - over real map tiles (tileMapSvg): the tile server's images, cut to the picture, the marker at the centre and
//   the tile server's attribution;
// - when no map can be had, a neutral picture (neutralMapSvg) that claims nothing it does not know: the marker, the
//   coordinates, and as plain text the names and distances of the participant's other saved places nearby. No
//   streets, water, parks or anything else drawn that is not data.
import { formatDistance } from './distance'
import type { Locale } from './locale'
import { NEARBY_LIMIT } from './places'
import { formatLatLon, STATIC_MAP } from './poi'

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)
const FONT = 'font-family="system-ui, sans-serif"'

const open = (w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`
const marker = (cx: number, cy: number) =>
  `<circle cx="${cx}" cy="${cy}" r="14" fill="#0d5c6e" fill-opacity="0.18" stroke="#0d5c6e" stroke-width="1.5"/>` +
  `<circle cx="${cx}" cy="${cy}" r="4.5" fill="#0d5c6e" stroke="#ffffff" stroke-width="2"/>`

export function neutralMapSvg(
  lat: number,
  lon: number,
  nearby: readonly { name: string; distanceM: number }[],
  locale: Locale,
): string {
  const { width: w, height: h } = STATIC_MAP
  const text = (x: number, y: number, s: string, extra = '') =>
    `<text x="${x}" y="${y}" ${FONT} font-size="11" fill="#1b2631"${extra}>${escapeXml(s)}</text>`
  // The marker at the centre, as over tiles: the page sets its status pin on the picture's centre. The pin covers the
  // marker and the 36 px above it, so the coordinates go to the top and the nearby places below the marker.
  const lines = nearby
    .slice(0, NEARBY_LIMIT)
    .map((p, i) => text(8, h / 2 + 32 + i * 14, `${clip(p.name, 28)} · ${formatDistance(p.distanceM, locale)}`))
  return [
    open(w, h),
    `<rect width="${w}" height="${h}" fill="#f4f5f6"/>`,
    marker(w / 2, h / 2),
    text(w / 2, 22, formatLatLon(lat, lon), ' text-anchor="middle"'),
    ...lines,
    `</svg>`,
  ].join('')
}

export interface TileImage {
  /** The tile's top-left corner in the picture (pixels; negative: cut at the edge). */
  left: number
  top: number
  /** The tile as a data: URI (an SVG drawn as an image may not load anything from outside). */
  dataUri: string
}

/** The picture over real tiles: the tiles, the marker at the centre, the attribution in the bottom-right corner. */
export function tileMapSvg(tiles: readonly TileImage[], attribution: string): string {
  const { width: w, height: h } = STATIC_MAP
  const label = clip(attribution, 48)
  const labelW = Math.min(w, Math.round(label.length * 5.2) + 8)
  return [
    open(w, h),
    `<rect width="${w}" height="${h}" fill="#f4f5f6"/>`,
    ...tiles.map((t) => `<image x="${t.left}" y="${t.top}" width="256" height="256" href="${escapeXml(t.dataUri)}"/>`),
    marker(w / 2, h / 2),
    label
      ? `<rect x="${w - labelW}" y="${h - 14}" width="${labelW}" height="14" fill="#ffffff" fill-opacity="0.8"/>` +
        `<text x="${w - 4}" y="${h - 4}" ${FONT} font-size="9" fill="#333" text-anchor="end">${escapeXml(label)}</text>`
      : '',
    `</svg>`,
  ].join('')
}
