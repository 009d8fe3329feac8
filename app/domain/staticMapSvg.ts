// The server's own static map image of a place (spec 7: centre lat,lon, 250×170), used when no STATIC_MAP_URL is
// configured: a map-like drawing (blocks, streets, a park, some water) that is the same for the same place, a
// marker at the centre and the coordinates as text. No third party, so the list works offline.
import { formatLatLon, STATIC_MAP } from './poi'

/** Deterministic pseudo-random numbers in [0, 1) from a seed string (FNV-1a + mulberry32). */
function rng(seed: string): () => number {
  let h = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  let a = h >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const r1 = (n: number) => Math.round(n * 10) / 10

export function staticMapSvg(lat: number, lon: number): string {
  const { width: w, height: h } = STATIC_MAP
  const cx = w / 2
  const cy = h / 2
  const rand = rng(`${lat.toFixed(5)},${lon.toFixed(5)}`)
  const angle = r1(rand() * 50 - 25)
  const spacingX = 42 + Math.round(rand() * 22)
  const spacingY = 36 + Math.round(rand() * 20)
  const offX = Math.round(rand() * spacingX)
  const offY = Math.round(rand() * spacingY)

  // Streets in a rotated grid, drawn over a square big enough to cover the image at any angle.
  const minor: string[] = []
  for (let x = -150 + offX; x < w + 150; x += spacingX) minor.push(`M${x} -150V${h + 150}`)
  for (let y = -150 + offY; y < h + 150; y += spacingY) minor.push(`M-150 ${y}H${w + 150}`)
  const mainY = r1(cy + (rand() - 0.5) * 60)
  const mainX = r1(cx + (rand() - 0.5) * 90)

  // A park block and a river band, placed away from the centre so the marker stays readable.
  const parkX = rand() < 0.5 ? 8 + Math.round(rand() * 30) : w - 78 - Math.round(rand() * 30)
  const parkY = rand() < 0.5 ? 8 : h - 58
  const riverTop = rand() < 0.5
  const ry = riverTop ? 14 + Math.round(rand() * 10) : h - 18 - Math.round(rand() * 10)
  const river = `M-10 ${ry}C${r1(w * 0.3)} ${ry + 16} ${r1(w * 0.6)} ${ry - 16} ${w + 10} ${ry + 4}`

  const label = formatLatLon(lat, lon)
  const labelWidth = label.length * 6.4 + 12

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<rect width="${w}" height="${h}" fill="#efebe3"/>`,
    `<path d="${river}" fill="none" stroke="#aad3df" stroke-width="14"/>`,
    `<rect x="${parkX}" y="${parkY}" width="70" height="50" rx="6" fill="#cdebb0"/>`,
    `<g transform="rotate(${angle} ${cx} ${cy})" fill="none" stroke-linecap="square">`,
    `<path d="${minor.join('')}" stroke="#d6cfc2" stroke-width="7"/>`,
    `<path d="${minor.join('')}" stroke="#ffffff" stroke-width="5"/>`,
    `<path d="M-150 ${mainY}H${w + 150}M${mainX} -150V${h + 150}" stroke="#d9a86c" stroke-width="11"/>`,
    `<path d="M-150 ${mainY}H${w + 150}M${mainX} -150V${h + 150}" stroke="#fcd6a4" stroke-width="8"/>`,
    `</g>`,
    `<circle cx="${cx}" cy="${cy}" r="14" fill="#0d5c6e" fill-opacity="0.18" stroke="#0d5c6e" stroke-width="1.5"/>`,
    `<circle cx="${cx}" cy="${cy}" r="4.5" fill="#0d5c6e" stroke="#ffffff" stroke-width="2"/>`,
    `<rect x="4" y="${h - 22}" width="${r1(labelWidth)}" height="18" rx="3" fill="#ffffff" fill-opacity="0.9"/>`,
    `<text x="10" y="${h - 9}" font-family="system-ui, sans-serif" font-size="11" fill="#1b2631">${label}</text>`,
    `</svg>`,
  ].join('')
}
