// The forced password change after an expired password (an expired password forces a change right
// after login: logout and login again). Start layout; the guard lets this one page through.
import { redirect, useActionData } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/user.password-update-required'
import { authed } from '~/lib/context.server'
import { loginGuard } from '~/lib/guards.server'
import { clearSessionCookie, serviceErrorReply } from '~/lib/account.server'
import { redirectWithToast, success } from '~/lib/http.server'
import { UpdatePasswordSchema } from '~/lib/account-forms.server'
import { replyFor } from '~/lib/forms'
import { handler, runForm } from '~/lib/intents.server'
import { userService } from '~/services/user.server'
import { UpdatePasswordForm } from '~/components/form/UpdatePasswordForm'
import { PageTitle } from '~/components/layout/PageTitle'

const hide = ['currentPassword', 'newPassword', 'confirmPassword']

// The guard lets a participant whose password must be changed through to this one page.
export const middleware: Route.MiddlewareFunction[] = [loginGuard({ allowPasswordUpdate: true })]

export async function loader({ context }: Route.LoaderArgs) {
  const { user } = authed(context)
  if (!user.passwordUpdateRequired) throw redirect('/ways')
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = authed(context)
  if (!user.passwordUpdateRequired) throw redirect('/ways')
  const form = handler(
    UpdatePasswordSchema,
    async ({ currentPassword, newPassword }, _: null, submission) => {
      const ctx = authed(context)
      try {
        await userService.updatePassword(ctx, { currentPassword, newPassword })
      } catch (e) {
        return serviceErrorReply(submission, e, { hideFields: hide, fields: { WRONG_PASSWORD: 'currentPassword' } })
      }
      // Then logout (every session, the one the change issued included) and login again.
      await userService.logoutEverywhere(ctx, {})
      return redirectWithToast(context, '/user/login', success('account:passwordUpdateRequired.done'), {
        headers: { 'Set-Cookie': clearSessionCookie(context) },
      })
    },
    { hide },
  )
  return runForm(form, await request.formData(), null)
}

export default function PasswordUpdateRequired() {
  const { t } = useTranslation('account')
  const reply = replyFor(useActionData<typeof action>())
  return (
    <div className="card stack">
      <PageTitle>{t('passwordUpdateRequired.title')}</PageTitle>
      <h1>{t('passwordUpdateRequired.title')}</h1>
      <p>{t('passwordUpdateRequired.intro')}</p>
      <UpdatePasswordForm reply={reply} submitLabel={t('passwordUpdateRequired.submit')} />
    </div>
  )
}
