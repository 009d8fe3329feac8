// The change-password form (fields currentPassword, newPassword, confirmPassword; the names are fixed), shared by
// /user/update-password and the forced change on /user/password-update-required.
import { useTranslation } from 'react-i18next'
import { UPDATE_PASSWORD_CONSTRAINTS } from '~/lib/account-constraints'
import type { FormReply } from '~/lib/forms'
import { AccountField, AccountForm, NewPasswordFields } from './AccountField'

export function UpdatePasswordForm({ reply, submitLabel }: { reply: FormReply | undefined; submitLabel: string }) {
  const { t } = useTranslation('account')
  return (
    <AccountForm reply={reply}>
      <AccountField
        name="currentPassword"
        label={t('updatePassword.currentPassword')}
        type="password"
        autoComplete="current-password"
        reply={reply}
        constraints={UPDATE_PASSWORD_CONSTRAINTS}
      />
      <NewPasswordFields
        names={{ password: 'newPassword', confirm: 'confirmPassword' }}
        labels={{
          password: t('updatePassword.newPassword'),
          hint: t('updatePassword.newPasswordHint'),
          confirm: t('updatePassword.confirmPassword'),
        }}
        reply={reply}
        constraints={UPDATE_PASSWORD_CONSTRAINTS}
      />
      <button type="submit" className="btn btn--primary btn--block">
        {submitLabel}
      </button>
    </AccountForm>
  )
}
