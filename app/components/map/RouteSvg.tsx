// The way's route as an inline SVG, rendered on the server, so the route shows with JavaScript off, without map
// tiles and on the weakest phone. Each leg is a polyline in its mode's colour (projected with Web Mercator into a
// fixed viewBox) on a white casing; start and end are marked and, when known, labelled with their names (a saved
// place or a street); a scale bar tells the distances, since no streets are drawn to tell them. role="img" with
// <title>/<desc> gives the accessible name and description.
import { useId } from 'react'
import { modeColor } from '~/components/icons/modes'
import { fitToViewport, viewportMetresPerUnit, type LatLon } from '~/domain/geometry'
import { scaleBar } from '~/domain/tiles'

export interface RouteSvgLeg {
  id: number
  points: LatLon[]
  /** Mode constant of the line colour (the leg's first mode). */
  mode: string
}

export interface RouteSvgProps {
  legs: RouteSvgLeg[]
  selectedLegId?: number | null
  /** Accessible name, e.g. "Route of the way". */
  title: string
  /** Accessible description, e.g. "Route of 3 legs from 08:10 to 08:42: Walk, Train, Walk." */
  description: string
  /** Shown in the picture when no leg has geometry. */
  emptyText: string
  /** Names of the way's start and end, drawn beside their markers. */
  startName?: string | null
  endName?: string | null
  className?: string
}

const ROUTE_VIEWBOX = { width: 600, height: 400, padding: 28 } as const
/** The scale bar is at most this long (viewBox units). */
const SCALE_MAX = 140
const LABEL_MAX_CHARS = 30

const clip = (s: string) => (s.length > LABEL_MAX_CHARS ? `${s.slice(0, LABEL_MAX_CHARS - 1)}…` : s)

/** A name beside a marker: above it, or below when the marker is near the top; anchored so it stays inside. */
function EndLabel({ at, name, kind }: { at: { x: number; y: number }; name: string; kind: 'start' | 'end' }) {
  const { width } = ROUTE_VIEWBOX
  const anchor = at.x < width * 0.3 ? 'start' : at.x > width * 0.7 ? 'end' : 'middle'
  const y = at.y < 40 ? at.y + 34 : at.y - 18
  return (
    <text className={`route-svg__label route-svg__label--${kind}`} x={at.x} y={y} textAnchor={anchor}>
      {clip(name)}
    </text>
  )
}

const pointsAttr = (points: { x: number; y: number }[]) => points.map((p) => `${p.x},${p.y}`).join(' ')

export function RouteSvg({
  legs,
  selectedLegId,
  title,
  description,
  emptyText,
  startName,
  endName,
  className,
}: RouteSvgProps) {
  const id = useId()
  const { width, height } = ROUTE_VIEWBOX
  const lines = legs.map((l) => l.points)
  const projected = fitToViewport(lines, ROUTE_VIEWBOX)
  const metresPerUnit = viewportMetresPerUnit(lines, ROUTE_VIEWBOX)
  const scale = metresPerUnit ? scaleBar(metresPerUnit, SCALE_MAX) : null
  const drawn = legs.map((leg, i) => ({ ...leg, points: projected[i].points })).filter((l) => l.points.length > 0)
  const start = drawn[0]?.points[0]
  const end = drawn.at(-1)?.points.at(-1)
  const hasSelection = selectedLegId != null && drawn.some((l) => l.id === selectedLegId)
  // The selected leg is drawn last, so it lies on top.
  const order = hasSelection
    ? [...drawn.filter((l) => l.id !== selectedLegId), ...drawn.filter((l) => l.id === selectedLegId)]
    : drawn
  return (
    <svg
      className={className ? `route-svg ${className}` : 'route-svg'}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="xMidYMid meet"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <rect className="route-svg__bg" x="0" y="0" width={width} height={height} />
      {drawn.length === 0 ? (
        <text className="route-svg__empty" x={width / 2} y={height / 2} textAnchor="middle" dominantBaseline="middle">
          {emptyText}
        </text>
      ) : null}
      {order.map((leg) => {
        const selected = leg.id === selectedLegId
        const dim = hasSelection && !selected
        const pts = pointsAttr(leg.points.length === 1 ? [leg.points[0], leg.points[0]] : leg.points)
        return (
          <g key={leg.id} data-leg={leg.id} data-mode={leg.mode} opacity={dim ? 0.45 : undefined}>
            <polyline className="route-svg__casing" points={pts} strokeWidth={selected ? 12 : 8} />
            <polyline
              className="route-svg__line"
              points={pts}
              stroke={modeColor(leg.mode)}
              strokeWidth={selected ? 8 : 5}
            />
          </g>
        )
      })}
      {start ? <circle className="route-svg__start" cx={start.x} cy={start.y} r="9" /> : null}
      {end ? <circle className="route-svg__end" cx={end.x} cy={end.y} r="9" /> : null}
      {start && startName ? <EndLabel at={start} name={startName} kind="start" /> : null}
      {end && endName && !(startName === endName && start && Math.hypot(start.x - end.x, start.y - end.y) < 40) ? (
        <EndLabel at={end} name={endName} kind="end" />
      ) : null}
      {scale ? (
        <g className="route-svg__scale" data-metres={scale.metres}>
          <path d={`M16 ${height - 22} v8 h${scale.pixels} v-8`} />
          <text x={16 + scale.pixels / 2} y={height - 28} textAnchor="middle">
            {scale.label}
          </text>
        </g>
      ) : null}
    </svg>
  )
}
