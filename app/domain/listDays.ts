// The days a page of the ways list shows, and which of them are no-trip-day candidates
// (docs/decisions/008-no-trip-days.md). Pure: the service and the list page both build on it.
import { addDays, daysBetween, type Day } from './time'

export type SortOrder = 'DESC' | 'ASC'

/**
 * The real study days of a participant: the days they can review, and the only days that count as days without
 * ways (in the list, in the researchers' status and in the export alike).
 */
export interface ReviewDays {
  first: Day
  last: Day
}

/**
 * A participant's real study days: from the later of the campaign's first day and the day the account was created,
 * up to the earlier of the campaign's last day and yesterday (today is not over yet). null without a campaign, or
 * when no such day has passed yet.
 */
export function reviewDays(
  campaign: { startDay: Day; endDay: Day } | null,
  joinedDay: Day | null,
  today: Day,
): ReviewDays | null {
  if (!campaign) return null
  const first = joinedDay && joinedDay > campaign.startDay ? joinedDay : campaign.startDay
  const yesterday = addDays(today, -1)
  const last = campaign.endDay < yesterday ? campaign.endDay : yesterday
  if (last < first) return null
  return { first, last }
}

/** How many real study days there are. */
export function reviewDayCount(review: ReviewDays | null): number {
  return review ? daysBetween(review.first, review.last) + 1 : 0
}

export interface CoverInput {
  /** Study-zone days of the returned ways (any order). */
  tripDays: readonly Day[]
  order: SortOrder
  /** The slice starts the whole (filtered) list: offset 0. */
  startsList: boolean
  /** The slice reaches the end of the list: offset + returned >= total. */
  endsList: boolean
  review: ReviewDays | null
}

/**
 * A day without trips shows a card. The days a slice of the list covers, oldest and newest:
 * from its oldest to its newest way's day; a slice at the newest end of the list reaches up to the last review day
 * (today, or the campaign's end), one at the oldest end down to the campaign's first day. An empty slice covers the
 * review window only when it starts the list (a participant without ways), otherwise nothing.
 */
export function coveredRange(input: CoverInput): { from: Day; to: Day } | null {
  const { tripDays, order, startsList, endsList, review } = input
  const newestEnd = order === 'DESC' ? startsList : endsList
  const oldestEnd = order === 'DESC' ? endsList : startsList
  if (tripDays.length === 0) return startsList && review ? { from: review.first, to: review.last } : null
  let from = tripDays.reduce((a, b) => (b < a ? b : a))
  let to = tripDays.reduce((a, b) => (b > a ? b : a))
  if (review && newestEnd && review.last > to) to = review.last
  if (review && oldestEnd && review.first < from) from = review.first
  return { from, to }
}

/**
 * The days of a covered range worth listing: those with a returned way, and the review days (on which a participant
 * may confirm that there were no ways). Sorted by `order`. Sparse ranges outside the campaign stay short.
 */
export function listedDays(
  range: { from: Day; to: Day } | null,
  tripDays: readonly Day[],
  review: ReviewDays | null,
  order: SortOrder,
): Day[] {
  if (!range) return []
  const days = new Set(tripDays.filter((d) => d >= range.from && d <= range.to))
  if (review) {
    const first = review.first > range.from ? review.first : range.from
    const last = review.last < range.to ? review.last : range.to
    for (let d = first, n = daysBetween(first, last); n >= 0; d = addDays(d, 1), n--) days.add(d)
  }
  const sorted = [...days].sort()
  return order === 'DESC' ? sorted.reverse() : sorted
}

export function inReview(day: Day, review: ReviewDays | null): boolean {
  return review != null && day >= review.first && day <= review.last
}

export type ZeroTripDayBlock = 'NO_CAMPAIGN' | 'DAY_OUT_OF_RANGE' | 'DAY_HAS_TRIPS'

/**
 * No-trip day: a day with no trips can be confirmed as no-trip. Only a campaign day that is not in the
 * future (a review day) and has no ways.
 */
export function zeroTripDayBlock(
  day: Day,
  review: ReviewDays | null,
  hasCampaign: boolean,
  hasWays: boolean,
): ZeroTripDayBlock | null {
  if (!hasCampaign) return 'NO_CAMPAIGN'
  if (!inReview(day, review)) return 'DAY_OUT_OF_RANGE'
  if (hasWays) return 'DAY_HAS_TRIPS'
  return null
}

export interface Period {
  day: Day
  /** Ids of the returned ways starting on that day, in the result's order. */
  tripIds: number[]
  /** Confirmed as a day without ways. */
  noTrips: boolean
  /** A review day (campaign day, not in the future): a day without ways may be confirmed as a no-trip day. */
  inCampaign: boolean
}

export interface PageDay {
  day: Day
  tripIds: number[]
  /** The day's first ways are on the previous page (known from the overlap row). */
  continued: boolean
  /** For a day without ways: 'open' (offer the no-trip-day dialog), 'confirmed'; 'none' when it has ways. */
  empty: 'none' | 'open' | 'confirmed'
}

/**
 * Later pages fetch one extra trip overlapping the previous page. Turns the periods of a fetched page into
 * the day groups shown: the overlap way is dropped; its day continues on this page only if ways of it are left.
 * Days without ways are shown (as a no-trip-day card) only when `showEmptyDays` (the unfiltered list) and only
 * review days.
 */
export function pageDays(
  periods: readonly Period[],
  previous: { id: number; day: Day } | null,
  showEmptyDays: boolean,
): PageDay[] {
  const out: PageDay[] = []
  for (const p of periods) {
    const tripIds = previous ? p.tripIds.filter((id) => id !== previous.id) : p.tripIds
    const isPreviousDay = previous != null && p.day === previous.day
    if (tripIds.length > 0) {
      out.push({ day: p.day, tripIds, continued: isPreviousDay, empty: 'none' })
      continue
    }
    // The previous page showed this day already (or it lies beyond the overlap way).
    if (previous != null && p.day >= previous.day) continue
    if (!showEmptyDays || !p.inCampaign) continue
    out.push({ day: p.day, tripIds: [], continued: false, empty: p.noTrips ? 'confirmed' : 'open' })
  }
  return out
}
