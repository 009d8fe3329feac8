type LegDeleteError = 'LEG_NOT_FIRST_OR_LAST' | 'LAST_REMAINING_LEG' | 'LEG_NOT_FOUND'
export type LegDeleteResult = { ok: true } | { ok: false; constant: LegDeleteError }

/**
 * Leg deletion: allowed only for the first or last leg, and only when more than one leg exists.
 * `legIds` in trip order. Checks: unknown id → LEG_NOT_FOUND; single leg → LAST_REMAINING_LEG;
 * a middle leg → LEG_NOT_FIRST_OR_LAST.
 */
export function canDeleteLeg(legIds: number[], id: number): LegDeleteResult {
  const index = legIds.indexOf(id)
  if (index < 0) return { ok: false, constant: 'LEG_NOT_FOUND' }
  if (legIds.length <= 1) return { ok: false, constant: 'LAST_REMAINING_LEG' }
  if (index !== 0 && index !== legIds.length - 1) return { ok: false, constant: 'LEG_NOT_FIRST_OR_LAST' }
  return { ok: true }
}
