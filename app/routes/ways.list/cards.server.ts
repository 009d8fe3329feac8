// The ways list's cards as the loader prepares them: a way's card (its name, times, modes, status and what it
// offers) and whether it is still reviewed from its card (the mode picker of a leg is read from the cards by the page:
// components/trip/ModePickDialog.tsx, modePickOf).
import { formatDistance } from '~/domain/distance'
import { formatDuration } from '~/domain/duration'
import { dayToDisplay } from '~/domain/time'
import { modeDots, nameParts } from '~/domain/tripName'
import type { Suggestion } from '~/domain/purposeSuggestion'
import { modeKnown, quickConfirmable } from '~/domain/wayState'
import { modeConstants, wayView, type LegView } from '~/lib/way-view'
import type { TripDto } from '~/services/trip/model.server'
import type { WayEnds } from '~/services/place-names.server'
import type { TripCardData } from '~/components/trip/TripCard'
import type { AuthedContext } from '~/services/core.server'
import { wayEndNamesOf } from '~/services/place-names.server'
import { listOwnPois } from '~/services/poi.server'
import { purposeSuggestions } from '~/services/trip/suggest.server'
import { listSegmentation } from '~/services/trip/segmentation-view.server'
import { ownTrip } from '~/services/trip/model.server'

/** The ways on the page that wait for a purpose on their card (their suggestions are read, and the purposes listed). */
export const waitingForPurpose = (items: readonly TripDto[]) =>
  items.filter((t) => reviewable(t) && t.legs.some((l) => l.tripPurposes.length === 0))

/**
 * The cards of these ways, with what they need besides the ways themselves (the names of their ends, a purpose
 * suggestion, the undo of a split or merge), and the merges offered between them. The participant's saved places
 * name the ends and suggest purposes: read once for both.
 */
export async function cardsOf(
  ctx: AuthedContext,
  locale: Parameters<typeof formatDistance>[1],
  items: readonly TripDto[],
) {
  const places = listOwnPois(ctx)
  places.catch(() => {}) // awaited below where needed; a failure surfaces there
  const [ends, suggestions, segmentation] = await Promise.all([
    wayEndNamesOf(
      ctx,
      items.map((t) => t.id),
      undefined,
      places,
    ),
    purposeSuggestions(ctx, waitingForPurpose(items), places),
    listSegmentation(ctx, items),
  ])
  const cards = new Map(
    items.map((t) => [
      t.id,
      cardData(t, locale, ends.get(t.id), suggestions.get(t.id), segmentation.undo.get(t.id) ?? null),
    ]),
  )
  return { cards, merges: segmentation.merges }
}

/** One way's card as stored now: the answer to a change made on it in place. */
export async function cardNow(ctx: AuthedContext, locale: Parameters<typeof formatDistance>[1], id: number) {
  const way = await ownTrip(ctx, id)
  return (await cardsOf(ctx, locale, [way])).cards.get(id)!
}

/** A way's card: everything it shows, in the participant's language and the study's time zone. */
function cardData(
  dto: TripDto,
  locale: Parameters<typeof formatDistance>[1],
  ends: WayEnds | undefined,
  suggestion: Suggestion | undefined,
  undo: 'split' | 'merge' | null,
): TripCardData {
  const t = wayView(dto)
  // startTime/endTime are 'YYYY-MM-DD HH:mm' in the study's time zone already.
  const startDay = t.startTime.slice(0, 10)
  const endDay = t.endTime.slice(0, 10)
  const modes = modeDots(t.legs.map((l) => ({ modes: modeConstants(l) })))
  const names = new Map(t.legs.flatMap((l) => l.modes.map((m) => [m.constant, m.name] as const)))
  return {
    id: t.id,
    ...nameParts(t.name, t.legs),
    from: ends?.start?.name ?? null,
    to: ends?.end?.name ?? null,
    startTime: t.startTime.slice(11),
    endTime: t.endTime.slice(11),
    endDate: endDay > startDay ? dayToDisplay(endDay) : null,
    startIso: t.start,
    endIso: t.end,
    distance: formatDistance(t.distance, locale),
    duration: formatDuration(t.duration, locale),
    manual: t.creationType === 'CREATED_MANUALLY',
    modes: modes.map((constant) => ({ constant, name: names.get(constant) ?? constant })),
    status: t.status,
    canReport: t.way.allows.report,
    canWithdraw: t.way.allows.withdrawReport,
    canEdit: t.way.allows.editManual,
    version: t.version,
    undo,
    quick: reviewable(t)
      ? {
          version: t.version,
          suggestion: suggestion ? { purposeId: suggestion.purposeId, basis: suggestion.basis } : null,
          legs: t.legs.map((l) => ({ id: l.id, modes: l.modes, known: modeKnown(modeConstants(l)) })),
          confirmable: quickConfirmable(t.way, t.legs.map(modeConstants)),
          needsPurpose: t.legs.some((l) => l.tripPurposes.length === 0),
          mixed: new Set(t.legs.map((l) => purposeKey(l))).size > 1,
        }
      : null,
  }
}

const purposeKey = (l: LegView) =>
  l.tripPurposes
    .map((p) => p.id)
    .sort((a, b) => a - b)
    .join()

/** A way still reviewed from its card: its modes are fixed there, and it is confirmed there once they are known. */
const reviewable = (t: { way: TripDto['way']; legs: readonly unknown[] }) =>
  t.way.allows.setPurposes && t.way.allows.report && t.legs.length > 0
