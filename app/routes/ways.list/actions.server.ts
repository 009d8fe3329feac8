// The ways list's posts, one row per intent (form schema → handler): the report flow, the quick confirmation on a
// card, merging two neighbouring ways and undoing a split or merge, and marking a day without ways (or taking the
// mark back). Each answers with a redirect to the list page, at the card or day it concerns, with a toast; with
// JavaScript a card's confirmation and a mode picked on it are answered in place (ADR 305, 307).
import { authed, req, type Ctx } from '~/lib/context.server'
import { handler, type IntentTable } from '~/lib/intents.server'
import { failure, flashToasts, redirectWithToast, runOrToast, success } from '~/lib/http.server'
import { redirect } from 'react-router'
import {
  ListMergeSchema,
  ListUndoSchema,
  NoTripDaySchema,
  NoTripDaysSchema,
  PickModeSchema,
  QuickConfirmSchema,
} from '~/lib/trip-forms'
import { modeDialogHref } from '~/components/trip/ModePickDialog'
import { parseDayRange } from '~/domain/noTripRuns'
import { noTripRunExpandQuery } from '~/components/trip/NoTripRun'
import { confirmLeavesTab, LIST_FILTER_PARAMS, listCardHref, listPath, type ListFilter } from '~/domain/waysUrls'
import { parseIdText } from '~/domain/ids'
import { isDateParam } from '~/domain/timeInput'
import { tripService } from '~/services/trip.server'
import { confirmWithPurpose } from '~/services/trip/confirm.server'
import { mergeWays, setLegModes, undoEdit } from '~/lib/way-calls.server'
import { listPageOf } from '~/services/trip/navigation.server'
import { reportIntents } from '../ways.report.server'
import { cardNow } from './cards.server'

export type ListActionArgs = {
  context: Ctx
  filter: ListFilter
  page: number
  /** The list page posted from; where a service error's toast is shown. */
  back: string
}

/** The card of a way on the page of the tab that shows it now (a merge or an undo moves ways between pages). */
const cardOf = async (context: Ctx, filter: ListFilter, id: number) =>
  listCardHref(filter, await listPageOf(authed(context), id, LIST_FILTER_PARAMS[filter]), id)

/** The day's place on the list page. */
const dayAnchor = (back: string, day: string | undefined) => (day && isDateParam(day) ? `${back}#day-${day}` : back)

