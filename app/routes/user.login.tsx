// Login: the login name (idStr, the e-mail address) and password; notices for type reg, nvf and verified. A logged-in user goes to /ways
// directly. After login: the forced password change, a kept form post (/user/resume/:id) or redirectTo.
import { data, Link, redirect, useActionData, useLocation, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/user.login'
import { req, serviceCtx } from '~/lib/context.server'
import { PASSWORD_UPDATE_PATH } from '~/lib/guards.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { login, serviceErrorReply, sessionCookie } from '~/lib/account.server'
import { isBot } from '~/lib/honeypot.server'
import { LoginSchema } from '~/lib/account-forms.server'
import { LOGIN_CONSTRAINTS } from '~/lib/account-constraints'
import { replyFor, type FormReply } from '~/lib/forms'
import { handler, runForm } from '~/lib/intents.server'
import { ServiceError } from '~/services/core.server'
import { deleteSession } from '~/services/session.server'
import { AccountField, AccountForm, Honeypot } from '~/components/form/AccountField'
import { Notice } from '~/components/ui'
import { PageTitle } from '~/components/layout/PageTitle'
import type { ScriptsHandle } from '~/root'

const TYPES = ['reg', 'nvf', 'verified'] as const

// Nothing here that JavaScript could enhance (a plain post, the server's errors, links): the page loads no scripts.
export const handle: ScriptsHandle = { scripts: false }

export async function loader({ context, params }: Route.LoaderArgs) {
  if (req(context).user) throw redirect('/ways')
  const type = TYPES.find((t) => t === params.type) ?? null
  if (params.type && !type) throw redirect('/user/login')
  return { type }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  if (await isBot(context, formData)) return redirect('/ways')
  // The form's handler is made here, in the action: nothing of the schema stays in the page's browser code.
  const form = handler(
    LoginSchema,
    async ({ idStr, password, redirectTo, resume }, _: null, submission) => {
      // The target is made safe before a session exists, so no session is created that its answer cannot carry.
      const back = safeRedirect(redirectTo, '/ways')
      try {
        const result = await login(serviceCtx(context), { email: idStr, password })
        // The browser's earlier session (if it still had one) ends: its cookie is replaced by the new token (ADR 181).
        const earlier = req(context).sessionToken
        if (earlier) await deleteSession(req(context).app.database.db, earlier)
        let to = back
        if (result.passwordUpdateRequired) to = PASSWORD_UPDATE_PATH
        else if (resume) to = `/user/resume/${encodeURIComponent(resume)}?redirectTo=${encodeURIComponent(back)}`
        return redirect(to, { headers: { 'Set-Cookie': sessionCookie(context, result.session) } })
      } catch (e) {
        // On PROF_NOT_VERIFIED the password field and its errors are cleared → login with type nvf.
        if (e instanceof ServiceError && e.constant === 'PROF_NOT_VERIFIED') return redirect('/user/login/nvf')
        if (e instanceof ServiceError && e.constant === 'INVALID_CREDENTIALS') {
          return data(
            submission.reply({ formErrors: ['account:validation.invalidEmailPassword'], hideFields: ['password'] }),
            { status: 400 },
          )
        }
        return serviceErrorReply(submission, e, { hideFields: ['password'] })
      }
    },
    { hide: ['password'] },
  )
  return runForm(form, formData, null)
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account')
  const lastResult = replyFor(useActionData<typeof action>())
  const location = useLocation()
  const [searchParams] = useSearchParams()
  const type = loaderData.type
  // A redirect back to this page (PROF_NOT_VERIFIED → /user/login/nvf) must clear the password and the errors
  // also with JavaScript, where the same inputs would stay: a new navigation mounts a new form.
  const formKey = lastResult ? location.pathname : `${location.pathname}:${location.key}`
  return (
    <div className="card stack">
      <PageTitle>{t('login.title')}</PageTitle>
      <h1>{t('login.title')}</h1>
      {type === 'reg' && (
        <Notice type="success" role="status">
          <p>{t('login.notice.reg')}</p>
        </Notice>
      )}
      {type === 'verified' && (
        <Notice type="success" role="status">
          <p>{t('login.notice.verified')}</p>
        </Notice>
      )}
      {type === 'nvf' && (
        <Notice type="warning" role="status">
          <p>{t('login.notice.nvf')}</p>
          <p>
            <Link to="/user/reset-registration">{t('login.notice.resend')}</Link>
          </p>
        </Notice>
      )}
      {searchParams.get('resume') && (
        <Notice type="info">
          <p>{t('login.notice.resume')}</p>
        </Notice>
      )}
      <LoginForm
        key={formKey}
        reply={lastResult}
        redirectTo={searchParams.get('redirectTo') ?? ''}
        resume={searchParams.get('resume') ?? ''}
      />
      <nav aria-label={t('login.more')}>
        <ul className="link-list">
          <li>
            <Link to="/user/register">{t('login.register')}</Link>
          </li>
          <li>
            <Link to="/user/reset-password">{t('login.forgot')}</Link>
          </li>
          <li>
            <Link to="/user/reset-registration">{t('login.resend')}</Link>
          </li>
        </ul>
      </nav>
    </div>
  )
}

function LoginForm({
  reply,
  redirectTo,
  resume,
}: {
  reply: FormReply | undefined
  redirectTo: string
  resume: string
}) {
  const { t } = useTranslation('account')
  // No schema in the browser: the fields carry the native constraints the schema implies, and the server's answer
  // (validated with the schema) brings the translated errors, with and without JavaScript.
  return (
    <AccountForm reply={reply}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="resume" value={resume} />
      <Honeypot />
      <AccountField
        name="idStr"
        label={t('login.email')}
        type="email"
        autoComplete="username"
        reply={reply}
        constraints={LOGIN_CONSTRAINTS}
      />
      <AccountField
        name="password"
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        reply={reply}
        constraints={LOGIN_CONSTRAINTS}
      />
      <button type="submit" className="btn btn--primary btn--block">
        {t('login.submit')}
      </button>
    </AccountForm>
  )
}
