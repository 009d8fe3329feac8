// Posts of the trip detail's questionnaire step (owned by the questionnaire feature): Back, Next, Skip, Complete and the
// copy-to-later-legs answer. Always answers with a redirect back to /ways/tripDetails/:id?view=questionnaire (PRG,
// works without JavaScript); errors and notices about the current question travel in the search parameters.
import { data, redirect } from 'react-router'
import type { Route } from './+types/ways.trip-questionnaire'
import { authed } from '~/lib/context.server'
import { flowForm, outcomeSearch, readFlowPost } from '~/lib/questionnaire-form.server'
import { idParam } from '~/lib/route-params'
import { wayPath } from '~/domain/waysUrls'
import { errorToast, failure, redirectWithToast, success, flashToasts } from '~/lib/http.server'
import { ServiceError } from '~/services/core.server'
import { tripRun } from '~/services/questionnaire-step.server'
import { flowPost } from '~/services/questionnaire/flow-post.server'

/** The buttons of the questionnaire's form. */
const FORM = flowForm(['next', 'skip', 'back', 'complete', 'open', 'copy-yes', 'copy-no'])

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`${wayPath(idParam(params.id))}?view=questionnaire#questionnaire`)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = idParam(params.id)
  const back = wayPath(id)
  const panel = (search = new URLSearchParams()) => {
    search.set('view', 'questionnaire')
    // view first, then the flow's own parameters
    const ordered = new URLSearchParams([['view', 'questionnaire'], ...[...search].filter(([k]) => k !== 'view')])
    return `${back}?${ordered}#questionnaire`
  }
  const form = await request.formData()
  const post = await readFlowPost(FORM, form)
  const ctx = authed(context)
  let run
  try {
    run = await tripRun(ctx, id)
  } catch (e) {
    if (e instanceof ServiceError && e.constant === 'TRIP_NOT_FOUND') throw data('Not found', { status: 404 })
    throw e
  }
  if (!run.ready) return redirectWithToast(context, back, failure('errors:WRONG_STEP'))
  const outcome = await flowPost(run.flow, post, run.submit)
  switch (outcome.kind) {
    case 'show':
      return redirect(panel(outcomeSearch(outcome, { withError: true })))
    case 'completed':
      return redirectWithToast(context, back, success('common:success.wayQuestionnaireAnswered'))
    case 'failed':
      return sendFailed(context, panel(), outcome.error)
    case 'gone':
      // The questions posted from are no longer asked (answered or changed in another tab): said, never dropped
      // silently; the panel shows what is current.
      return redirectWithToast(context, panel(), failure('questionnaire:flow.gone'))
  }
}

/** A failed send keeps the drafts and says so (two toasts: what happened, and the error itself). */
function sendFailed(context: Route.ActionArgs['context'], to: string, error: ServiceError) {
  const headers = new Headers({ Location: to })
  flashToasts(context, [failure('questionnaire:flow.sendFailed'), errorToast(error)])
  return new Response(null, { status: 302, headers })
}
