// The traffic modes in the order the mode dialog offers them. A module of its own, so that only the page with that
// dialog carries the list in its JavaScript.
import type { TrafficModeConstant } from './trafficModes'

/**
 * The order a participant picks a mode in: the everyday modes first (walking, car, bus, train, bicycle), the rare
 * ones and "unknown" last, so the likely answer is at the top of the list.
 */
export const MODES_BY_COMMONNESS: readonly TrafficModeConstant[] = [
  'WALK',
  'CAR',
  'PUBLIC_TRANSPORT_BUS',
  'PUBLIC_TRANSPORT_TRAIN',
  'BICYCLE',
  'E_SCOOTER',
  'MOTORBIKE',
  'PUBLIC_TRANSPORT_CHANGE',
  'STATIONARY',
  'SHIP',
  'AIRPLANE',
  'UNKNOWN',
]
