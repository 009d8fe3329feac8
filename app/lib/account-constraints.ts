// The native constraints of the account forms that carry no schema into the browser (login, registration,
// reset password, reset registration), written out so the browser needs no schema library to know them. They
// must match what the server's schemas require (a test compares them).
export const LOGIN_CONSTRAINTS = { idStr: { required: true }, password: { required: true } }

/** The fields the login form posts. */
export type LoginFields = { idStr: string; password: string; redirectTo?: string; resume?: string }

export const EMAIL_REQUEST_CONSTRAINTS = { email: { required: true } }

/** The field the reset-password and reset-registration forms post. */
export type EmailRequestFields = { email: string }

export const REGISTER_CONSTRAINTS = {
  email: { required: true },
  password: { required: true },
  confirmPassword: { required: true },
  alias: { required: false },
  firstName: { required: false },
  lastName: { required: false },
}

/** The fields the registration form posts. */
export type RegisterFields = {
  email: string
  password: string
  confirmPassword: string
  alias?: string
  firstName?: string
  lastName?: string
}
