// The one-e-mail-field account pages (reset password, reset registration): same form, texts from `keys`.
import { Link, useActionData } from 'react-router'
import { useTranslation } from 'react-i18next'
import { EMAIL_REQUEST_CONSTRAINTS } from '~/lib/account-constraints'
import { replyFor } from '~/lib/forms'
import { AccountField, AccountForm, Honeypot } from '~/components/form/AccountField'
import { PageTitle } from '~/components/layout/PageTitle'

/** keys: 'resetPassword' or 'resetRegistration' (title, intro, email, submit in the account namespace). */
export function EmailRequestPage({ keys }: { keys: 'resetPassword' | 'resetRegistration' }) {
  const { t } = useTranslation('account')
  const reply = replyFor(useActionData())
  return (
    <div className="card stack">
      <PageTitle>{t(`${keys}.title`)}</PageTitle>
      <h1>{t(`${keys}.title`)}</h1>
      <p>{t(`${keys}.intro`)}</p>
      <AccountForm reply={reply}>
        <Honeypot />
        <AccountField
          name="email"
          label={t(`${keys}.email`)}
          type="email"
          autoComplete="email"
          reply={reply}
          constraints={EMAIL_REQUEST_CONSTRAINTS}
        />
        <button type="submit" className="btn btn--primary btn--block">
          {t(`${keys}.submit`)}
        </button>
      </AccountForm>
      <p>
        <Link to="/user/login">{t('backToLogin')}</Link>
      </p>
    </div>
  )
}
