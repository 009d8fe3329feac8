// Comparing a leg's purposes and modes with what an update sends.
/** Same members, any order, duplicates ignored. */
export function sameSet<T>(a: readonly T[], b: readonly T[]): boolean {
  const sa = new Set(a)
  const sb = new Set(b)
  return sa.size === sb.size && [...sa].every((x) => sb.has(x))
}

/** A leg without modes shows (and means) 'UNKNOWN' (model: toLegDto). */
export function normalisedModes(modes: readonly string[]): string[] {
  return modes.length ? [...modes] : ['UNKNOWN']
}
