// /campaign/questionnaire/{initial|final}: the campaign's initial or final questionnaire, one question at
// a time (Back, Next, Complete the survey), or a notice why it cannot be answered now. Any other filter: 404.
// Every Back and Next saves a draft on the server; Complete sends the answers and goes back to /campaign/info.
import { data, Link, redirect, useActionData } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/campaign.questionnaire'
import { authed } from '~/lib/context.server'
import { flowForm, flowQueryFrom, outcomeSearch, readFlowPost } from '~/lib/questionnaire-form.server'
import { errorToast, failure, redirectWithToast, success, flashToasts } from '~/lib/http.server'
import { PageTitle } from '~/components/layout/PageTitle'
import { Notice, buttonClass } from '~/components/ui'
import { QuestionnaireRunner } from '~/components/questionnaire/QuestionnaireRunner'
import { campaignPage, type CampaignQuestionnaireType } from '~/services/questionnaire/campaign-page.server'
import { flowPost } from '~/services/questionnaire/flow-post.server'
import { flowView } from '~/services/questionnaire/flow-view.server'
import { flowReply } from '~/lib/questionnaire-form'
import { replyFor } from '~/lib/forms'

/** The buttons of the questionnaire's form. */
const FORM = flowForm(['next', 'skip', 'back', 'complete', 'open'])

function typeOf(filter: string | undefined): CampaignQuestionnaireType {
  if (filter === 'initial') return 'INITIAL'
  if (filter === 'final') return 'FINAL'
  throw data('Not found', { status: 404 })
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const type = typeOf(params.filter)
  const page = await campaignPage(authed(context), type)
  if (page.state !== 'open') return { type, page, view: null }
  return { type, page: { state: 'open' as const }, view: await flowView(page.flow, flowQueryFrom(url.searchParams)) }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const type = typeOf(params.filter)
  const here = `/campaign/questionnaire/${params.filter}`
  const form = await request.formData()
  const post = await readFlowPost(FORM, form)
  const ctx = authed(context)
  const page = await campaignPage(ctx, type)
  // Not answerable (any more): the page says why.
  if (page.state !== 'open') return redirect(here)
  const outcome = await flowPost(page.flow, post, page.submit)
  switch (outcome.kind) {
    case 'show': {
      if (outcome.error && outcome.error.reason !== 'incomplete') {
        // Validation error: 400, shown next to the question (the draft keeps what was entered).
        return data(flowReply(outcome.error), { status: 400 })
      }
      return redirect(`${here}?${outcomeSearch(outcome, { withError: true })}`)
    }
    case 'completed':
      return redirectWithToast(
        context,
        '/campaign/info',
        success(`common:success.${type === 'INITIAL' ? 'initial' : 'final'}CampaignQuestionnaireAnswered`),
      )
    case 'failed': {
      const headers = new Headers({ Location: here })
      flashToasts(context, [failure('questionnaire:flow.sendFailed'), errorToast(outcome.error)])
      return new Response(null, { status: 302, headers })
    }
    case 'gone':
      return redirect(here)
  }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('questionnaire')
  const actionReply = replyFor(useActionData<typeof action>())
  const { type, page } = loaderData
  const title = t(`titles.${type}`)
  const back = (
    <p>
      <Link to="/campaign/info">{t('page.back')}</Link>
    </p>
  )
  let body: React.ReactNode
  switch (page.state) {
    case 'noCampaign':
      body = (
        <Notice title={t('info.noCampaign.title')}>
          <p>{t('info.noCampaign.text')}</p>
        </Notice>
      )
      break
    case 'none':
      body = (
        <Notice>
          <p>{t('page.notAvailable', { type: t(`types.${type}`) })}</p>
        </Notice>
      )
      break
    case 'from':
      body = (
        <Notice>
          <p>{t('page.from', { date: page.date })}</p>
        </Notice>
      )
      break
    case 'until':
      body = (
        <Notice>
          <p>{t('page.until', { date: page.date })}</p>
        </Notice>
      )
      break
    case 'answered':
      body = (
        <>
          <Notice type="success">
            <p>{t('page.answered')}</p>
          </Notice>
          {back}
        </>
      )
      break
    case 'locked':
      body = (
        <>
          <Notice type="warning">
            <p>{t('page.initialFirst')}</p>
          </Notice>
          <p>
            <Link className={buttonClass({ variant: 'primary' })} to="/campaign/questionnaire/initial">
              {t('page.toInitial')}
            </Link>
          </p>
        </>
      )
      break
    default: {
      const view = loaderData.view
      if (!view) break
      body = (
        <QuestionnaireRunner
          view={view}
          reply={actionReply}
          action={`/campaign/questionnaire/${type.toLowerCase()}`}
          boxed
        />
      )
    }
  }
  return (
    <section className="stack qtn-page">
      <PageTitle>{title}</PageTitle>
      <h1>{title}</h1>
      {body}
    </section>
  )
}
