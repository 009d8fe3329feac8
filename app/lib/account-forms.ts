// Form schemas shared by more than one account page (server and client). Messages are i18n keys (account:…).
import { z } from 'zod'
import { PASSWORD_MIN_LENGTH } from '~/domain/password'

/** A required trimmed string; the message is an i18n key. */
export const required = (key: string) => z.string({ error: key }).trim().min(1, key)
export const email = (requiredKey: string, invalidKey: string) =>
  required(requiredKey).pipe(z.email({ error: invalidKey }))
export const minLen = (requiredKey: string, min: number, minKey: string) =>
  z.string({ error: requiredKey }).min(1, requiredKey).min(min, minKey)

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
