// The login form's schema lives on the server only: the login page validates with the browser's own constraints
// and the server's translated errors, so neither zod nor its conform adapter is sent to the browser.
import { z } from 'zod'
import { required } from '~/lib/account-forms'

/** Login: idStr required, password required. */
export const LoginSchema = z.object({
  idStr: required('account:validation.emptyEmail'),
  password: z.string({ error: 'account:validation.emptyPassword' }).min(1, 'account:validation.emptyPassword'),
  redirectTo: z.string().optional(),
  resume: z.string().optional(),
})
