// Delete account: info text, the current password with a show/hide toggle (works without JS), then the
// account and all its data are removed and the participant is logged out.
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useActionData } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/user.delete-account'
import { authed } from '~/lib/context.server'
import { clearSessionCookie, serviceErrorReply } from '~/lib/account.server'
import { redirectWithToast, success } from '~/lib/http.server'
import { DeleteAccountSchema } from '~/lib/account-forms'
import { userService } from '~/services/user.server'
import { FormErrors } from '~/components/form/TextField'
import { PasswordField } from '~/components/form/PasswordField'
import { Notice } from '~/components/ui'
import { PageTitle } from '~/components/layout/PageTitle'

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: DeleteAccountSchema })
  const hideFields = ['currentPassword']
  if (submission.status !== 'success') return data(submission.reply({ hideFields }), { status: 400 })
  try {
    await userService.deleteProfile(authed(context), { currentPassword: submission.value.currentPassword })
  } catch (e) {
    return serviceErrorReply(submission, e, { hideFields, fields: { WRONG_PASSWORD: 'currentPassword' } })
  }
  // The sessions went with the account (cascade); the cookie goes now.
  return redirectWithToast(context, '/user/login', success('account:deleteAccount.done'), {
    headers: { 'Set-Cookie': clearSessionCookie(context) },
  })
}

export default function DeleteAccount() {
  const { t } = useTranslation('account')
  const lastResult = useActionData<typeof action>()
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(DeleteAccountSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DeleteAccountSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  return (
    <div className="narrow stack">
      <PageTitle>{t('deleteAccount.title')}</PageTitle>
      <h1>{t('deleteAccount.title')}</h1>
      <Notice type="warning">
        <p>{t('deleteAccount.intro')}</p>
      </Notice>
      <div className="card">
        <Form method="post" {...getFormProps(form)} className="stack">
          <FormErrors errors={form.errors} id={form.errorId} />
          <PasswordField
            field={fields.currentPassword}
            label={t('deleteAccount.currentPassword')}
            hint={t('deleteAccount.confirm')}
            showLabel={t('deleteAccount.show')}
          />
          <button type="submit" className="btn btn--danger btn--block">
            {t('deleteAccount.submit')}
          </button>
        </Form>
      </div>
    </div>
  )
}