export const listActions = {
  ...reportIntents,
  'confirm-way': handler(
    QuickConfirmSchema,
    async ({ tripId, purposeId, version, next, inPlace }, { context, filter, page }: ListActionArgs) => {
      const to = listCardHref(filter, page, tripId)
      // From an old version: the card as stored now, with the purpose that was chosen still selected.
      const again = purposeId ? `${listPath(filter, page, tripId)}?retryPurpose=${purposeId}#trip-${tripId}` : to
      await runOrToast(context, to, (ctx) => confirmWithPurpose(ctx, { id: tripId, purposeId, version }), again)
      const done = success('common:success.wayConfirmed')
      // With JavaScript the answer is the confirmed way's id, once the write is done: the card leaves a tab that no
      // longer shows it at once, and the page's data follows (the toast with it) without holding the next tap.
      if (inPlace) {
        flashToasts(context, [done])
        return { confirmed: tripId }
      }
      // A tab that no longer shows the way: the review goes on at the card that followed it.
      const shown = confirmLeavesTab(filter) && next ? listCardHref(filter, page, next) : to
      return redirectWithToast(context, shown, done)
    },
    {
      // The card has no place for a field error: back to the card with the message as a toast.
      invalid: async ({ context, filter, page, back }: ListActionArgs, submission) => {
        const tripId = typeof submission.payload.tripId === 'string' ? parseIdText(submission.payload.tripId) : null
        return redirectWithToast(
          context,
          tripId ? listCardHref(filter, page, tripId) : back,
          failure('ways:quick.choosePurpose'),
        )
      },
    },
  ),
  'pick-mode': handler(PickModeSchema, async ({ tripId, legId, mode, version, inPlace }, args: ListActionArgs) => {
    const { context, filter, page } = args
    const to = listCardHref(filter, page, tripId)
    // From an old version: the picker again, showing the stored mode, with the picked one offered for one tap.
    const again = `${listPath(filter, page, tripId)}${modeDialogHref(legId, '', mode)}`
    const result = await runOrToast(context, to, (ctx) => setLegModes(ctx, legId, [mode], version), again)
    // The mode it already had: nothing was written, and no success is claimed.
    const unchanged = version !== undefined && result.version === version
    const done = success('common:success.legUpdated')
    // With JavaScript the answer is the way's card as stored now, once the write is done: the picker closes and the
    // card shows the new mode (and the version its other forms send) without waiting for the page's data.
    if (inPlace) {
      if (!unchanged) flashToasts(context, [done])
      return { picked: legId, card: await cardNow(authed(context), req(context).locale, tripId) }
    }
    return unchanged ? redirect(to) : redirectWithToast(context, to, done)
  }),
  // Two neighbouring ways merged from between their cards; back to the merged way's card, which offers the undo.
  'merge-ways': handler(
    ListMergeSchema,
    async ({ tripId, version, withId, withVersion }, { context, filter, page }: ListActionArgs) => {
      const merged = await runOrToast(context, listCardHref(filter, page, tripId), (ctx) =>
        mergeWays(ctx, { ids: [tripId, withId], versions: [version, withVersion] }),
      )
      return redirectWithToast(context, await cardOf(context, filter, merged.id), success('common:success.waysMerged'))
    },
  ),
  'undo-edit': handler(ListUndoSchema, async ({ tripId, version }, { context, filter, page }: ListActionArgs) => {
    const [restored] = await runOrToast(context, listCardHref(filter, page, tripId), (ctx) =>
      undoEdit(ctx, { id: tripId, version }),
    )
    return redirectWithToast(context, await cardOf(context, filter, restored.id), success('common:success.editUndone'))
  }),
  'set-zero-trip-day': handler(NoTripDaySchema, async ({ day = '', expand }, { context, back }: ListActionArgs) => {
    // From a day of a run shown one by one: the rest of that run stays open.
    const range = parseDayRange(expand)
    const to = dayAnchor(range ? `${back}${noTripRunExpandQuery(range)}` : back, day)
    await runOrToast(context, to, (ctx) => tripService.setZeroTripDay(ctx, { day }))
    return redirectWithToast(context, to, success('common:success.noTripDaySet'))
  }),
  'unset-zero-trip-day': handler(NoTripDaySchema, async ({ day = '' }, { context, back }: ListActionArgs) => {
    // The day may join a run again: shown one by one, so that it stays in view.
    const to = isDateParam(day) ? `${back}${noTripRunExpandQuery({ from: day, to: day })}#day-${day}` : back
    await runOrToast(context, to, (ctx) => tripService.deleteZeroTripDay(ctx, { day }))
    return redirectWithToast(context, to, success('ways:review.unmarked'))
  }),
  // A run of days without ways confirmed in one go.
  'set-zero-trip-days': handler(
    NoTripDaysSchema,
    async ({ from = '', to: last = '' }, { context, back }: ListActionArgs) => {
      const range = parseDayRange(`${from}..${last}`)
      const to = range ? `${back}${noTripRunExpandQuery(range)}#day-${range.to}` : back
      const marked = await runOrToast(context, to, (ctx) => tripService.setZeroTripDays(ctx, { from, to: last }))
      return redirectWithToast(
        context,
        range ? `${back}#day-${range.to}` : back,
        success('ways:noTrips.run.saved', { count: marked.days.length }),
      )
    },
  ),
} satisfies IntentTable<ListActionArgs>
