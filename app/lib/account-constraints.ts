// The native constraints of the account forms, written out so the browser needs no schema library to know them
// (no page validates with a schema in the browser: the server's translated errors come back in its reply). They
// must match what the server's schemas require (a test compares them with account-forms.server.ts).
export const LOGIN_CONSTRAINTS = { idStr: { required: true }, password: { required: true } }

export const EMAIL_REQUEST_CONSTRAINTS = { email: { required: true } }

export const REGISTER_CONSTRAINTS = {
  email: { required: true },
  password: { required: true },
  confirmPassword: { required: true },
  alias: { required: false },
  firstName: { required: false },
  lastName: { required: false },
}

export const SET_PASSWORD_CONSTRAINTS = { password: { required: true }, confirmPassword: { required: true } }

export const UPDATE_PASSWORD_CONSTRAINTS = {
  currentPassword: { required: true },
  newPassword: { required: true },
  confirmPassword: { required: true },
}

export const DELETE_ACCOUNT_CONSTRAINTS = { currentPassword: { required: true } }
