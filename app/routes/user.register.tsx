// Register: e-mail, password and confirmation; alias, firstName and lastName are sent as well.
// Success → login with type reg. An address that already has an account gets the same answer (ADR 007).
import { Link, redirect, useActionData } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/user.register'
import { serviceCtx } from '~/lib/context.server'
import { register, serviceErrorReply } from '~/lib/account.server'
import { isBot } from '~/lib/honeypot.server'
import { RegisterSchema } from '~/lib/account-forms.server'
import { REGISTER_CONSTRAINTS } from '~/lib/account-constraints'
import { replyFor } from '~/lib/forms'
import { handler, runForm } from '~/lib/intents.server'
import { AccountField, AccountForm, Honeypot, NewPasswordFields } from '~/components/form/AccountField'
import { PageTitle } from '~/components/layout/PageTitle'

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  if (await isBot(context, formData)) return redirect('/user/login/reg')
  const hide = ['password', 'confirmPassword']
  const form = handler(
    RegisterSchema,
    async (person, _: null, submission) => {
      try {
        await register(serviceCtx(context), person)
      } catch (e) {
        return serviceErrorReply(submission, e, { hideFields: hide })
      }
      return redirect('/user/login/reg')
    },
    { hide },
  )
  return runForm(form, formData, null)
}

export default function Register() {
  const { t } = useTranslation('account')
  // No schema in the browser: native constraints on the fields, the server's translated errors in its answer.
  const reply = replyFor(useActionData<typeof action>())
  const field = { reply, constraints: REGISTER_CONSTRAINTS }
  return (
    <div className="card stack">
      <PageTitle>{t('register.title')}</PageTitle>
      <h1>{t('register.title')}</h1>
      <p>{t('register.intro')}</p>
      <AccountForm reply={reply}>
        <Honeypot />
        <AccountField name="email" label={t('register.email')} type="email" autoComplete="email" {...field} />
        <NewPasswordFields
          labels={{
            password: t('register.password'),
            hint: t('register.passwordHint'),
            confirm: t('register.confirmPassword'),
          }}
          {...field}
        />
        <fieldset className="fieldset stack account-optional">
          <legend className="fieldset__legend">{t('register.about')}</legend>
          <p className="field__hint">{t('register.aboutHint')}</p>
          <AccountField name="firstName" label={t('register.firstName')} autoComplete="given-name" {...field} />
          <AccountField name="lastName" label={t('register.lastName')} autoComplete="family-name" {...field} />
          <AccountField name="alias" label={t('register.alias')} autoComplete="nickname" {...field} />
        </fieldset>
        <button type="submit" className="btn btn--primary btn--block">
          {t('register.submit')}
        </button>
      </AccountForm>
      <p>
        <Link to="/user/login">{t('register.haveAccount')}</Link>
      </p>
    </div>
  )
}
