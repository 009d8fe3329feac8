// mode_matrix.csv: detected versus confirmed traffic modes, legs and kilometres per pair (the counting is the
// domain's ModeMatrix); its columns with the descriptions README.txt prints.
import { csvRecord } from '~/domain/exportFormat'
import type { ModeMatrix } from '~/domain/modeMatrix'
import { valuesOf, type Column } from './rows.server'

export const MATRIX_COLUMNS: Column[] = [
  { name: 'detected_modes', desc: 'modes recorded by the app (sorted, | separated; UNKNOWN: none)' },
  { name: 'confirmed_modes', desc: 'modes the leg has now: confirmed or corrected by the participant (UNKNOWN: none)' },
  { name: 'agrees', desc: 'true when both are the same' },
  { name: 'validated_legs', desc: 'legs with this pair that the participant validated' },
  { name: 'validated_km', desc: 'their length in kilometres' },
  { name: 'all_legs', desc: 'all legs with this pair, validated or not' },
  { name: 'all_km', desc: 'their length in kilometres' },
]

/** The whole file: header and one row per pair. */
export function modeMatrixCsv(matrix: ModeMatrix): string {
  return (
    csvRecord(MATRIX_COLUMNS.map((c) => c.name)) +
    matrix
      .rows()
      .map((r) => csvRecord(valuesOf({ ...r }, MATRIX_COLUMNS)))
      .join('')
  )
}
