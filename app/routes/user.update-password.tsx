// Update password: info text and a form in a narrow column (main layout, login required).
// Success: every session ends and this browser continues with a fresh token; back here with a toast. Below, a form
// to log out everywhere (posts to /user/logout).
import { Form, useActionData } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/user.update-password'
import { authed } from '~/lib/context.server'
import { serviceErrorReply, sessionCookie } from '~/lib/account.server'
import { redirectWithToast, success } from '~/lib/http.server'
import { UpdatePasswordSchema } from '~/lib/account-forms.server'
import { replyFor } from '~/lib/forms'
import { handler, runForm } from '~/lib/intents.server'
import { userService } from '~/services/user.server'
import { UpdatePasswordForm } from '~/components/form/UpdatePasswordForm'
import { PageTitle } from '~/components/layout/PageTitle'

const hide = ['currentPassword', 'newPassword', 'confirmPassword']

export async function action({ request, context }: Route.ActionArgs) {
  const form = handler(
    UpdatePasswordSchema,
    async ({ currentPassword, newPassword }, _: null, submission) => {
      let session: string
      try {
        ;({ session } = await userService.updatePassword(authed(context), { currentPassword, newPassword }))
      } catch (e) {
        return serviceErrorReply(submission, e, { hideFields: hide, fields: { WRONG_PASSWORD: 'currentPassword' } })
      }
      return redirectWithToast(context, '/user/update-password', success('common:success.passwordUpdated'), {
        headers: { 'Set-Cookie': sessionCookie(context, session) },
      })
    },
    { hide },
  )
  return runForm(form, await request.formData(), null)
}

export default function UpdatePassword() {
  const { t } = useTranslation('account')
  const reply = replyFor(useActionData<typeof action>())
  return (
    <div className="narrow stack">
      <PageTitle>{t('updatePassword.title')}</PageTitle>
      <h1>{t('updatePassword.title')}</h1>
      <p>{t('updatePassword.intro')}</p>
      <div className="card">
        <UpdatePasswordForm reply={reply} submitLabel={t('updatePassword.submit')} />
      </div>
      <Form method="post" action="/user/logout" className="card stack" aria-labelledby="logout-everywhere">
        <h2 id="logout-everywhere">{t('logoutEverywhere.title')}</h2>
        <p>{t('logoutEverywhere.intro')}</p>
        <input type="hidden" name="everywhere" value="1" />
        <div>
          <button type="submit" className="btn btn--secondary">
            {t('logoutEverywhere.submit')}
          </button>
        </div>
      </Form>
    </div>
  )
}
