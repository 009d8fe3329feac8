// The way's page's posts, one row per intent (form schema → handler). Every form carries the way's `version`;
// each handler redirects back with a toast (a service error: back with an error toast), so every post works
// without JavaScript. Invalid input answers 400 with the form's reply; the dialog shows the error by its field.
import { redirect } from 'react-router'
import type { Ctx } from '~/lib/context.server'
import { authed } from '~/lib/context.server'
import { handler, type IntentTable } from '~/lib/intents.server'
import { redirectWithToast, runOrToast, success } from '~/lib/http.server'
import {
  LegSchema,
  MergeSchema,
  SetLegModesSchema,
  SetLegPurposesSchema,
  SetPurposesSchema,
  SplitSchema,
  WaySchema,
} from '~/lib/trip-forms'
import { listPath, wayPath, type ListFilter } from '~/domain/waysUrls'
import { tripService } from '~/services/trip.server'
import { copyWay, deleteWay, mergeWays, setLegModes, splitWay, undoEdit } from '~/lib/way-calls.server'
import { tripDetail } from '~/services/trip/edit.server'
import { reportIntents } from '../ways.report.server'

export type TripActionArgs = {
  context: Ctx
  id: number
  /** The list tab the page was opened from (kept across every post). */
  from: ListFilter | null
  /** The way's page; also where a service error's toast is shown. */
  back: string
}

/** The way's page with more search parameters. */
const at = (here: string, query: string) => `${here}${here.includes('?') ? '&' : '?'}${query}`
const run = <T>(context: Ctx, back: string, fn: Parameters<typeof runOrToast<T>>[2], changed?: string) =>
  runOrToast(context, back, fn, changed)
/**
 * A dialog again after a post from an old version: it shows what is stored now and holds what was entered. No
 * #fragment: the dialog is the page's first content anyway, and a fragment would keep the browser from focusing the
 * error message (its autofocus) without JavaScript.
 */
const again = (back: string, dialog: string, query: Record<string, string | number>) =>
  at(back, new URLSearchParams({ dialog, ...query } as Record<string, string>).toString())

/** A one-tap request refused as out of date: the page with that request offered again (trip/detail AgainDialog). */
const retry = (back: string, request: string, query: Record<string, string | number> = {}) =>
  again(back, 'again', { do: request, ...query })

