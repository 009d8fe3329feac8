// Set password from the reset link: new password and confirmation; the address and the token come from the
// link's query. Without them → login. Success → login with a toast.
import { Link, redirect, useActionData } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/user.set-password'
import { serviceCtx } from '~/lib/context.server'
import { emailLink, serviceErrorReply, setPassword } from '~/lib/account.server'
import { SetPasswordSchema } from '~/lib/account-forms.server'
import { SET_PASSWORD_CONSTRAINTS } from '~/lib/account-constraints'
import { replyFor } from '~/lib/forms'
import { handler, runForm } from '~/lib/intents.server'
import { redirectWithToast, success } from '~/lib/http.server'
import { AccountForm, NewPasswordFields } from '~/components/form/AccountField'
import { PageTitle } from '~/components/layout/PageTitle'

export async function loader({ url }: Route.LoaderArgs) {
  const link = emailLink(url)
  if (!link) throw redirect('/user/login')
  return { email: link.email }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const link = emailLink(url)
  if (!link) throw redirect('/user/login')
  const hide = ['password', 'confirmPassword']
  const form = handler(
    SetPasswordSchema,
    async ({ password }, _: null, submission) => {
      try {
        await setPassword(serviceCtx(context), link, password)
      } catch (e) {
        return serviceErrorReply(submission, e, { hideFields: hide })
      }
      return redirectWithToast(context, '/user/login', success('common:success.newPasswordSet'))
    },
    { hide },
  )
  return runForm(form, await request.formData(), null)
}

export default function SetPassword({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account')
  const reply = replyFor(useActionData<typeof action>())
  const tokenFailed = reply?.error?.['']?.includes('errors:TOKEN_INVALID_OR_EXPIRED')
  return (
    <div className="card stack">
      <PageTitle>{t('setPassword.title')}</PageTitle>
      <h1>{t('setPassword.title')}</h1>
      <p>{t('setPassword.intro', { email: loaderData.email })}</p>
      <AccountForm reply={reply}>
        {tokenFailed && (
          <p>
            <Link to="/user/reset-password">{t('setPassword.requestNew')}</Link>
          </p>
        )}
        {/* For password managers: the account this password belongs to. */}
        <input type="email" name="username" value={loaderData.email} autoComplete="username" readOnly hidden />
        <NewPasswordFields
          labels={{ password: t('setPassword.password'), confirm: t('setPassword.confirmPassword') }}
          reply={reply}
          constraints={SET_PASSWORD_CONSTRAINTS}
        />
        <button type="submit" className="btn btn--primary btn--block">
          {t('setPassword.submit')}
        </button>
      </AccountForm>
      <p>
        <Link to="/user/login">{t('backToLogin')}</Link>
      </p>
    </div>
  )
}
