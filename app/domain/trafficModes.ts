// The 12 traffic modes of the study, each with a fixed colour and a sprite symbol (drawn by components/icons).
// Colours: BICYCLE, CAR and WALK are given by the study; the others were chosen to be distinct and to
// reach ≥ 3:1 against white (non-text graphic). BICYCLE (#3ba8e3) is only 2.66:1, so a mode is never told by its colour alone (its
// icon and name go with it); never use a mode colour for text.

export const TRAFFIC_MODE_CONSTANTS = [
  'AIRPLANE',
  'BICYCLE',
  'CAR',
  'MOTORBIKE',
  'PUBLIC_TRANSPORT_BUS',
  'PUBLIC_TRANSPORT_CHANGE',
  'PUBLIC_TRANSPORT_TRAIN',
  'SHIP',
  'STATIONARY',
  'UNKNOWN',
  'WALK',
  'E_SCOOTER',
] as const

export type TrafficModeConstant = (typeof TRAFFIC_MODE_CONSTANTS)[number]

export type TrafficMode = {
  readonly constant: TrafficModeConstant
  /** Hex colour, used for dots, icons and map lines. */
  readonly color: string
  /** Symbol id in the sprite: `<use href={`#${icon}`} />`. */
  readonly icon: string
}

export const MODE_COLORS: Readonly<Record<TrafficModeConstant, string>> = {
  AIRPLANE: '#7b3fa0', // purple, 6.9:1
  BICYCLE: '#3ba8e3', // light blue (study colour), 2.7:1
  CAR: '#7084b1', // slate blue (study colour), 3.7:1
  MOTORBIKE: '#c0392b', // red, 5.4:1
  PUBLIC_TRANSPORT_BUS: '#c25a00', // orange, 4.4:1
  PUBLIC_TRANSPORT_CHANGE: '#8a6d1d', // ochre, 4.9:1
  PUBLIC_TRANSPORT_TRAIN: '#2e7d32', // green, 5.1:1
  SHIP: '#1e5fa8', // navy, 6.5:1
  STATIONARY: '#795548', // brown, 6.6:1
  UNKNOWN: '#80868b', // grey, 3.7:1
  WALK: '#ad5b7f', // mauve (study colour), 4.6:1
  E_SCOOTER: '#00796b', // teal, 5.3:1
}

function modeList(): readonly TrafficMode[] {
  return Object.freeze(
    TRAFFIC_MODE_CONSTANTS.map((constant) =>
      Object.freeze({ constant, color: MODE_COLORS[constant], icon: `mode-${constant}` }),
    ),
  )
}

// Built by a call marked pure, so a page that only colours modes does not carry the list in its JavaScript.
export const TRAFFIC_MODES: readonly TrafficMode[] = /* @__PURE__ */ modeList()

export function isTrafficMode(value: unknown): value is TrafficModeConstant {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(MODE_COLORS, value)
}
