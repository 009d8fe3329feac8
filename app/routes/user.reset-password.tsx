// Reset password (spec 2.4): one e-mail field. Known and unknown addresses get the same answer, in the same time
// (ADR 007); success → login with a toast.
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useActionData } from 'react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { Route } from './+types/user.reset-password'
import { serviceCtx } from '~/lib/context.server'
import { isBot, serviceErrorReply } from '~/lib/account.server'
import { redirectWithToast, success } from '~/lib/http.server'
import { email } from '~/lib/forms'
import { userService } from '~/services/user.server'
import { FormErrors, Honeypot, TextField } from '~/components/form/TextField'
import { PageTitle } from '~/lib/title'

/** Spec 5: "Reset password, reset registration: e-mail required and valid." */
export const ResetPasswordSchema = z.object({
  email: email('account:validation.emptyEmail', 'account:validation.invalidEmail'),
  website: z.string().optional(),
})

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const done = () => redirectWithToast(context, '/user/login', success('common:success.resetRequested'))
  if (isBot(formData)) return done()
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  try {
    await userService.resetPassword(serviceCtx(context), { emailAddr: submission.value.email })
  } catch (e) {
    return serviceErrorReply(submission, e)
  }
  return done()
}

export default function ResetPassword() {
  const { t } = useTranslation('account')
  const lastResult = useActionData<typeof action>()
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(ResetPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  return (
    <div className="card stack">
      <PageTitle>{t('resetPassword.title')}</PageTitle>
      <h1>{t('resetPassword.title')}</h1>
      <p>{t('resetPassword.intro')}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors errors={form.errors} id={form.errorId} />
        <Honeypot />
        <TextField field={fields.email} label={t('resetPassword.email')} type="email" autoComplete="email" />
        <button type="submit" className="btn btn--primary btn--block">
          {t('resetPassword.submit')}
        </button>
      </Form>
      <p>
        <Link to="/user/login">{t('backToLogin')}</Link>
      </p>
    </div>
  )
}
