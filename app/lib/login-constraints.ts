// The login fields' native constraints, written out so the browser needs no schema library to know them.
// They must match what the server's schema requires (a test compares them).
export const LOGIN_CONSTRAINTS = { idStr: { required: true }, password: { required: true } }

/** The fields the login form posts. */
export type LoginFields = { idStr: string; password: string; redirectTo?: string; resume?: string }
