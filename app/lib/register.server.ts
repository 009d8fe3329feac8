// The registration schema lives on the server only: the page validates with native constraints and the server's
// translated errors, so zod is not sent to the browser.
import { z } from 'zod'
import { PASSWORD_MIN_LENGTH } from '~/domain/password'
import { email, minLen } from '~/lib/account-forms'

const optionalText = z.string().trim().max(200).optional()

/**
 * Register: e-mail required and valid; password required, at least 3 characters; confirmation required
 * and equal to the password.
 */
export const RegisterSchema = z
  .object({
    email: email('account:validation.emptyEmail', 'account:validation.invalidEmail'),
    password: minLen('account:validation.emptyPassword', PASSWORD_MIN_LENGTH, 'account:validation.minPassword').max(
      1000,
    ),
    confirmPassword: z.string({ error: 'account:validation.emptyConfirm' }).min(1, 'account:validation.emptyConfirm'),
    alias: optionalText,
    firstName: optionalText,
    lastName: optionalText,
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'account:validation.confirmMismatchRegister',
  })
