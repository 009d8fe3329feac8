// Form schemas shared by more than one account page (server and client). Messages are i18n keys (account:…).
import { z } from 'zod'
import { email, minLen } from './forms'
import { PASSWORD_MIN_LENGTH } from '~/domain/password'

/**
 * Update password: current password required, at least 3; new password required, at least 3; confirmation
 * required and equal to the new one. Custom message: 'Your confirmation does not match your new password.'
 * Used by /user/update-password and the forced change on /user/password-update-required.
 */
export const UpdatePasswordSchema = z
  .object({
    currentPassword: minLen(
      'account:validation.emptyCurrentPassword',
      PASSWORD_MIN_LENGTH,
      'account:validation.minCurrentPassword',
    ).max(1000),
    newPassword: minLen(
      'account:validation.emptyNewPassword',
      PASSWORD_MIN_LENGTH,
      'account:validation.minNewPassword',
    ).max(1000),
    confirmPassword: z.string({ error: 'account:validation.emptyConfirm' }).min(1, 'account:validation.emptyConfirm'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'account:validation.confirmMismatch',
  })

/** Delete account: current password required, at least 3. */
export const DeleteAccountSchema = z.object({
  currentPassword: minLen(
    'account:validation.emptyCurrentPassword',
    PASSWORD_MIN_LENGTH,
    'account:validation.minCurrentPassword',
  ).max(1000),
})

/** Reset password, reset registration: e-mail required and valid. */
export const EmailRequestSchema = z.object({
  email: email('account:validation.emptyEmail', 'account:validation.invalidEmail'),
})
