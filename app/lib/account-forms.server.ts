// The account and session forms' schemas, one home (server only: no page validates with a schema in the browser;
// the fields carry the native constraints of account-constraints.ts, and a test compares the two). Messages are
// catalogue keys (account:…).
import { z } from 'zod'
import { PASSWORD_MIN_LENGTH } from '~/domain/password'

/** A required trimmed string; the message is a catalogue key. */
const required = (key: string) => z.string({ error: key }).trim().min(1, key)
const email = (requiredKey: string, invalidKey: string) => required(requiredKey).pipe(z.email({ error: invalidKey }))
const minLen = (requiredKey: string, min: number, minKey: string) =>
  z.string({ error: requiredKey }).min(1, requiredKey).min(min, minKey)
/** A password the participant chooses: at least the one minimum (domain/password.ts). */
const newPassword = (requiredKey: string, minKey: string) => minLen(requiredKey, PASSWORD_MIN_LENGTH, minKey).max(1000)
const currentPassword = minLen(
  'account:validation.emptyCurrentPassword',
  PASSWORD_MIN_LENGTH,
  'account:validation.minCurrentPassword',
).max(1000)
const confirmation = z.string({ error: 'account:validation.emptyConfirm' }).min(1, 'account:validation.emptyConfirm')
const optionalText = z.string().trim().max(200).optional()

/** The confirmation's error when it differs from the password it confirms. */
const mismatch = (message: string) => ({ path: ['confirmPassword'], message })

/** Login: idStr (the login name, which is the e-mail address) required, password required. */
export const LoginSchema = z.object({
  idStr: required('account:validation.emptyEmail'),
  password: z.string({ error: 'account:validation.emptyPassword' }).min(1, 'account:validation.emptyPassword'),
  redirectTo: z.string().optional(),
  resume: z.string().optional(),
})

/**
 * Register: e-mail required and valid; password required, at least the minimum; confirmation required and equal to
 * the password; alias, first and last name optional.
 */
export const RegisterSchema = z
  .object({
    email: email('account:validation.emptyEmail', 'account:validation.invalidEmail'),
    password: newPassword('account:validation.emptyPassword', 'account:validation.minPassword'),
    confirmPassword: confirmation,
    alias: optionalText,
    firstName: optionalText,
    lastName: optionalText,
  })
  .refine((v) => v.password === v.confirmPassword, mismatch('account:validation.confirmMismatchRegister'))

/** Reset password, reset registration: e-mail required and valid. */
export const EmailRequestSchema = z.object({
  email: email('account:validation.emptyEmail', 'account:validation.invalidEmail'),
})

/**
 * Set password from the reset link: the new password meets the one minimum (a shorter one could never be given as
 * the current password afterwards) and the confirmation matches it.
 */
export const SetPasswordSchema = z
  .object({
    password: newPassword('account:validation.emptyPassword', 'account:validation.minPassword'),
    confirmPassword: confirmation,
  })
  .refine((v) => v.password === v.confirmPassword, mismatch('account:validation.confirmMismatch'))

/**
 * Update password (/user/update-password and the forced change on /user/password-update-required): current
 * password required, at least the minimum; new password likewise; confirmation required and equal to the new one.
 */
export const UpdatePasswordSchema = z
  .object({
    currentPassword,
    newPassword: newPassword('account:validation.emptyNewPassword', 'account:validation.minNewPassword'),
    confirmPassword: confirmation,
  })
  .refine((v) => v.newPassword === v.confirmPassword, mismatch('account:validation.confirmMismatch'))

/** Delete account: current password required, at least the minimum. */
export const DeleteAccountSchema = z.object({ currentPassword })

/** Logout: everywhere=1 (the form on the change-password page) ends every session of the account. */
export const LogoutSchema = z.object({ everywhere: z.string().max(10).optional() })

/** The cookie banner's OK: where to go back to (checked by safeRedirect; the home page otherwise). */
export const ConsentSchema = z.object({ redirectTo: z.string().max(2000).optional() })
