// How a traffic mode is drawn: its colour and its sprite symbol, with UNKNOWN's for a constant that is none of the
// study's modes (the catalogue itself is app/domain/trafficModes.ts).
import { isTrafficMode, MODE_COLORS } from '~/domain/trafficModes'

/** Colour of a mode; unknown constants get the UNKNOWN colour. */
export function modeColor(constant: string): string {
  return isTrafficMode(constant) ? MODE_COLORS[constant] : MODE_COLORS.UNKNOWN
}

/** Sprite symbol id of a mode; unknown constants get the UNKNOWN icon. */
export function modeIconId(constant: string): string {
  return `mode-${isTrafficMode(constant) ? constant : 'UNKNOWN'}`
}
