// The name a participant recognises a way by, the same on the list's card and as the way page's heading:
//   1. a name the way was given (entered with it, or by the study);
//   2. where it went: "Zuhause → Arbeit" from the saved places (or the streets) at its start and end;
//   3. its purposes ("Arbeit, Einkauf");
//   4. when it was: "08:10 – 08:42".
import type { TFunction } from 'i18next'

export interface WayTitleFacts {
  /** A name given to the way itself, not derived from its purposes. */
  given: string | null
  from: string | null
  to: string | null
  /** The way's purposes as one text, '' when none is given yet. */
  purposes: string
  /** The start and end times as one text. */
  times: string
}

export type WayTitleKind = 'given' | 'places' | 'purposes' | 'times'

export function wayTitle(t: TFunction, f: WayTitleFacts): { text: string; kind: WayTitleKind } {
  if (f.given) return { text: f.given, kind: 'given' }
  if (f.from && f.to) return { text: t('ways:title.fromTo', { from: f.from, to: f.to }), kind: 'places' }
  if (f.from) return { text: t('ways:title.from', { from: f.from }), kind: 'places' }
  if (f.to) return { text: t('ways:title.to', { to: f.to }), kind: 'places' }
  if (f.purposes) return { text: f.purposes, kind: 'purposes' }
  return { text: f.times, kind: 'times' }
}
