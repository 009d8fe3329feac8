// Inline SVG sprite with the 12 traffic-mode icons and the UI icons, plus small components that use it.
// Render <ModeSprite /> once (root layout); then <Icon name="trash" />, <ModeIcon mode="CAR" />.
// All icons are 24×24 stroke drawings in currentColor.
import type { ReactNode } from 'react'
import { TRAFFIC_MODES, isTrafficMode, modeColor, modeIconId, type TrafficModeConstant } from './modes'

export const UI_ICONS = [
  'menu',
  'close',
  'check',
  'chevron-left',
  'chevron-right',
  'trash',
  'copy',
  'edit',
  'flag',
  'map-pin',
  'plus',
  'info',
  'alert',
] as const
export type IconName = (typeof UI_ICONS)[number]

const MODE_SHAPES: Record<TrafficModeConstant, ReactNode> = {
  AIRPLANE: <path d="M12 2C13 2 13.5 3 13.5 4V9L21.5 13.5V15.5L13.5 13V18L16 20V21.5L12 20.5L8 21.5V20L10.5 18V13L2.5 15.5V13.5L10.5 9V4C10.5 3 11 2 12 2Z" />,
  BICYCLE: (
    <>
      <circle cx="5.5" cy="16.5" r="3.5" />
      <circle cx="18.5" cy="16.5" r="3.5" />
      <path d="M5.5 16.5L9 9h7l-4 7.5zM9 9l3 7.5M16 9l2.5 7.5M16 9l-1-3h2.5M7.5 6.5h3" />
    </>
  ),
  CAR: (
    <>
      <path d="M19 17h2v-4l-3-1-3-4H8l-3 4-2 .5V17h2M9 17h6M5 12h13" />
      <circle cx="7" cy="17" r="2" />
      <circle cx="17" cy="17" r="2" />
    </>
  ),
  MOTORBIKE: (
    <>
      <circle cx="5" cy="17" r="3" />
      <circle cx="19" cy="17" r="3" />
      <path d="M9 17h5l2-5H8.5L6 14M7 9.5h4l1.5 2.5M16 12l-1.5-5.5H17M16.5 12L19 17" />
    </>
  ),
  PUBLIC_TRANSPORT_BUS: (
    <>
      <rect x="4" y="3" width="16" height="15" rx="2" />
      <path d="M4 11h16M4 6.5h16M7.5 14.5h.01M16.5 14.5h.01M7 18v2.5M17 18v2.5" />
    </>
  ),
  PUBLIC_TRANSPORT_CHANGE: <path d="M4 8h14M14 4l4 4-4 4M20 16H6M10 12l-4 4 4 4" />,
  PUBLIC_TRANSPORT_TRAIN: (
    <>
      <rect x="5" y="3" width="14" height="14" rx="3" />
      <path d="M5 10h14M12 3v7M8.5 13.5h.01M15.5 13.5h.01M8 17l-2.5 4M16 17l2.5 4M7 19h10" />
    </>
  ),
  SHIP: <path d="M3 13.5h18l-2.5 5h-13zM6 13.5v-4h12v4M10 9.5V6h4v3.5M2 21.5c2 0 2-1 4-1s2 1 4 1 2-1 4-1 2 1 4 1 2-1 4-1" />,
  STATIONARY: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M10 9v6M14 9v6" />
    </>
  ),
  UNKNOWN: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />
    </>
  ),
  WALK: (
    <>
      <circle cx="13" cy="4.5" r="1.8" />
      <path d="M12.5 8.5L11 14M11 14l-2.5 3.5L7 21M11 14l3 2.5 1 4.5M12.5 8.5L9 10.5l-1 3M12.5 8.5l2.5 3 3 1" />
    </>
  ),
  E_SCOOTER: (
    <>
      <circle cx="5.5" cy="18" r="2.5" />
      <circle cx="18.5" cy="18" r="2.5" />
      <path d="M8 18h8M18.5 18L15.5 4.5M13.5 4.5h4M8 3.5L5.5 7.5H9L6.5 11.5" />
    </>
  ),
}

const UI_SHAPES: Record<IconName, ReactNode> = {
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  check: <path d="M5 12.5l4.5 4.5L19 7" />,
  'chevron-left': <path d="M15 5l-7 7 7 7" />,
  'chevron-right': <path d="M9 5l7 7-7 7" />,
  trash: <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />,
  copy: (
    <>
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </>
  ),
  edit: <path d="M4 20h4L19 9l-4-4L4 16v4zM13 7l4 4" />,
  flag: <path d="M5 21V4M5 4h12l-2.5 4.5L17 13H5" />,
  'map-pin': (
    <>
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </>
  ),
  plus: <path d="M12 5v14M5 12h14" />,
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5h.01" />
    </>
  ),
  alert: <path d="M12 3.5L2.5 20h19L12 3.5zM12 10v4.5M12 17.5h.01" />,
}

const STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const

/** The sprite; render exactly once per page (root layout). */
export function ModeSprite() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" style={{ display: 'none' }} aria-hidden="true">
      {TRAFFIC_MODES.map((m) => (
        <symbol key={m.icon} id={m.icon} viewBox="0 0 24 24" {...STROKE}>
          {MODE_SHAPES[m.constant]}
        </symbol>
      ))}
      {UI_ICONS.map((name) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24" {...STROKE}>
          {UI_SHAPES[name]}
        </symbol>
      ))}
    </svg>
  )
}

/** aria-hidden without a label; role="img" + aria-label with one. */
function a11y(label: string | undefined) {
  return label ? ({ role: 'img', 'aria-label': label } as const) : ({ 'aria-hidden': true } as const)
}

function cx(...parts: (string | false | null | undefined)[]) {
  return parts.filter(Boolean).join(' ')
}

export type IconProps = {
  name: IconName
  /** Text alternative. Leave out when the icon sits next to visible text (decorative). */
  label?: string
  className?: string
}

export function Icon({ name, label, className }: IconProps) {
  return (
    <svg className={cx('icon', className)} {...a11y(label)}>
      <use href={`#icon-${name}`} />
    </svg>
  )
}

export type ModeProps = {
  /** A TrafficModeConstant; unknown values fall back to UNKNOWN. */
  mode: TrafficModeConstant | (string & {})
  /** Text alternative (translated mode name). Leave out when the mode name is shown as text next to it. */
  label?: string
  className?: string
}

/** The mode icon drawn in the mode colour (class .mode-icon, 24px; .mode-icon--lg 32px). */
export function ModeIcon({ mode, label, className }: ModeProps) {
  return (
    <svg className={cx('mode-icon', className)} style={{ color: modeColor(mode) }} data-mode={isTrafficMode(mode) ? mode : 'UNKNOWN'} {...a11y(label)}>
      <use href={`#${modeIconId(mode)}`} />
    </svg>
  )
}

