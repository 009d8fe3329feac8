// The detected-versus-confirmed mode matrix of the research export (counts of legs and kilometres per
// pair, the table that shows a study where automatic detection fails). Pure; memory grows with the number of
// distinct mode pairs only, never with the number of legs.
import { kilometres } from './exportFormat'

/** A leg without modes means 'UNKNOWN' (as on the pages); several modes form one sorted '|'-joined key. */
export function modeKey(modes: readonly string[]): string {
  const set = [...new Set(modes.filter((m) => m !== ''))].sort()
  return set.length ? set.join('|') : 'UNKNOWN'
}

export interface ModeMatrixRow {
  detected_modes: string
  confirmed_modes: string
  /** The participant kept what the app detected. */
  agrees: boolean
  validated_legs: number
  validated_km: number
  all_legs: number
  all_km: number
}

interface Cell {
  validatedLegs: number
  validatedMetres: number
  allLegs: number
  allMetres: number
}

export class ModeMatrix {
  private cells = new Map<string, Cell>()

  /** Counts one leg: its recorded modes, its current (confirmed or corrected) modes, length and validation. */
  add(leg: {
    detectedModes: readonly string[]
    confirmedModes: readonly string[]
    len: number | null
    validated: boolean
  }) {
    const key = `${modeKey(leg.detectedModes)}\n${modeKey(leg.confirmedModes)}`
    const cell = this.cells.get(key) ?? { validatedLegs: 0, validatedMetres: 0, allLegs: 0, allMetres: 0 }
    const metres = leg.len != null && Number.isFinite(leg.len) ? leg.len : 0
    cell.allLegs += 1
    cell.allMetres += metres
    if (leg.validated) {
      cell.validatedLegs += 1
      cell.validatedMetres += metres
    }
    this.cells.set(key, cell)
  }

  /** One row per pair, ordered by detected then confirmed modes. */
  rows(): ModeMatrixRow[] {
    return [...this.cells.entries()]
      .map(([key, c]) => {
        const [detected, confirmed] = key.split('\n')
        return {
          detected_modes: detected,
          confirmed_modes: confirmed,
          agrees: detected === confirmed,
          validated_legs: c.validatedLegs,
          validated_km: kilometres(c.validatedMetres),
          all_legs: c.allLegs,
          all_km: kilometres(c.allMetres),
        }
      })
      .sort(
        (a, b) =>
          a.detected_modes.localeCompare(b.detected_modes) || a.confirmed_modes.localeCompare(b.confirmed_modes),
      )
  }
}
