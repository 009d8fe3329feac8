// The way's route as an inline SVG, rendered on the server (issue 5: "always, from the server: an inline SVG of
// the way's legs"), so the route shows with JavaScript off and on the weakest phone. Each leg is a polyline in its
// mode's colour (projected with Web Mercator into a fixed viewBox, app/domain/geometry.ts) on a white casing;
// start and end are marked; role="img" with <title>/<desc> gives the accessible name and description.
import { useId } from 'react'
import { modeColor } from '~/components/icons/modes'
import { fitToViewport, type LatLon } from '~/domain/geometry'

export interface RouteSvgLeg {
  id: number
  geom: LatLon[]
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
  className?: string
}

export const ROUTE_VIEWBOX = { width: 600, height: 400, padding: 28 } as const

const pointsAttr = (points: { x: number; y: number }[]) => points.map((p) => `${p.x},${p.y}`).join(' ')

export function RouteSvg({ legs, selectedLegId, title, description, emptyText, className }: RouteSvgProps) {
  const id = useId()
  const { width, height } = ROUTE_VIEWBOX
  const projected = fitToViewport(
    legs.map((l) => l.geom),
    ROUTE_VIEWBOX,
  )
  const drawn = legs.map((leg, i) => ({ ...leg, points: projected[i].points })).filter((l) => l.points.length > 0)
  const start = drawn[0]?.points[0]
  const end = drawn.at(-1)?.points.at(-1)
  const hasSelection = selectedLegId != null && drawn.some((l) => l.id === selectedLegId)
  // The selected leg is drawn last, so it lies on top.
  const order = hasSelection ? [...drawn.filter((l) => l.id !== selectedLegId), ...drawn.filter((l) => l.id === selectedLegId)] : drawn
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
            <polyline className="route-svg__line" points={pts} stroke={modeColor(leg.mode)} strokeWidth={selected ? 8 : 5} />
          </g>
        )
      })}
      {start ? <circle className="route-svg__start" cx={start.x} cy={start.y} r="9" /> : null}
      {end ? <circle className="route-svg__end" cx={end.x} cy={end.y} r="9" /> : null}
    </svg>
  )
}
