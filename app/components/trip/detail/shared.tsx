// Small pieces shared by the trip detail page's parts (app/routes/ways.trip-details/).
import type { LegView, WayView } from '~/lib/way-view'
import { HiddenFields } from '~/components/ui'

export type DetailTrip = WayView
export type DetailLeg = LegView

/** 'YYYY-MM-DD HH:mm' → 'HH:mm'. */
export const timeOf = (dayTime: string) => dayTime.slice(11, 16)

/** The hidden fields every form of the page carries: the intent and the way's version (stale → TRIP_CHANGED). */
export function FormBasics({ intent, version }: { intent: string; version: number }) {
  return <HiddenFields fields={{ intent, version }} />
}

/** The page's submit button (disabled and aria-busy while a form is sent): one for every page, in components/ui. */
export { SubmitButton } from '~/components/ui'

/** A URL of the page: the current search params with changes (null removes), plus an optional #hash. */
export function hrefWith(
  pathname: string,
  search: URLSearchParams,
  changes: Record<string, string | number | null>,
  hash?: string,
): string {
  const next = new URLSearchParams(search)
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) next.delete(k)
    else next.set(k, String(v))
  }
  const qs = next.toString()
  return `${pathname}${qs ? `?${qs}` : ''}${hash ? `#${hash}` : ''}`
}
