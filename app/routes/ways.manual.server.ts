// Loader and action logic shared by /ways/add/{date?} and /ways/edit/{id}. The manual screen's save: id '0' means a
// new way (add); any other id means update. Not a route module.
import { data } from 'react-router'
import { authed, req, type Ctx } from '~/lib/context.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { parseIdText } from '~/domain/ids'
import { errorToast, failure, redirectWithToast, success } from '~/lib/http.server'
import { readWayForm, wayFormLeg, type WayFormValues } from '~/domain/manualWayForm'
import type { FormReply } from '~/lib/forms'
import { handler, runForm } from '~/lib/intents.server'
import { wayFormSchema } from '~/lib/way-forms'
import { FIRST_LIST_PAGE, listCardHref } from '~/domain/waysUrls'
import type { WayFormData } from '~/components/ways/ManualWayForm'
import { dayInZone, formatDayTime } from '~/domain/time'
import { listTrafficModes, listTripPurposes } from '~/services/info.server'
import { ServiceError } from '~/services/core.server'
import { addManualWay, updateManualWay } from '~/lib/way-calls.server'
import { manualTripForEdit } from '~/services/trip/manual.server'
import { listPageOf } from '~/services/trip/navigation.server'

const LIST_URL = FIRST_LIST_PAGE

/** A service error on the form: a stale edit has its own message, any other its constant's. */
const serviceMessage = (e: ServiceError) =>
  e.constant === 'TRIP_CHANGED' ? 'ways:editStale.message' : `errors:${e.constant}`

function today(context: Ctx): string {
  return dayInZone(authed(context).now(), req(context).app.env.STUDY_TIME_ZONE)
}

/** Now in the study zone as day, hour and minute (the add form's defaults are never later). */
export function nowInZone(context: Ctx): { day: string; hour: number; minute: number } {
  const wall = formatDayTime(authed(context).now(), req(context).app.env.STUDY_TIME_ZONE) // 'YYYY-MM-DD HH:mm'
  return { day: wall.slice(0, 10), hour: Number(wall.slice(11, 13)), minute: Number(wall.slice(14, 16)) }
}

export async function formData(
  context: Ctx,
  id: number,
  values: WayFormValues,
  reply: FormReply | null = null,
  version?: number,
): Promise<WayFormData> {
  const ctx = authed(context)
  return {
    id,
    values,
    reply,
    purposes: await listTripPurposes(ctx),
    modes: listTrafficModes(ctx.locale),
    today: today(context),
    version,
  }
}

/** "Go back" (after 'ways.editWay.doesntExist'): to the page the participant came from, else the list. */
function backUrl(request: Request): string {
  const referer = request.headers.get('Referer')
  if (!referer) return LIST_URL
  try {
    const from = new URL(referer)
    if (
      from.origin !== new URL(request.url).origin ||
      from.pathname.startsWith('/ways/edit') ||
      from.pathname.startsWith('/ways/add')
    )
      return LIST_URL
    if (from.pathname.startsWith('/user/')) return LIST_URL
    return safeRedirect(from.pathname + from.search, LIST_URL)
  } catch {
    return LIST_URL
  }
}

/** The edit page's way, or a redirect with a toast: unknown, foreign or not manual → 'ways.editWay.doesntExist'. */
export async function loadEditable(context: Ctx, request: Request, idParam: string | undefined) {
  const ctx = authed(context)
  const id = parseIdText(idParam)
  if (id == null) throw redirectWithToast(context, backUrl(request), failure('ways:editWay.doesntExist'))
  try {
    const trip = await manualTripForEdit(ctx, id)
    if (!trip.legs[0]) throw new ServiceError('LEG_NOT_FOUND')
    return trip as typeof trip & { legs: [(typeof trip.legs)[number], ...typeof trip.legs] }
  } catch (e) {
    if (e instanceof ServiceError) throw redirectWithToast(context, backUrl(request), editFailure(e))
    throw e
  }
}

function editFailure(e: ServiceError) {
  return e.constant === 'TRIP_NOT_FOUND' || e.constant === 'TRIP_NOT_MANUAL' || e.constant === 'LEG_NOT_FOUND'
    ? failure('ways:editWay.doesntExist')
    : errorToast(e)
}

/**
 * Saves the posted form: id '0' → addTrip, otherwise updateTrip of `expectedId` (the edit route's id). Validation
 * errors answer 400 with the form as entered; success redirects (PRG) to the list page showing the way, with a toast.
 */
export async function saveWay(
  context: Ctx,
  request: Request,
  expected: { id: number; previous: WayFormValues; legId?: number; version?: number },
) {
  const ctx = authed(context)
  const form = await request.formData()
  // The form names the way it edits ('0' for a new one): a post meant for another way is refused.
  if (form.getAll('id').join(',') !== String(expected.id)) throw data('Unknown way id', { status: 400 })
  const schema = wayFormSchema(expected.previous, { timeZone: req(context).app.env.STUDY_TIME_ZONE, now: ctx.now() })
  const save = handler(
    schema,
    async (values, _: null, submission) => {
      const leg = wayFormLeg(values, expected.legId)
      let tripId: number
      try {
        // The version the form was rendered with; a form without one (an old page) counts as stale.
        tripId =
          expected.id === 0
            ? await addManualWay(ctx, leg)
            : await updateManualWay(ctx, expected.id, leg, values.version ?? '-1')
      } catch (e) {
        if (!(e instanceof ServiceError)) throw e
        if (
          expected.id !== 0 &&
          ['TRIP_NOT_FOUND', 'TRIP_NOT_MANUAL', 'LEG_NOT_FOUND', 'TRIP_CONFIRMED', 'TRIP_REPORTED'].includes(e.constant)
        ) {
          throw redirectWithToast(context, LIST_URL, editFailure(e))
        }
        // After a stale save the form (as entered) carries the current version: saving it again is deliberate.
        const version = e.constant === 'TRIP_CHANGED' ? Number(e.details?.version) : expected.version
        const reply = submission.reply({ formErrors: [serviceMessage(e)] })
        return data(await formData(context, expected.id, values, reply, version), { status: 400 })
      }
      // The list page that shows the way, with the way highlighted (the list's `:id` segment).
      const page = await listPageOf(ctx, tripId)
      return redirectWithToast(
        context,
        listCardHref('all', page, tripId),
        success(expected.id === 0 ? 'common:success.wayCreated' : 'common:success.wayUpdated'),
      )
    },
    {
      // Not saved: the form as entered (hours and minutes clamped), its fields marked with their messages.
      invalid: async (_: null, submission) =>
        data(
          await formData(
            context,
            expected.id,
            readWayForm(form, expected.previous),
            submission.reply(),
            expected.version,
          ),
          { status: 400 },
        ),
    },
  )
  // Invalid input answers the form as entered (`invalid` above), never the bare reply.
  return (await runForm(save, form, null)) as Awaited<ReturnType<typeof save.run>>
}
