// Register: e-mail, password and confirmation; alias, firstName and lastName are sent as well.
// Success → login with type reg. An address that already has an account gets the same answer (ADR 007).
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useActionData } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/user.register'
import { serviceCtx } from '~/lib/context.server'
import { serviceErrorReply } from '~/lib/account.server'
import { isBot } from '~/lib/honeypot.server'
import { RegisterSchema } from '~/lib/register.server'
import { REGISTER_CONSTRAINTS, type RegisterFields } from '~/lib/account-constraints'
import { userService } from '~/services/user.server'
import { FormErrors, Honeypot, TextField } from '~/components/form/TextField'
import { PageTitle } from '~/components/layout/PageTitle'

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  if (await isBot(context, formData)) return redirect('/user/login/reg')
  const submission = parseWithZod(formData, { schema: RegisterSchema })
  const hideFields = ['password', 'confirmPassword']
  if (submission.status !== 'success') return data(submission.reply({ hideFields }), { status: 400 })
  const v = submission.value
  try {
    await userService.register(serviceCtx(context), {
      pers: { alias: v.alias ?? null, firstName: v.firstName ?? null, lastName: v.lastName ?? null, idStr: v.email },
      pwd: v.password,
      platformConstant: 'WEB',
    })
  } catch (e) {
    return serviceErrorReply(submission, e, { hideFields })
  }
  return redirect('/user/login/reg')
}

export default function Register() {
  const { t } = useTranslation('account')
  const lastResult = useActionData<typeof action>()
  // No schema in the browser: native constraints on the fields, the server's translated errors in its answer.
  const [form, fields] = useForm<RegisterFields>({ lastResult, constraint: REGISTER_CONSTRAINTS })
  return (
    <div className="card stack">
      <PageTitle>{t('register.title')}</PageTitle>
      <h1>{t('register.title')}</h1>
      <p>{t('register.intro')}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors errors={form.errors} id={form.errorId} />
        <Honeypot />
        <TextField field={fields.email} label={t('register.email')} type="email" autoComplete="email" />
        <TextField
          field={fields.password}
          label={t('register.password')}
          hint={t('register.passwordHint')}
          type="password"
          autoComplete="new-password"
        />
        <TextField
          field={fields.confirmPassword}
          label={t('register.confirmPassword')}
          type="password"
          autoComplete="new-password"
        />
        <fieldset className="fieldset stack account-optional">
          <legend className="fieldset__legend">{t('register.about')}</legend>
          <p className="field__hint">{t('register.aboutHint')}</p>
          <TextField field={fields.firstName} label={t('register.firstName')} autoComplete="given-name" />
          <TextField field={fields.lastName} label={t('register.lastName')} autoComplete="family-name" />
          <TextField field={fields.alias} label={t('register.alias')} autoComplete="nickname" />
        </fieldset>
        <button type="submit" className="btn btn--primary btn--block">
          {t('register.submit')}
        </button>
      </Form>
      <p>
        <Link to="/user/login">{t('register.haveAccount')}</Link>
      </p>
    </div>
  )
}
