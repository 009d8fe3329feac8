// Delete account: info text, the current password with a show/hide toggle (works without JS), then the
// account and all its data are removed and the participant is logged out.
import { useActionData } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/user.delete-account'
import { authed } from '~/lib/context.server'
import { clearSessionCookie, serviceErrorReply } from '~/lib/account.server'
import { redirectWithToast, success } from '~/lib/http.server'
import { DeleteAccountSchema } from '~/lib/account-forms.server'
import { DELETE_ACCOUNT_CONSTRAINTS } from '~/lib/account-constraints'
import { replyFor } from '~/lib/forms'
import { handler, runForm } from '~/lib/intents.server'
import { userService } from '~/services/user.server'
import { AccountField, AccountForm } from '~/components/form/AccountField'
import { Notice } from '~/components/ui'
import { PageTitle } from '~/components/layout/PageTitle'

export async function action({ request, context }: Route.ActionArgs) {
  const hide = ['currentPassword']
  const form = handler(
    DeleteAccountSchema,
    async ({ currentPassword }, _: null, submission) => {
      try {
        await userService.deleteProfile(authed(context), { currentPassword })
      } catch (e) {
        return serviceErrorReply(submission, e, { hideFields: hide, fields: { WRONG_PASSWORD: 'currentPassword' } })
      }
      // The sessions went with the account (cascade); the cookie goes now.
      return redirectWithToast(context, '/user/login', success('account:deleteAccount.done'), {
        headers: { 'Set-Cookie': clearSessionCookie(context) },
      })
    },
    { hide },
  )
  return runForm(form, await request.formData(), null)
}

export default function DeleteAccount() {
  const { t } = useTranslation('account')
  const reply = replyFor(useActionData<typeof action>())
  return (
    <div className="narrow stack">
      <PageTitle>{t('deleteAccount.title')}</PageTitle>
      <h1>{t('deleteAccount.title')}</h1>
      <Notice type="warning">
        <p>{t('deleteAccount.intro')}</p>
      </Notice>
      <div className="card">
        <AccountForm reply={reply}>
          <AccountField
            name="currentPassword"
            label={t('deleteAccount.currentPassword')}
            hint={t('deleteAccount.confirm')}
            type="password"
            autoComplete="current-password"
            reveal={t('deleteAccount.show')}
            reply={reply}
            constraints={DELETE_ACCOUNT_CONSTRAINTS}
          />
          <button type="submit" className="btn btn--danger btn--block">
            {t('deleteAccount.submit')}
          </button>
        </AccountForm>
      </div>
    </div>
  )
}