export const tripDetailActions = {
  ...reportIntents,
  'set-purposes': handler(SetPurposesSchema, async ({ purposes, version }, { context, id, back }: TripActionArgs) => {
    await run(
      context,
      back,
      (ctx) => tripService.setTripPurposes(ctx, { id, purposeIds: purposes, version }),
      again(back, 'purpose', { retry: purposes.join() }),
    )
    return redirectWithToast(context, back, success('common:success.wayUpdated'))
  }),
  'set-leg-purposes': handler(
    SetLegPurposesSchema,
    async ({ legId, purposes, version }, { context, back }: TripActionArgs) => {
      await run(
        context,
        back,
        (ctx) => tripService.updateLeg(ctx, { leg: { id: legId, tripPurposes: purposes }, version }),
        again(back, 'purpose', { leg: legId, retry: purposes.join() }),
      )
      return redirectWithToast(context, at(back, `leg=${legId}`), success('common:success.legUpdated'))
    },
  ),
  'set-leg-modes': handler(
    SetLegModesSchema,
    async ({ legId, modes, version, go }, { context, id, back }: TripActionArgs) => {
      const result = await run(
        context,
        back,
        (ctx) => setLegModes(ctx, legId, modes, version),
        again(back, 'modes', { leg: legId, retry: modes.join() }),
      )
      // Back / Next open the neighbouring leg's selector (the selector has back, ok and next buttons).
      const detail = await tripDetail(authed(context), id)
      const index = detail.trip.legs.findIndex((l) => l.id === legId)
      const target =
        go === 'next' ? detail.trip.legs[index + 1] : go === 'prev' ? detail.trip.legs[index - 1] : undefined
      if (target && detail.trip.way.allows.setModes)
        return redirect(`${at(back, `dialog=modes&leg=${target.id}`)}#modes`)
      const changed = version === undefined || result.version !== version
      const leg = at(back, `leg=${legId}`)
      return changed ? redirectWithToast(context, leg, success('common:success.legUpdated')) : redirect(leg)
    },
  ),
  confirm: handler(WaySchema, async ({ version }, { context, id, back }: TripActionArgs) => {
    // From an old version: the confirm dialog again, listing every leg as stored now.
    await run(context, back, (ctx) => tripService.confirmTrip(ctx, { id, version }), again(back, 'confirm', {}))
    return redirectWithToast(context, back, success('common:success.wayConfirmed'))
  }),
  complete: handler(WaySchema, async ({ version }, { context, id, back }: TripActionArgs) => {
    await run(context, back, (ctx) => tripService.completeTrip(ctx, { id, version }), retry(back, 'complete'))
    return redirectWithToast(context, back, success('common:success.wayUpdated'))
  }),
  'delete-leg': handler(LegSchema, async ({ legId, version }, { context, back }: TripActionArgs) => {
    // From an old version: the delete dialog again, with the leg as stored now.
    await run(
      context,
      back,
      (ctx) => tripService.deleteLegs(ctx, { ids: [legId], version }),
      again(back, 'delete-leg', { leg: legId, retry: 1 }),
    )
    // After deleting, the selection is cleared.
    return redirectWithToast(context, back, success('common:success.legDeleted'))
  }),
  'copy-leg': handler(LegSchema, async ({ legId, version }, { context, back }: TripActionArgs) => {
    const { leg } = await run(
      context,
      back,
      (ctx) => tripService.copyLeg(ctx, { id: legId, version }),
      retry(back, 'copy-leg', { leg: legId }),
    )
    return redirectWithToast(context, at(back, `leg=${leg.id}`), success('common:success.legCopied'))
  }),
  'copy-trip': handler(WaySchema, async ({ version }, { context, id, from, back }: TripActionArgs) => {
    const copy = await run(context, back, (ctx) => copyWay(ctx, { id, version }), retry(back, 'copy-trip'))
    return redirectWithToast(context, wayPath(copy.id, from), success('common:success.wayCopied'))
  }),
  'delete-trip': handler(WaySchema, async (_, { context, id, from }: TripActionArgs) => {
    // Back to the list on an error too: after a double submit the way is gone (TRIP_NOT_FOUND).
    const listPage = listPath(from ?? 'all', 1)
    await run(context, listPage, (ctx) => deleteWay(ctx, id))
    return redirectWithToast(context, listPage, success('common:success.wayDeleted'))
  }),
  split: handler(SplitSchema, async ({ legId, pointIdx, version }, { context, id, from, back }: TripActionArgs) => {
    const [first] = await run(
      context,
      back,
      (ctx) => splitWay(ctx, { id, legId, pointIdx, version }),
      retry(back, 'split', { leg: legId, ...(pointIdx === undefined ? {} : { point: pointIdx }) }),
    )
    return redirectWithToast(context, wayPath(first.id, from), success('common:success.waySplit'))
  }),
  merge: handler(MergeSchema, async ({ withId, version, withVersion }, { context, id, from, back }: TripActionArgs) => {
    const merged = await run(
      context,
      back,
      (ctx) => mergeWays(ctx, { ids: [id, withId], versions: [version, withVersion] }),
      retry(back, 'merge', { with: withId }),
    )
    return redirectWithToast(context, wayPath(merged.id, from), success('common:success.waysMerged'))
  }),
  'undo-edit': handler(WaySchema, async ({ version }, { context, id, from, back }: TripActionArgs) => {
    const [restored] = await run(context, back, (ctx) => undoEdit(ctx, { id, version }), retry(back, 'undo-edit'))
    return redirectWithToast(context, wayPath(restored.id, from), success('common:success.editUndone'))
  }),
} satisfies IntentTable<TripActionArgs>
