// The one-e-mail-field account pages (reset password, reset registration): same form, texts from `keys`.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, Link, useActionData } from 'react-router'
import { useTranslation } from 'react-i18next'
import { EMAIL_REQUEST_CONSTRAINTS, type EmailRequestFields } from '~/lib/account-constraints'
import { FormErrors, Honeypot, TextField } from '~/components/form/TextField'
import { PageTitle } from '~/components/layout/PageTitle'

/** keys: 'resetPassword' or 'resetRegistration' (title, intro, email, submit in the account namespace). */
export function EmailRequestPage({ keys }: { keys: 'resetPassword' | 'resetRegistration' }) {
  const { t } = useTranslation('account')
  const lastResult = useActionData<SubmissionResult<string[]>>()
  // No schema in the browser: native constraints on the field, the server's translated errors in its answer.
  const [form, fields] = useForm<EmailRequestFields>({ lastResult, constraint: EMAIL_REQUEST_CONSTRAINTS })
  return (
    <div className="card stack">
      <PageTitle>{t(`${keys}.title`)}</PageTitle>
      <h1>{t(`${keys}.title`)}</h1>
      <p>{t(`${keys}.intro`)}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors errors={form.errors} id={form.errorId} />
        <Honeypot />
        <TextField field={fields.email} label={t(`${keys}.email`)} type="email" autoComplete="email" />
        <button type="submit" className="btn btn--primary btn--block">
          {t(`${keys}.submit`)}
        </button>
      </Form>
      <p>
        <Link to="/user/login">{t('backToLogin')}</Link>
      </p>
    </div>
  )
}
