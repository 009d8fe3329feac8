// Where a leg's purposes and modes came from. Every write that sets them names its source, so a study can tell the
// participant's own labels from the app's guesses: the phone's detection, a suggestion the participant accepted
// unchanged, the participant's own choice, a researcher's import, or a copy of another leg or way.

export const LABEL_SOURCES = ['recorded', 'suggested', 'participant', 'imported', 'copied'] as const
export type LabelSource = (typeof LABEL_SOURCES)[number]

export const isLabelSource = (v: unknown): v is LabelSource => LABEL_SOURCES.includes(v as LabelSource)

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i])

/** Purposes the participant confirmed: "suggested" when they are exactly the one the app suggested, else their own. */
export function chosenPurposeSource(chosen: readonly number[], suggestedId: number | null | undefined): LabelSource {
  return suggestedId != null && sameIds(chosen, [suggestedId]) ? 'suggested' : 'participant'
}

/**
 * Labels a trips file brings: the file's own word when it gives one; modes equal to what the file says the phone
 * detected are "recorded"; anything else the file sets is "imported"; nothing set has no source.
 */
export function importedSources(leg: {
  purposeIds: readonly number[]
  tfcModes: readonly string[]
  detectedModes: readonly string[]
  purposeSource?: LabelSource | null
  modeSource?: LabelSource | null
}): { purposeSource: LabelSource | null; modeSource: LabelSource | null } {
  const sameModes =
    leg.tfcModes.length === leg.detectedModes.length && leg.tfcModes.every((m) => leg.detectedModes.includes(m))
  return {
    purposeSource: leg.purposeIds.length === 0 ? null : (leg.purposeSource ?? 'imported'),
    modeSource: leg.tfcModes.length === 0 ? null : (leg.modeSource ?? (sameModes ? 'recorded' : 'imported')),
  }
}
