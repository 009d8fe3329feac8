// Which leg questionnaire is asked about which leg. A leg questionnaire lists the traffic modes it is about; an empty
// list means every mode. A leg without modes counts as UNKNOWN. The questionnaire is asked about a leg when it
// covers one of the leg's modes, and it is answered for the first of the leg's modes it covers.
import { normalisedModes } from './legEdit'

/** The leg's mode the questionnaire is answered for, or null when it is not asked about this leg. */
export function legQuestionnaireMode(
  questionnaireModes: readonly string[],
  legModes: readonly string[],
): string | null {
  const modes = normalisedModes(legModes)
  if (questionnaireModes.length === 0) return modes[0]!
  return modes.find((m) => questionnaireModes.includes(m)) ?? null
}

/** Whether a way with these legs has questionnaires to answer: the trip one, and per leg whether any leg one applies. */
export function questionnairesAsked(
  questionnaires: readonly { type: string; tfcModes: readonly string[] }[],
  legModes: readonly (readonly string[])[],
): { trip: boolean; legs: boolean[] } {
  const legQs = questionnaires.filter((q) => q.type === 'LEG_BASED')
  return {
    trip: questionnaires.some((q) => q.type === 'TRIP_BASED'),
    legs: legModes.map((modes) => legQs.some((q) => legQuestionnaireMode(q.tfcModes, modes) != null)),
  }
}
