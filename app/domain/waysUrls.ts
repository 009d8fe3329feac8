// The addresses of the ways pages, in one place: the list (/ways/list/{filter}/{id?}/page/{page}, where id marks
// the way to bring into view) and a way's page (/ways/tripDetails/{id}, with ?list={filter} naming the list tab it
// was opened from, so "back to the list" returns there).

export const LIST_FILTERS = ['all', 'unconfirmed', 'confirmed', 'qtnsUnanswered'] as const
export type ListFilter = (typeof LIST_FILTERS)[number]

/** What each tab shows, as the trip service's list filter. */
export const LIST_FILTER_PARAMS: Record<ListFilter, { validationStatus?: boolean; qtnsAnswered?: boolean }> = {
  all: {},
  unconfirmed: { validationStatus: false },
  confirmed: { validationStatus: true, qtnsAnswered: true },
  qtnsUnanswered: { validationStatus: true, qtnsAnswered: false },
}

/** A way confirmed on its card leaves a tab that shows only unconfirmed ways: the review goes on at the next card. */
export const confirmLeavesTab = (filter: ListFilter) => LIST_FILTER_PARAMS[filter].validationStatus === false

/** The fetcher of a card's confirmation, shared by the form and the list slot that hides the card once it is done. */
export const confirmFetcherKey = (tripId: number) => `confirm-${tripId}`

/** The fetcher of the list's mode picker (one picker is open at a time), shared by the picker and the page's cards. */
export const MODE_PICK_FETCHER_KEY = 'mode-pick'

export const isListFilter = (f: string | null | undefined): f is ListFilter =>
  (LIST_FILTERS as readonly string[]).includes(f ?? '')

export const listPath = (filter: string, page: number, id?: number | null) =>
  `/ways/list/${filter}${id ? `/${id}` : ''}/page/${page}`

/** The list page that shows a way, scrolled to and marking its card. */
export const listCardHref = (filter: string, page: number, id: number) => `${listPath(filter, page, id)}#trip-${id}`

/** A way's page; opened from a list tab other than "all", it remembers the tab. */
export const wayPath = (id: number, from?: ListFilter | null) =>
  `/ways/tripDetails/${id}${from && from !== 'all' ? `?list=${from}` : ''}`

export const FIRST_LIST_PAGE = listPath('all', 1)
