// After logging in again: a form post that arrived with an expired session (kept by the login guard) can be sent again
// with one click, or discarded (ADR 003, 007). "Send again" posts the kept entries here; the row is deleted and a
// 307 redirect makes the browser post the very same entries to the original path (method and body are kept).
import { Form, Link, redirect, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/user.resume'
import { authed, req } from '~/lib/context.server'
import { loginGuard } from '~/lib/guards.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { redirectWithToast, success } from '~/lib/http.server'
import { findPendingPost, takePendingPost } from '~/services/pending-posts.server'
import { Notice } from '~/components/ui'
import { PageTitle } from '~/components/layout/PageTitle'

function backTo(url: URL) {
  return safeRedirect(url.searchParams.get('redirectTo'), '/ways')
}

export const middleware: Route.MiddlewareFunction[] = [loginGuard()]

export async function loader({ url, context, params }: Route.LoaderArgs) {
  const { user } = authed(context)
  const post = await findPendingPost(req(context).app.database.db, user.id, params.id, new Date())
  return { entries: post?.entries ?? null, back: backTo(url) }
}

export async function action({ url, context, params }: Route.ActionArgs) {
  const { user } = authed(context)
  const db = req(context).app.database.db
  const post = await takePendingPost(db, user.id, params.id, new Date())
  if (url.searchParams.has('discard'))
    return redirectWithToast(context, backTo(url), success('account:resume.discarded'))
  if (!post) return redirect(url.pathname + url.search)
  return redirect(safeRedirect(post.path, '/ways'), 307)
}

export default function Resume({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account')
  const location = useLocation()
  const { entries, back } = loaderData
  const query = new URLSearchParams({ redirectTo: back })
  return (
    <div className="card stack">
      <PageTitle>{t('resume.title')}</PageTitle>
      <h1>{t('resume.title')}</h1>
      {entries ? (
        <>
          <p>{t('resume.intro')}</p>
          <p>
            <strong>{t('resume.question')}</strong>
          </p>
          {/* A full page post (reloadDocument): the browser itself must follow the 307 to the original form's path. */}
          <Form method="post" action={`${location.pathname}?${query}`} reloadDocument className="stack">
            {entries.map(([name, value], i) => (
              <input key={i} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="btn btn--primary btn--block">
              {t('resume.send')}
            </button>
            <button
              type="submit"
              formAction={`${location.pathname}?${query}&discard=1`}
              className="btn btn--secondary btn--block"
            >
              {t('resume.discard')}
            </button>
          </Form>
        </>
      ) : (
        <>
          <Notice type="info">
            <p>{t('resume.gone')}</p>
          </Notice>
          <p>
            <Link to={back} className="btn btn--primary btn--block">
              {t('common:actions.next')}
            </Link>
          </p>
        </>
      )}
    </div>
  )
}
