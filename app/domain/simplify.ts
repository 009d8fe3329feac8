// A way's route simplified for drawing: at most a given number of points, the shape kept. Douglas-Peucker ordered
// by deviation: starting from the two ends, the point farthest from the line that currently stands for its stretch
// is kept next, until the budget is used or every dropped point lies on the drawn line. Loops only, no recursion,
// so a route of any length cannot overflow the stack; a very long route is first thinned evenly, which bounds the
// work. Distances are measured in a local equirectangular projection (longitude scaled by the cosine of the first
// point's latitude), exact enough for the few kilometres of a way.
import type { LatLon } from './geometry'
import { ANSWER_BOUNDS } from './limits'

/** Points looked at per kept point at most: longer routes are thinned evenly to this before simplifying. */
const THIN_FACTOR = 10

/** One line with at most maxPoints points (at least its two ends); the ends are always kept. */
export function simplifyLine(line: readonly LatLon[], maxPoints: number): LatLon[] {
  const budget = Math.max(2, Math.floor(maxPoints))
  if (line.length <= 2) return line.slice()
  const pts = thin(line, budget * THIN_FACTOR)
  const kx = Math.cos((pts[0].lat * Math.PI) / 180)
  const xs = pts.map((p) => p.lon * kx)
  const ys = pts.map((p) => p.lat)

  /** The point between a and b farthest from the chord a-b, and its squared distance. */
  const farthest = (a: number, b: number) => {
    const dx = xs[b] - xs[a]
    const dy = ys[b] - ys[a]
    const len2 = dx * dx + dy * dy
    let best = -1
    let bestD = 0
    for (let i = a + 1; i < b; i++) {
      const px = xs[i] - xs[a]
      const py = ys[i] - ys[a]
      let d: number
      if (len2 === 0) d = px * px + py * py
      else {
        const t = Math.min(1, Math.max(0, (px * dx + py * dy) / len2))
        const ex = px - t * dx
        const ey = py - t * dy
        d = ex * ex + ey * ey
      }
      if (d > bestD) {
        bestD = d
        best = i
      }
    }
    return { a, b, at: best, d: bestD }
  }

  const kept = new Set([0, pts.length - 1])
  const open = [farthest(0, pts.length - 1)]
  while (kept.size < budget) {
    let pick = -1
    for (let i = 0; i < open.length; i++) if (open[i].at >= 0 && (pick < 0 || open[i].d > open[pick].d)) pick = i
    if (pick < 0) break
    const { a, b, at } = open[pick]
    kept.add(at)
    open.splice(pick, 1, farthest(a, at), farthest(at, b))
  }
  return [...kept].sort((i, j) => i - j).map((i) => pts[i])
}

/**
 * Several lines (a way's legs) with at most maxPoints points together: each line gets a share of the budget by its
 * number of points, at least its two ends.
 */
export function simplifyLines(lines: readonly (readonly LatLon[])[], maxPoints: number): LatLon[][] {
  const total = lines.reduce((n, l) => n + l.length, 0)
  if (total <= maxPoints) return lines.map((l) => l.slice())
  return lines.map((l) => simplifyLine(l, Math.max(2, Math.floor((maxPoints * l.length) / total))))
}

/** Every k-th point so that at most `most` remain, the last one always kept. */
function thin(line: readonly LatLon[], most: number): readonly LatLon[] {
  if (line.length <= most) return line
  const step = Math.ceil(line.length / (most - 1))
  const out: LatLon[] = []
  for (let i = 0; i < line.length - 1; i += step) out.push(line[i])
  out.push(line[line.length - 1])
  return out
}

/** A way's legs with their routes simplified for drawing: all legs together within the drawn-points bound. */
export function drawnLegs<L extends { geom: LatLon[] }>(legs: readonly L[]): L[] {
  const lines = simplifyLines(
    legs.map((l) => l.geom),
    ANSWER_BOUNDS.drawnPointsPerWay,
  )
  return legs.map((l, i) => ({ ...l, geom: lines[i] }))
}
