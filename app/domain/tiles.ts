// Web-Mercator tile arithmetic for pictures composed from a tile server's 256-pixel tiles (the {z}/{x}/{y} scheme of
// OpenStreetMap and Leaflet): which tiles cover a picture of a given size centred on a point, and where each tile's
// top-left corner lies in the picture. Also the ground resolution and a "nice" scale bar for a map at a latitude.
import { EARTH_CIRCUMFERENCE_M, mercator } from './geometry'

const TILE_SIZE = 256

/** A point in world pixels at a zoom (0..256·2^z on each axis), x eastwards, y southwards. */
export function worldPixel(lat: number, lon: number, zoom: number): { x: number; y: number } {
  const unit = mercator({ lat, lon })
  const scale = TILE_SIZE * 2 ** zoom
  return { x: unit.x * scale, y: unit.y * scale }
}

export interface PlacedTile {
  z: number
  /** Tile column, wrapped around the antimeridian into 0..2^z-1. */
  x: number
  /** Tile row, 0..2^z-1. */
  y: number
  /** The tile's top-left corner in the picture, in pixels (may be negative: the tile is cut at the edge). */
  left: number
  top: number
}

/**
 * The tiles that together cover a width×height picture centred on lat/lon at a zoom, row by row. Rows beyond the
 * poles are left out (the picture shows its background there); columns wrap around the antimeridian.
 */
export function tilesCovering(lat: number, lon: number, zoom: number, width: number, height: number): PlacedTile[] {
  const c = worldPixel(lat, lon, zoom)
  const originX = c.x - width / 2
  const originY = c.y - height / 2
  const n = 2 ** zoom
  const out: PlacedTile[] = []
  const firstCol = Math.floor(originX / TILE_SIZE)
  const lastCol = Math.floor((originX + width - 1) / TILE_SIZE)
  const firstRow = Math.floor(originY / TILE_SIZE)
  const lastRow = Math.floor((originY + height - 1) / TILE_SIZE)
  for (let row = firstRow; row <= lastRow; row++) {
    if (row < 0 || row >= n) continue
    for (let col = firstCol; col <= lastCol; col++) {
      out.push({
        z: zoom,
        x: ((col % n) + n) % n,
        y: row,
        left: Math.round(col * TILE_SIZE - originX),
        top: Math.round(row * TILE_SIZE - originY),
      })
    }
  }
  return out
}

/** Fills a tile URL template: {z}, {x}, {y}, {s} (subdomain "a"), {r} (no retina suffix). */
export function tileUrl(template: string, t: Pick<PlacedTile, 'z' | 'x' | 'y'>): string {
  return template
    .replace(/\{z\}/g, String(t.z))
    .replace(/\{x\}/g, String(t.x))
    .replace(/\{y\}/g, String(t.y))
    .replace(/\{s\}/g, 'a')
    .replace(/\{r\}/g, '')
}

/** Metres on the ground per pixel of a Web-Mercator map at this latitude and zoom (256-pixel tiles). */
export function metresPerPixel(lat: number, zoom: number): number {
  return (EARTH_CIRCUMFERENCE_M * Math.cos((lat * Math.PI) / 180)) / (TILE_SIZE * 2 ** zoom)
}

/**
 * A scale bar for a map: the longest "round" distance (1, 2 or 5 times a power of ten metres) that fits in
 * maxPixels, with its length in pixels and its label ("200 m", "1 km", "1.5 km" never: only 1-2-5 steps).
 * Null when the scale is unknown (a single point or no route).
 */
export function scaleBar(
  metresPerPx: number,
  maxPixels: number,
): { metres: number; pixels: number; label: string } | null {
  if (!(metresPerPx > 0) || !Number.isFinite(metresPerPx) || !(maxPixels > 0)) return null
  const maxMetres = metresPerPx * maxPixels
  const power = 10 ** Math.floor(Math.log10(maxMetres))
  const step = [5, 2, 1].find((s) => s * power <= maxMetres)!
  const metres = step * power
  const pixels = Math.round((metres / metresPerPx) * 10) / 10
  const label = metres >= 1000 ? `${metres / 1000} km` : metres >= 1 ? `${metres} m` : `${Math.round(metres * 100)} cm`
  return { metres, pixels, label }
}
