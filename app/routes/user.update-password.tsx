// Update password (spec 2.4): info text and a form in a narrow column (main layout, login required).
// Success: the other sessions end, this one stays; back here with a toast.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, useActionData } from 'react-router'
import { useTranslation } from '~/lib/i18n'
import type { Route } from './+types/user.update-password'
import { serviceCtx } from '~/lib/context.server'
import { requireUser } from '~/lib/guards.server'
import { serviceErrorReply } from '~/lib/account.server'
import { redirectWithToast, success } from '~/lib/http.server'
import { UpdatePasswordSchema } from '~/lib/account-forms'
import { userService } from '~/services/user.server'
import { UpdatePasswordForm } from '~/components/form/UpdatePasswordForm'
import { PageTitle } from '~/lib/title'

const hideFields = ['currentPassword', 'newPassword', 'confirmPassword']

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(context, request)
  const submission = parseWithZod(await request.formData(), { schema: UpdatePasswordSchema })
  if (submission.status !== 'success') return data(submission.reply({ hideFields }), { status: 400 })
  const { currentPassword, newPassword } = submission.value
  try {
    await userService.updatePassword(serviceCtx(context), { currentPassword, newPassword })
  } catch (e) {
    return serviceErrorReply(submission, e, { hideFields, fields: { WRONG_PASSWORD: 'currentPassword' } })
  }
  return redirectWithToast(context, '/user/update-password', success('common:success.passwordUpdated'))
}

export default function UpdatePassword() {
  const { t } = useTranslation('account')
  const lastResult = useActionData<typeof action>()
  return (
    <div className="narrow stack">
      <PageTitle>{t('updatePassword.title')}</PageTitle>
      <h1>{t('updatePassword.title')}</h1>
      <p>{t('updatePassword.intro')}</p>
      <div className="card">
        <UpdatePasswordForm lastResult={lastResult} submitLabel={t('updatePassword.submit')} />
      </div>
    </div>
  )
}
