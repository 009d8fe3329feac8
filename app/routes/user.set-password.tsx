// Set password from the reset link: new password and confirmation; e-mail and verstr come from the
// link's query. Without them → login. Success → login with a toast.
import { PASSWORD_MIN_LENGTH } from '~/domain/password'
import { minLen } from '~/lib/account-forms'
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useActionData } from 'react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { Route } from './+types/user.set-password'
import { serviceCtx } from '~/lib/context.server'
import { serviceErrorReply } from '~/lib/account.server'
import { redirectWithToast, success } from '~/lib/http.server'
import { userService } from '~/services/user.server'
import { FormErrors, TextField } from '~/components/form/TextField'
import { PageTitle } from '~/components/layout/PageTitle'

/**
 * The new password meets the one minimum (domain/password.ts) — a shorter one could never be given as the current
 * password afterwards — and the confirmation matches it.
 */
export const SetPasswordSchema = z
  .object({
    password: minLen('account:validation.emptyPassword', PASSWORD_MIN_LENGTH, 'account:validation.minPassword').max(
      1000,
    ),
    confirmPassword: z.string({ error: 'account:validation.emptyConfirm' }).min(1, 'account:validation.emptyConfirm'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'account:validation.confirmMismatch',
  })

function linkParams(url: URL) {
  const email = url.searchParams.get('email')?.trim()
  const verstr = url.searchParams.get('verstr')?.trim()
  return email && verstr ? { email, verstr } : null
}

export async function loader({ url }: Route.LoaderArgs) {
  const link = linkParams(url)
  if (!link) throw redirect('/user/login')
  return { email: link.email }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const link = linkParams(url)
  if (!link) throw redirect('/user/login')
  const submission = parseWithZod(await request.formData(), { schema: SetPasswordSchema })
  const hideFields = ['password', 'confirmPassword']
  if (submission.status !== 'success') return data(submission.reply({ hideFields }), { status: 400 })
  try {
    await userService.setPassword(serviceCtx(context), {
      emailAddr: link.email,
      password: submission.value.password,
      verificationStr: link.verstr,
    })
  } catch (e) {
    return serviceErrorReply(submission, e, { hideFields })
  }
  return redirectWithToast(context, '/user/login', success('common:success.newPasswordSet'))
}

export default function SetPassword({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account')
  const lastResult = useActionData<typeof action>()
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(SetPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SetPasswordSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const tokenFailed = form.errors?.includes('errors:TOKEN_INVALID_OR_EXPIRED')
  return (
    <div className="card stack">
      <PageTitle>{t('setPassword.title')}</PageTitle>
      <h1>{t('setPassword.title')}</h1>
      <p>{t('setPassword.intro', { email: loaderData.email })}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors errors={form.errors} id={form.errorId} />
        {tokenFailed && (
          <p>
            <Link to="/user/reset-password">{t('setPassword.requestNew')}</Link>
          </p>
        )}
        {/* For password managers: the account this password belongs to. */}
        <input type="email" name="username" value={loaderData.email} autoComplete="username" readOnly hidden />
        <TextField
          field={fields.password}
          label={t('setPassword.password')}
          type="password"
          autoComplete="new-password"
        />
        <TextField
          field={fields.confirmPassword}
          label={t('setPassword.confirmPassword')}
          type="password"
          autoComplete="new-password"
        />
        <button type="submit" className="btn btn--primary btn--block">
          {t('setPassword.submit')}
        </button>
      </Form>
      <p>
        <Link to="/user/login">{t('backToLogin')}</Link>
      </p>
    </div>
  )
}
