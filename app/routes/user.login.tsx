// Login (spec 2.4): idStr and password; notices for type reg, nvf and verified.
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useActionData, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { Route } from './+types/user.login'
import { req, serviceCtx } from '~/lib/context.server'
import { safeRedirect } from '~/lib/guards.server'
import { SESSION_COOKIE, serializeCookie } from '~/lib/cookies.server'
import { required } from '~/lib/forms'
import { ServiceError } from '~/services/core.server'
import { userService } from '~/services/user.server'
import { FormErrors, Honeypot, TextField } from '~/components/form/TextField'
import { PageTitle } from '~/lib/title'

export const LoginSchema = z.object({
  idStr: required('account:validation.emptyEmail'),
  password: z.string({ error: 'account:validation.emptyPassword' }).min(1, 'account:validation.emptyPassword'),
  redirectTo: z.string().optional(),
  resume: z.string().optional(),
  website: z.string().max(0).optional(),
})

const TYPES = ['reg', 'nvf', 'verified'] as const

export async function loader({ context, params }: Route.LoaderArgs) {
  if (req(context).user) throw redirect('/ways')
  const type = TYPES.find((t) => t === params.type) ?? null
  return { type }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: LoginSchema })
  if (submission.status !== 'success') return data(submission.reply({ hideFields: ['password'] }), { status: 400 })
  const { idStr, password, redirectTo, resume } = submission.value
  try {
    const result = await userService.login(serviceCtx(context), { idStr, password, platformConstant: 'WEB' })
    const r = req(context)
    const maxAge = (new Date(result.sessionValidityDate).getTime() - Date.now()) / 1000
    const cookie = serializeCookie(SESSION_COOKIE, result.session, { httpOnly: true, secure: r.server.secure, maxAge: 90 * 24 * 3600 > maxAge ? 90 * 24 * 3600 : maxAge })
    let to = result.passwordUpdateRequired ? '/user/password-update-required' : safeRedirect(redirectTo, '/ways')
    if (resume && !result.passwordUpdateRequired) to = `/user/resume/${encodeURIComponent(resume)}?redirectTo=${encodeURIComponent(safeRedirect(redirectTo, '/ways'))}`
    return redirect(to, { headers: { 'Set-Cookie': cookie } })
  } catch (e) {
    if (e instanceof ServiceError) {
      // Spec 2.4: on PROF_NOT_VERIFIED the password field and its errors are cleared → login with type nvf.
      if (e.constant === 'PROF_NOT_VERIFIED') return redirect('/user/login/nvf')
      if (e.constant === 'TOO_MANY_REQUESTS') return data(submission.reply({ formErrors: ['errors:TOO_MANY_REQUESTS'], hideFields: ['password'] }), { status: 429 })
      return data(submission.reply({ formErrors: [`errors:${e.constant}`], hideFields: ['password'] }), { status: 400 })
    }
    throw e
  }
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account')
  const lastResult = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(LoginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const type = loaderData.type
  return (
    <div className="card stack">
      <PageTitle>{t('login.title')}</PageTitle>
      <h1>{t('login.title')}</h1>
      {type === 'reg' && <p className="notice notice--success">{t('login.notice.reg')}</p>}
      {type === 'verified' && <p className="notice notice--success">{t('login.notice.verified')}</p>}
      {type === 'nvf' && (
        <div className="notice notice--warning">
          <p>{t('login.notice.nvf')}</p>
          <p>
            <Link to="/user/reset-registration">{t('login.notice.resend')}</Link>
          </p>
        </div>
      )}
      {searchParams.get('resume') && <p className="notice notice--info">{t('login.notice.resume')}</p>}
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        <input type="hidden" name="resume" value={searchParams.get('resume') ?? ''} />
        <Honeypot />
        <TextField field={fields.idStr} label={t('login.idStr')} type="email" autoComplete="username" />
        <TextField field={fields.password} label={t('login.password')} type="password" autoComplete="current-password" />
        <button type="submit" className="btn btn--primary btn--block">
          {t('login.submit')}
        </button>
      </Form>
      <ul className="link-list">
        <li>
          <Link to="/user/register">{t('login.register')}</Link>
        </li>
        <li>
          <Link to="/user/reset-password">{t('login.forgot')}</Link>
        </li>
        <li>
          <Link to="/user/reset-registration">{t('login.resend')}</Link>
        </li>
      </ul>
    </div>
  )
}
