// The change-password form (fields currentPassword, newPassword, confirmPassword; the names are fixed), shared by
// /user/update-password and the forced change on /user/password-update-required.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { useTranslation } from 'react-i18next'
import { UpdatePasswordSchema } from '~/lib/account-forms'
import { FormErrors, TextField } from './TextField'

export function UpdatePasswordForm({
  lastResult,
  submitLabel,
}: {
  lastResult?: SubmissionResult<string[]>
  submitLabel: string
}) {
  const { t } = useTranslation('account')
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(UpdatePasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UpdatePasswordSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      <FormErrors errors={form.errors} id={form.errorId} />
      <TextField
        field={fields.currentPassword}
        label={t('updatePassword.currentPassword')}
        type="password"
        autoComplete="current-password"
      />
      <TextField
        field={fields.newPassword}
        label={t('updatePassword.newPassword')}
        hint={t('updatePassword.newPasswordHint')}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        field={fields.confirmPassword}
        label={t('updatePassword.confirmPassword')}
        type="password"
        autoComplete="new-password"
      />
      <button type="submit" className="btn btn--primary btn--block">
        {submitLabel}
      </button>
    </Form>
  )
}
