// The traffic-mode and UI icons: <Icon name="trash" />, <ModeIcon mode="CAR" />. Each draws a symbol of icons.svg,
// one static file the browser fetches once and caches for a year (its name carries its hash), so the drawings weigh
// nothing in the page's JavaScript or in every page's HTML. All icons are 24×24 stroke drawings in currentColor. The
// way's modes dialog, which shows every mode at once, draws them in the page instead (ModeDrawing.tsx).
import { isTrafficMode, type TrafficModeConstant } from '~/domain/trafficModes'
import { modeColor, modeIconId } from './modes'
import { cx } from '~/components/ui/cx'
// `no-inline`: always a file, never a data: URL copied into the JavaScript.
import sprite from './icons.svg?no-inline'

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

/** aria-hidden without a label; role="img" + aria-label with one. */
function a11y(label: string | undefined) {
  return label ? ({ role: 'img', 'aria-label': label } as const) : ({ 'aria-hidden': true } as const)
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
      <use href={`${sprite}#icon-${name}`} />
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

/** The attributes of a mode icon's <svg>: its class, its colour, its mode and its text alternative. */
export function modeIconProps({ mode, label, className }: ModeProps) {
  return {
    className: cx('mode-icon', className),
    style: { color: modeColor(mode) },
    'data-mode': isTrafficMode(mode) ? mode : 'UNKNOWN',
    ...a11y(label),
  }
}

/** The mode icon drawn in the mode colour (class .mode-icon, 24px; .mode-icon--lg 32px). */
export function ModeIcon(props: ModeProps) {
  return (
    <svg {...modeIconProps(props)}>
      <use href={`${sprite}#${modeIconId(props.mode)}`} />
    </svg>
  )
}
